# flamediff-profile 3 folded
# root: process
# event: "task-clock"
# unit: "ns"
# label: "build-B"
# host: "vm"
# kernel: "6.18.44-fc-v1045"
# date: "2026-12-01T18:06:43Z"
# cmdline: "flamediff record -q --label build-B --metric ops_per_sec=^ops/s ([0-9.]+) -o recorded/build-B/run3.profile -- ../../build/demo/b/notify 3"
# samples: 1551 samples
# lost: 0 samples
# duration: 3.036 s
# weight: 1551004653 ns
# stat: notify.ops_per_sec = 9540582 ;
# stat: notify.time.elapsed_time = 3.04 ;
# stat: notify.time.file_system_inputs = 0 ;
# stat: notify.time.file_system_outputs = 0 ;
# stat: notify.time.involuntary_context_switches = 532 ;
# stat: notify.time.major_page_faults = 0 ;
# stat: notify.time.maximum_resident_set_size = 1724 ;
# stat: notify.time.minor_page_faults = 100 ;
# stat: notify.time.percent_of_cpu_this_job_got = 51 ;
# stat: notify.time.system_time = 0.01 ;
# stat: notify.time.user_time = 1.56 ;
# stat: notify.time.voluntary_context_switches = 5 ;
# stat: perf-stat.i.context-switches = 174.25787728763214 ;
# stat: perf-stat.i.cpu-clock = 513.70876233072568 ;
# stat: perf-stat.i.cpu-migrations = 2.271389740233678 ;
# stat: perf-stat.i.major-faults = 0 ;
# stat: perf-stat.i.minor-faults = 21.524012221727691 ;
# stat: perf-stat.i.page-faults = 21.524012221727691 ;
# stat: perf-stat.i.task-clock = 514.13689732630883 ;
# stat: perf-stat.ps.context-switches = 174.2284747738708 ;
# stat: perf-stat.ps.cpu-clock = 513.71790316884744 ;
# stat: perf-stat.ps.cpu-migrations = 2.3054807626032057 ;
# stat: perf-stat.ps.major-faults = 0 ;
# stat: perf-stat.ps.minor-faults = 21.408035652744051 ;
# stat: perf-stat.ps.page-faults = 21.408035652744051 ;
# stat: perf-stat.ps.task-clock = 514.14659710666729 ;
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_wp_page_[k];ptep_clear_flush_[k];flush_tlb_mm_range_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;mprotect;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_mprotect_[k];do_mprotect_pkey_[k];tlb_finish_mmu_[k];tlb_flush_mmu_tlbonly_[k];flush_tlb_mm_range_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;__mprotect;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_mprotect_[k];do_mprotect_pkey_[k];mprotect_fixup_[k] 1000003
notify;start_thread;do_operation.isra.0 1000003
notify;start_thread;notify 12000036
notify;start_thread;worker_loop 11000033
notify;start_thread;worker_loop;do_operation.isra.0 1510004530
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];rcu_free_sheaf_[k];__kmem_cache_free_bulk.part.0_[k];put_cpu_partial_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 6000018
