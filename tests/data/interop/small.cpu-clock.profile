# flamediff-profile 3 folded
# root: process
# event: "cpu-clock"
# unit: "ns"
# samples: 92 samples
# lost: 0 samples
# weight: 92000276 ns
kworker/1:2H-kb;ret_from_fork_asm_[k];ret_from_fork_[k];kthread_[k];worker_thread_[k];process_one_work_[k];blk_mq_run_work_fn_[k];blk_mq_sched_dispatch_requests_[k];__blk_mq_sched_dispatch_requests_[k];blk_mq_dispatch_rq_list_[k];virtio_queue_rq_[k];virtqueue_notify_[k];vp_notify_[k];iowrite16_[k] 1000003
perf-exec;__GI___execve;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_execve_[k];do_execveat_common.isra.0_[k];bprm_execve_[k];load_elf_binary_[k];begin_new_exec_[k];__mmput_[k];exit_mmap_[k];tlb_finish_mmu_[k];__tlb_batch_free_encoded_pages_[k];free_pages_and_swap_cache_[k];folios_put_refs_[k] 1000003
perf-exec;__GI___execve;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_execve_[k];do_execveat_common.isra.0_[k];bprm_execve_[k];load_elf_binary_[k];begin_new_exec_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng-mrema;[stress-ng] 1000003
stress-ng-mrema;[stress-ng];asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];__do_fault_[k];pte_alloc_one_[k];alloc_pages_noprof_[k];alloc_pages_mpol_[k];__alloc_frozen_pages_noprof_[k];get_page_from_freelist_[k];clear_page_erms_[k] 1000003
stress-ng-mrema;[unknown];setproctitle 1000003
stress-ng-mrema;_Fork 1000003
stress-ng-mrema;_Fork;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__do_sys_clone_[k];kernel_clone_[k];copy_process_[k];dup_mmap_[k];anon_vma_fork_[k];anon_vma_clone_[k];anon_vma_interval_tree_insert_[k] 1000003
stress-ng-mrema;_Fork;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__do_sys_clone_[k];kernel_clone_[k];copy_process_[k];dup_mmap_[k];copy_page_range_[k];__pte_alloc_[k];pte_alloc_one_[k];alloc_pages_noprof_[k];alloc_pages_mpol_[k];__alloc_frozen_pages_noprof_[k];get_page_from_freelist_[k];clear_page_erms_[k] 1000003
stress-ng-mrema;_Fork;ret_from_fork_asm_[k];ret_from_fork_[k];schedule_tail_[k];__put_user_4_[k] 1000003
stress-ng-mrema;__mmap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];vm_mmap_pgoff_[k];__mm_populate_[k];populate_vma_page_range_[k];__get_user_pages_[k] 1000003
stress-ng-mrema;__mmap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];vm_mmap_pgoff_[k];__mm_populate_[k];populate_vma_page_range_[k];__get_user_pages_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_anonymous_page_[k] 1000003
stress-ng-mrema;__mmap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];vm_mmap_pgoff_[k];__mm_populate_[k];populate_vma_page_range_[k];__get_user_pages_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_anonymous_page_[k];pte_mkwrite_[k] 1000003
stress-ng-mrema;__mmap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];vm_mmap_pgoff_[k];__mm_populate_[k];populate_vma_page_range_[k];__get_user_pages_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_anonymous_page_[k];vma_alloc_folio_noprof_[k];alloc_pages_mpol_[k];__alloc_frozen_pages_noprof_[k];get_page_from_freelist_[k];clear_page_erms_[k] 2000006
stress-ng-mrema;__vfprintf_internal;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng-mrema;getloadavg;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];filemap_map_pages_[k];next_uptodate_folio_[k] 1000003
stress-ng;[stress-ng] 1000003
stress-ng;[stress-ng];asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_wp_page_[k];ptep_clear_flush_[k];flush_tlb_mm_range_[k];on_each_cpu_cond_mask_[k];smp_call_function_many_cond_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng;[unknown];[stress-ng] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;__GI___open64_nocancel;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_openat_[k];do_sys_openat2_[k];do_filp_open_[k];path_openat_[k];vfs_open_[k];do_dentry_open_[k];ext4_file_open_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;__GI___read_nocancel;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];vfs_read_[k];filemap_read_[k];filemap_get_pages_[k];folio_wait_bit_common_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;__GI___read_nocancel;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];vfs_read_[k];filemap_read_[k];filemap_get_pages_[k];page_cache_ra_order_[k];read_pages_[k];blk_finish_plug_[k];__blk_flush_plug_[k];blk_mq_flush_plug_list_[k];blk_mq_dispatch_list_[k];blk_mq_run_hw_queue_[k];blk_mq_sched_dispatch_requests_[k];__blk_mq_sched_dispatch_requests_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;__GI___read_nocancel;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];vfs_read_[k];filemap_read_[k];filemap_get_pages_[k];page_cache_ra_order_[k];read_pages_[k];blk_finish_plug_[k];__blk_flush_plug_[k];blk_mq_flush_plug_list_[k];blk_mq_dispatch_list_[k];blk_mq_run_hw_queue_[k];blk_mq_sched_dispatch_requests_[k];__blk_mq_sched_dispatch_requests_[k];blk_mq_dispatch_rq_list_[k];virtio_queue_rq_[k];virtqueue_notify_[k];vp_notify_[k];iowrite16_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;__GI___read_nocancel;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];vfs_read_[k];filemap_read_[k];filemap_get_pages_[k];page_cache_ra_order_[k];read_pages_[k];blk_finish_plug_[k];__blk_flush_plug_[k];blk_mq_flush_plug_list_[k];blk_mq_dispatch_list_[k];blk_mq_run_hw_queue_[k];blk_mq_sched_dispatch_requests_[k];__blk_mq_sched_dispatch_requests_[k];blk_mq_dispatch_rq_list_[k];virtio_queue_rq_[k];virtqueue_notify_[k];vp_notify_[k];iowrite16_[k];asm_common_interrupt_[k];common_interrupt_[k];__irq_exit_rcu_[k];handle_softirqs_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;_dl_map_object_from_fd;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];__do_fault_[k];filemap_fault_[k];page_cache_ra_unbounded_[k];read_pages_[k];blk_finish_plug_[k];__blk_flush_plug_[k];blk_mq_flush_plug_list_[k];blk_mq_dispatch_list_[k];blk_mq_run_hw_queue_[k];blk_mq_sched_dispatch_requests_[k];__blk_mq_sched_dispatch_requests_[k];blk_mq_dispatch_rq_list_[k];virtio_queue_rq_[k];virtblk_prep_rq.isra.0_[k];sg_alloc_table_chained_[k];__sg_alloc_table_[k];mempool_alloc_noprof_[k];kmem_cache_alloc_noprof_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;memset;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;memset;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];copy_mc_enhanced_fast_string_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;mmap64;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_mmap_pgoff_[k] 1000003
stress-ng;[unknown];[unknown];_dl_map_object;strcmp;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];__do_fault_[k];filemap_fault_[k];page_cache_ra_unbounded_[k];filemap_add_folio_[k];__filemap_add_folio_[k];_raw_spin_unlock_irq_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng;[unknown];__GI___fstatat64;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__do_sys_newfstatat_[k];vfs_fstatat_[k];vfs_statx_[k];filename_lookup_[k];path_lookupat_[k];walk_component_[k];lookup_fast_[k];__d_lookup_rcu_[k] 1000003
stress-ng;_Fork 1000003
stress-ng;_Fork;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__do_sys_clone_[k];kernel_clone_[k];copy_process_[k];__vmalloc_node_noprof_[k];__vmalloc_node_range_noprof_[k];alloc_pages_bulk_noprof_[k];clear_page_erms_[k] 1000003
stress-ng;_Fork;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__do_sys_clone_[k];kernel_clone_[k];copy_process_[k];dup_mmap_[k];dup_userfaultfd_[k] 1000003
stress-ng;_Fork;ret_from_fork_asm_[k];ret_from_fork_[k];schedule_tail_[k];finish_task_switch.isra.0_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng;__close 1000003
stress-ng;__memset_avx512_unaligned_erms 4000012
stress-ng;__memset_avx512_unaligned_erms;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 3000009
stress-ng;__strlen_evex 1000003
stress-ng;_dl_start_user;_dl_sysdep_start;__libc_early_init;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];filemap_map_pages_[k];set_ptes.isra.0_[k];native_set_pte_[k] 1000003
stress-ng;_dl_start_user;_dl_sysdep_start;dl_main;_dl_relocate_object 2000006
stress-ng;_dl_start_user;_dl_sysdep_start;dl_main;_dl_relocate_object;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];copy_mc_enhanced_fast_string_[k] 1000003
stress-ng;_dl_start_user;_dl_sysdep_start;dl_main;asm_exc_page_fault_[k];exc_page_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_fault_[k];__do_fault_[k];filemap_fault_[k];page_cache_ra_order_[k];read_pages_[k];ext4_mpage_readpages_[k];submit_bio_noacct_nocheck_[k];__submit_bio_[k];blk_mq_submit_bio_[k];bio_split_rw_[k];bio_split_io_at_[k] 1000003
stress-ng;_dl_start_user;_dl_sysdep_start;dl_main;mprotect;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_mprotect_[k];do_mprotect_pkey_[k];mprotect_fixup_[k];change_protection_[k];change_pte_range_[k];__ptep_modify_prot_start_[k] 1000003
stress-ng;do_lookup_x 2000006
stress-ng;strcmp 1000003
stress-ng;sysmalloc;asm_exc_page_fault_[k];exc_page_fault_[k];__raw_callee_save_pvm_irq_enable_[k];pvm_irq_enable_[k] 1000003
stress-ng;update_active.constprop.0 1000003
swapper;common_startup_64_[k];x86_64_start_kernel_[k];__pfx_clear_bss_[k];start_kernel_[k];rest_init_[k];cpu_startup_entry_[k];do_idle_[k];default_idle_call_[k];default_idle_[k];pvm_safe_halt_hc_[k] 37000111
