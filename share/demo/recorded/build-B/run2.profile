# flamediff-profile 3 folded
# root: process
# event: "task-clock"
# unit: "ns"
# label: "build-B"
# host: "vm"
# kernel: "6.18.44-fc-v1045"
# date: "2026-12-01T18:08:52Z"
# cmdline: "flamediff record -q --label build-B --metric ops_per_sec=^ops/s ([0-9.]+) -o recorded/build-B/run2.profile -- ../../build/demo/b/notify 3"
# samples: 2418 samples
# lost: 0 samples
# duration: 3.026 s
# weight: 2418007254 ns
# stat: notify.ops_per_sec = 17376252 ;
# stat: notify.time.elapsed_time = 3.03 ;
# stat: notify.time.file_system_inputs = 0 ;
# stat: notify.time.file_system_outputs = 0 ;
# stat: notify.time.involuntary_context_switches = 717 ;
# stat: notify.time.major_page_faults = 0 ;
# stat: notify.time.maximum_resident_set_size = 1644 ;
# stat: notify.time.minor_page_faults = 98 ;
# stat: notify.time.percent_of_cpu_this_job_got = 80 ;
# stat: notify.time.system_time = 0.02 ;
# stat: notify.time.user_time = 2.41 ;
# stat: notify.time.voluntary_context_switches = 5 ;
# stat: perf-stat.i.context-switches = 235.96193051112459 ;
# stat: perf-stat.i.cpu-clock = 794.65497232566941 ;
# stat: perf-stat.i.cpu-migrations = 0.66523822517995745 ;
# stat: perf-stat.i.major-faults = 0 ;
# stat: perf-stat.i.minor-faults = 4.05343027473984 ;
# stat: perf-stat.i.page-faults = 4.05343027473984 ;
# stat: perf-stat.i.task-clock = 794.94583758592262 ;
# stat: perf-stat.ps.context-switches = 236.92361862283562 ;
# stat: perf-stat.ps.cpu-clock = 798.5006870034731 ;
# stat: perf-stat.ps.cpu-migrations = 0.66087480787401842 ;
# stat: perf-stat.ps.major-faults = 0 ;
# stat: perf-stat.ps.minor-faults = 3.9652488472441108 ;
# stat: perf-stat.ps.page-faults = 3.9652488472441108 ;
# stat: perf-stat.ps.task-clock = 798.78592123142641 ;
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main 1000003
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;mprotect;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_mprotect_[k];do_mprotect_pkey_[k];tlb_finish_mmu_[k];tlb_flush_mmu_tlbonly_[k];flush_tlb_mm_range_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;__GI___clone_internal 1000003
notify;__strchrnul_evex 1000003
notify;start_thread;notify 20000060
notify;start_thread;worker_loop 18000054
notify;start_thread;worker_loop;do_operation.isra.0 2360007080
notify;start_thread;worker_loop;do_operation.isra.0;asm_common_interrupt_[k];common_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];blk_done_softirq_[k];__blk_mq_free_request_[k];blk_mq_put_tag_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 5000015
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 3000009
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];rcu_free_sheaf_[k];__rcu_free_sheaf_prepare_[k] 2000006
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_report_qs_rnp_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
