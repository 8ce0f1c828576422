# flamediff-profile 3 folded
# root: process
# event: "task-clock"
# unit: "ns"
# label: "build-A"
# host: "vm"
# kernel: "6.18.44-fc-v1045"
# date: "2026-12-01T18:10:11Z"
# cmdline: "flamediff record -q --label build-A --metric ops_per_sec=^ops/s ([0-9.]+) -o recorded/build-A/run3.profile -- ../../build/demo/a/notify 3"
# samples: 2088 samples
# lost: 0 samples
# duration: 3.027 s
# weight: 2088006264 ns
# stat: notify.ops_per_sec = 8787677 ;
# stat: notify.time.elapsed_time = 3.03 ;
# stat: notify.time.file_system_inputs = 0 ;
# stat: notify.time.file_system_outputs = 0 ;
# stat: notify.time.involuntary_context_switches = 625 ;
# stat: notify.time.major_page_faults = 0 ;
# stat: notify.time.maximum_resident_set_size = 1488 ;
# stat: notify.time.minor_page_faults = 98 ;
# stat: notify.time.percent_of_cpu_this_job_got = 69 ;
# stat: notify.time.system_time = 0.02 ;
# stat: notify.time.user_time = 2.08 ;
# stat: notify.time.voluntary_context_switches = 4 ;
# stat: perf-stat.i.context-switches = 206.785350699044 ;
# stat: perf-stat.i.cpu-clock = 690.09269562397787 ;
# stat: perf-stat.i.cpu-migrations = 0.661334652638263 ;
# stat: perf-stat.i.major-faults = 0 ;
# stat: perf-stat.i.minor-faults = 19.120416599701002 ;
# stat: perf-stat.i.page-faults = 19.449937475685093 ;
# stat: perf-stat.i.task-clock = 690.57584922488729 ;
# stat: perf-stat.ps.context-switches = 206.75236553542467 ;
# stat: perf-stat.ps.cpu-clock = 689.99168183060817 ;
# stat: perf-stat.ps.cpu-migrations = 0.66055068861158051 ;
# stat: perf-stat.ps.major-faults = 0 ;
# stat: perf-stat.ps.minor-faults = 19.155969969735832 ;
# stat: perf-stat.ps.page-faults = 19.486245314041625 ;
# stat: perf-stat.ps.task-clock = 690.474657338151 ;
notify;[ld-linux-x86-64.so.2];_dl_sysdep_parse_arguments 1000003
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;mprotect;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_mprotect_[k];do_mprotect_pkey_[k];tlb_finish_mmu_[k];tlb_flush_mmu_tlbonly_[k];flush_tlb_mm_range_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;[unknown];_dl_map_object;_dl_map_object_from_fd;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];pte_alloc_one_[k];alloc_pages_noprof_[k];alloc_pages_mpol_[k];__alloc_frozen_pages_noprof_[k];get_page_from_freelist_[k];clear_page_erms_[k] 1000003
notify;__res_thread_freeres;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;_int_malloc;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;do_operation.isra.0 1000003
notify;start_thread;notify 9000027
notify;start_thread;worker_loop 12000036
notify;start_thread;worker_loop;do_operation.isra.0 1088003264
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 4000012
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];task_work_run_[k];task_mm_cid_work_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];tlb_remove_table_rcu_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];sched_balance_domains_[k];sched_balance_rq_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0 923002769
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 5000015
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];sched_balance_softirq_[k];sched_balance_update_blocked_averages_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;spin_lock.constprop.0 9000027
notify;start_thread;worker_loop;spin_unlock.constprop.0 16000048
notify;sysmalloc;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_anonymous_page_[k];__pte_alloc_[k];pmd_install_[k];native_set_pmd_[k] 1000003
