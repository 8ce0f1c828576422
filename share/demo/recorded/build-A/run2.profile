# flamediff-profile 3 folded
# root: process
# event: "task-clock"
# unit: "ns"
# label: "build-A"
# host: "vm"
# kernel: "6.18.44-fc-v1045"
# date: "2026-12-01T18:06:32Z"
# cmdline: "flamediff record -q --label build-A --metric ops_per_sec=^ops/s ([0-9.]+) -o recorded/build-A/run2.profile -- ../../build/demo/a/notify 3"
# samples: 1498 samples
# lost: 0 samples
# duration: 3.019 s
# weight: 1498004494 ns
# stat: notify.ops_per_sec = 7728169 ;
# stat: notify.time.elapsed_time = 3.02 ;
# stat: notify.time.file_system_inputs = 0 ;
# stat: notify.time.file_system_outputs = 0 ;
# stat: notify.time.involuntary_context_switches = 487 ;
# stat: notify.time.major_page_faults = 0 ;
# stat: notify.time.maximum_resident_set_size = 1676 ;
# stat: notify.time.minor_page_faults = 97 ;
# stat: notify.time.percent_of_cpu_this_job_got = 50 ;
# stat: notify.time.system_time = 0.04 ;
# stat: notify.time.user_time = 1.48 ;
# stat: notify.time.voluntary_context_switches = 5 ;
# stat: perf-stat.i.context-switches = 161.99909248410157 ;
# stat: perf-stat.i.cpu-clock = 496.66870376641918 ;
# stat: perf-stat.i.cpu-migrations = 1.3163657294769735 ;
# stat: perf-stat.i.major-faults = 0 ;
# stat: perf-stat.i.minor-faults = 14.601289276689629 ;
# stat: perf-stat.i.page-faults = 14.601289276689629 ;
# stat: perf-stat.i.task-clock = 497.0487959091335 ;
# stat: perf-stat.ps.context-switches = 161.96813523966924 ;
# stat: perf-stat.ps.cpu-clock = 496.71527528702137 ;
# stat: perf-stat.ps.cpu-migrations = 1.3248927217968853 ;
# stat: perf-stat.ps.major-faults = 0 ;
# stat: perf-stat.ps.minor-faults = 14.905043120214961 ;
# stat: perf-stat.ps.page-faults = 14.905043120214961 ;
# stat: perf-stat.ps.task-clock = 497.09591862210948 ;
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;munmap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_munmap_[k];__vm_munmap_[k];do_vmi_munmap_[k];do_vmi_align_munmap_[k];vms_complete_munmap_vmas_[k];vms_clear_ptes_[k];tlb_finish_mmu_[k];tlb_flush_mmu_tlbonly_[k];flush_tlb_mm_range_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;[unknown];_dl_map_object;_dl_map_object_from_fd;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];pte_alloc_one_[k];alloc_pages_noprof_[k];alloc_pages_mpol_[k];__alloc_frozen_pages_noprof_[k];get_page_from_freelist_[k];clear_page_erms_[k] 1000003
notify;handle_amd 1000003
notify;start_thread;do_operation.isra.0 2000006
notify;start_thread;notify 3000009
notify;start_thread;worker_loop 8000024
notify;start_thread;worker_loop;do_operation.isra.0 972002916
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 2000006
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__mmdrop_[k];percpu_counter_destroy_many_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];task_work_run_[k];task_mm_cid_work_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];rcu_free_sheaf_[k];__kmem_cache_free_bulk.part.0_[k];__slab_free_[k];slab_update_freelist.isra.0_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];tlb_remove_table_rcu_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];run_timer_softirq_[k];__run_timers_[k];call_timer_fn_[k];try_to_wake_up_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0 475001425
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];rcu_cblist_dequeue_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];swake_up_one_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;spin_lock.constprop.0 1000003
notify;start_thread;worker_loop;spin_unlock.constprop.0 9000027
