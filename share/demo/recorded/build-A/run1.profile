# flamediff-profile 3 folded
# root: process
# event: "task-clock"
# unit: "ns"
# label: "build-A"
# host: "vm"
# kernel: "6.18.44-fc-v1045"
# date: "2026-12-01T18:08:35Z"
# cmdline: "flamediff record -q --label build-A --metric ops_per_sec=^ops/s ([0-9.]+) -o recorded/build-A/run1.profile -- ../../build/demo/a/notify 3"
# samples: 2746 samples
# lost: 0 samples
# duration: 3.030 s
# weight: 2746008238 ns
# stat: notify.ops_per_sec = 11018637 ;
# stat: notify.time.elapsed_time = 3.03 ;
# stat: notify.time.file_system_inputs = 0 ;
# stat: notify.time.file_system_outputs = 0 ;
# stat: notify.time.involuntary_context_switches = 752 ;
# stat: notify.time.major_page_faults = 0 ;
# stat: notify.time.maximum_resident_set_size = 1664 ;
# stat: notify.time.minor_page_faults = 96 ;
# stat: notify.time.percent_of_cpu_this_job_got = 90 ;
# stat: notify.time.system_time = 0.04 ;
# stat: notify.time.user_time = 2.72 ;
# stat: notify.time.voluntary_context_switches = 5 ;
# stat: perf-stat.i.context-switches = 248.43993008423561 ;
# stat: perf-stat.i.cpu-clock = 907.7363084286668 ;
# stat: perf-stat.i.cpu-migrations = 2.3352694147306896 ;
# stat: perf-stat.i.major-faults = 0 ;
# stat: perf-stat.i.minor-faults = 20.21569061410251 ;
# stat: perf-stat.i.page-faults = 20.21569061410251 ;
# stat: perf-stat.i.task-clock = 908.14139942021291 ;
# stat: perf-stat.ps.context-switches = 248.1945464793734 ;
# stat: perf-stat.ps.cpu-clock = 906.91750443221883 ;
# stat: perf-stat.ps.cpu-migrations = 2.3103215762707632 ;
# stat: perf-stat.ps.major-faults = 0 ;
# stat: perf-stat.ps.minor-faults = 20.792894186436868 ;
# stat: perf-stat.ps.page-faults = 20.792894186436868 ;
# stat: perf-stat.ps.task-clock = 907.32034266372762 ;
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;__getrlimit 1000003
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;_dl_relocate_object;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_wp_page_[k];ptep_clear_flush_[k];flush_tlb_mm_range_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;[ld-linux-x86-64.so.2];_dl_sysdep_start;dl_main;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];filemap_map_pages_[k];set_ptes.isra.0_[k];native_set_pte_[k] 1000003
notify;[ld-linux-x86-64.so.2];asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];filemap_map_pages_[k];set_ptes.isra.0_[k];native_set_pte_[k] 1000003
notify;__libc_start_call_main;__GI_____strtod_l_internal 1000003
notify;__run_exit_handlers;_dl_call_fini 1000003
notify;pthread_create@@GLIBC_2.34;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;do_operation.isra.0 1000003
notify;start_thread;notify 7000021
notify;start_thread;worker_loop 12000036
notify;start_thread;worker_loop;do_operation.isra.0 1320003960
notify;start_thread;worker_loop;do_operation.isra.0;asm_common_interrupt_[k];common_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];blk_done_softirq_[k];blk_mq_end_request_[k];blk_update_request_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 4000012
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];rcu_do_batch_[k];tlb_remove_table_rcu_[k] 1000003
notify;start_thread;worker_loop;do_operation.isra.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 7000021
notify;start_thread;worker_loop;notify 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0 1342004026
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];__rseq_handle_notify_resume_[k];__get_user_8_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];irqentry_exit_to_user_mode_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 2000006
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];rcu_core_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];run_timer_softirq_[k];__run_timers_[k];call_timer_fn_[k];try_to_wake_up_[k];_raw_spin_unlock_irqrestore_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];sched_balance_domains_[k];sched_balance_rq_[k];sched_balance_find_src_group_[k] 1000003
notify;start_thread;worker_loop;notify;spin_lock.constprop.0;asm_sysvec_reschedule_ipi_[k];irqentry_exit_to_user_mode_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 5000015
notify;start_thread;worker_loop;spin_lock.constprop.0 15000045
notify;start_thread;worker_loop;spin_unlock.constprop.0 14000042
