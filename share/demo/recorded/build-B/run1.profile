# flamediff-profile 3 folded
# root: process
# event: "task-clock"
# unit: "ns"
# label: "build-B"
# host: "vm"
# kernel: "6.18.44-fc-v1045"
# date: "2026-12-01T18:06:29Z"
# cmdline: "flamediff record -q --label build-B --metric ops_per_sec=^ops/s ([0-9.]+) -o recorded/build-B/run1.profile -- ../../build/demo/b/notify 3"
# samples: 1396 samples
# lost: 0 samples
# duration: 3.042 s
# weight: 1396004188 ns
# stat: notify.ops_per_sec = 8788977 ;
# stat: notify.time.elapsed_time = 3.04 ;
# stat: notify.time.file_system_inputs = 0 ;
# stat: notify.time.file_system_outputs = 0 ;
# stat: notify.time.involuntary_context_switches = 488 ;
# stat: notify.time.major_page_faults = 0 ;
# stat: notify.time.maximum_resident_set_size = 1372 ;
# stat: notify.time.minor_page_faults = 94 ;
# stat: notify.time.percent_of_cpu_this_job_got = 46 ;
# stat: notify.time.system_time = 0.01 ;
# stat: notify.time.user_time = 1.4 ;
# stat: notify.time.voluntary_context_switches = 5 ;
# stat: perf-stat.i.context-switches = 161.16436764314639 ;
# stat: perf-stat.i.cpu-clock = 460.91087624854026 ;
# stat: perf-stat.i.cpu-migrations = 0.33292855280589373 ;
# stat: perf-stat.i.major-faults = 0 ;
# stat: perf-stat.i.minor-faults = 17.973962833788523 ;
# stat: perf-stat.i.page-faults = 17.973962833788523 ;
# stat: perf-stat.i.task-clock = 461.22768733718425 ;
# stat: perf-stat.ps.context-switches = 160.75563506459309 ;
# stat: perf-stat.ps.cpu-clock = 459.72788326243705 ;
# stat: perf-stat.ps.cpu-migrations = 0.32874362998894296 ;
# stat: perf-stat.ps.major-faults = 0 ;
# stat: perf-stat.ps.minor-faults = 18.080899649391863 ;
# stat: perf-stat.ps.page-faults = 18.080899649391863 ;
# stat: perf-stat.ps.task-clock = 460.04381279447267 ;
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;__wcsnlen_ifunc;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];filemap_map_pages_[k];set_pte_range_[k];__pte_[k];__raw_callee_save_pvm_make_pte_[k] 1000003
notify;[unknown];__GI___libc_write;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_write_[k];vfs_write_[k];anon_pipe_write_[k];copy_page_from_iter_[k];_copy_from_iter_[k] 1000003
notify;start_thread;notify 15000045
notify;start_thread;worker_loop 7000021
notify;start_thread;worker_loop;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0 1349004047
notify;start_thread;worker_loop;do_operation.isra.0;asm_common_interrupt_[k];common_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];blk_done_softirq_[k];virtblk_request_done_[k];kfree_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 3000009
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 7000021
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];proc_free_inode_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];put_cred_rcu_[k];security_cred_free_[k];kfree_[k];__memcg_slab_free_hook_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];sched_unregister_group_rcu_[k];unregister_fair_sched_group_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 3000009
notify;sysmalloc;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_anonymous_page_[k];__pte_alloc_[k];pte_alloc_one_[k];alloc_pages_noprof_[k];alloc_pages_mpol_[k];__alloc_frozen_pages_noprof_[k];get_page_from_freelist_[k];clear_page_erms_[k] 1000003
notify;update_active.constprop.0 1000003
