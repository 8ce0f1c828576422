#!/bin/sh
# Write the seed scenario of the diff issue as folded stacks, several noisy
# runs a side, deterministic (the same bytes on every machine):
#
#   DIR/base/run-N.folded  ~92% of samples in
#       ...;shrink_folio_list;folio_alloc_swap;__mem_cgroup_try_charge_swap;
#       __memcg_memory_event;cgroup_file_notify;_raw_spin_lock_irqsave;
#       native_queued_spin_lock_slowpath
#   DIR/new/run-N.folded   ~44% in
#       ...;shrink_folio_list;folio_alloc_swap;_raw_spin_lock;
#       native_queued_spin_lock_slowpath
#     plus ~21% in _raw_spin_lock_irqsave under folio_isolate_lru, the rest
#     spread over the same small stacks as base. The new build names
#     reclaim_folio_list ".constprop.0" (a GCC clone) so that matching by
#     name without clone suffixes is exercised.
#
# The chain and shares follow the LKP report in
# tests/data/lkp-report-cgroup-example.txt (stress-ng mremap, commit
# 4616120fca "cgroup: add lockless fast-path checks to cgroup_file_notify()").
#
# usage: tests/gen-seed.sh DIR [RUNS] [SAMPLES]   (defaults: 6, 20000)
set -eu
dir=${1:?usage: gen-seed.sh DIR [RUNS] [SAMPLES]}
runs=${2:-6}
samples=${3:-20000}
mkdir -p "$dir/base" "$dir/new"

# One "SIDE SHARE_PERCENT NOISE_PERCENT STACK" line per stack.
stacks() {
	sys='stress-ng;__madvise;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_madvise_[k];do_madvise_[k];madvise_do_behavior_[k];madvise_vma_behavior_[k];madvise_pageout_[k];walk_page_range_vma_unsafe_[k];__walk_page_range_[k];walk_pgd_range_[k];walk_p4d_range_[k];walk_pud_range_[k];walk_pmd_range_[k];madvise_cold_or_pageout_pte_range_[k]'
	rb="$sys;reclaim_pages_[k];reclaim_folio_list_[k];shrink_folio_list_[k];folio_alloc_swap_[k]"
	rn="$sys;reclaim_pages_[k];reclaim_folio_list.constprop.0_[k];shrink_folio_list_[k];folio_alloc_swap_[k]"
	cat <<EOS
base 91.9 1 $rb;__mem_cgroup_try_charge_swap_[k];__memcg_memory_event_[k];cgroup_file_notify_[k];_raw_spin_lock_irqsave_[k];native_queued_spin_lock_slowpath_[k]
base 0.25 15 $rb;__mem_cgroup_try_charge_swap_[k];__memcg_memory_event_[k];cgroup_file_notify_[k]
base 0.3 10 $rb;swap_cache_add_folio_[k];xas_store_[k]
base 0.9 5 $sys;folio_isolate_lru_[k];_raw_spin_lock_irqsave_[k];native_queued_spin_lock_slowpath_[k]
new 48.5 30 $rn;_raw_spin_lock_[k];native_queued_spin_lock_slowpath_[k]
new 0.25 40 $rn;__mem_cgroup_try_charge_swap_[k];__memcg_memory_event_[k]
new 0.3 10 $rn;swap_cache_add_folio_[k];xas_store_[k]
new 21.0 30 $sys;folio_isolate_lru_[k];_raw_spin_lock_irqsave_[k];native_queued_spin_lock_slowpath_[k]
new 25.0 20 $sys;folio_isolate_lru_[k];folio_lruvec_lock_irq_[k];native_queued_spin_lock_slowpath_[k]
both 0.7 4 stress-ng;stress_mmap_check
both 0.7 4 stress-ng;stress_mmap_set
both 0.8 5 stress-ng;__GI___mremap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__do_sys_mremap_[k];do_mremap_[k];move_vma_[k];copy_vma_[k]
both 0.6 5 stress-ng;__GI___munmap;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_munmap_[k];__vm_munmap_[k];do_vmi_munmap_[k];unmap_region_[k]
both 0.4 5 stress-ng;__GI___mmap64;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_mmap_pgoff_[k];do_mmap_[k];mmap_region_[k]
both 0.3 8 stress-ng;asm_exc_page_fault_[k];exc_page_fault_[k];do_user_addr_fault_[k];handle_mm_fault_[k];__handle_mm_fault_[k];do_anonymous_page_[k];clear_page_erms_[k]
both 0.2 8 stress-ng;asm_sysvec_apic_timer_interrupt_[k];sysvec_apic_timer_interrupt_[k];__sysvec_apic_timer_interrupt_[k];hrtimer_interrupt_[k];tick_nohz_handler_[k]
both 0.15 10 swapper;secondary_startup_64_no_verify_[k];start_secondary_[k];cpu_startup_entry_[k];do_idle_[k];cpuidle_enter_[k];intel_idle_[k]
both 0.1 10 kswapd0;ret_from_fork_asm_[k];ret_from_fork_[k];kthread_[k];kswapd_[k];balance_pgdat_[k];shrink_node_[k]
both 2.6 10 stress-ng;asm_exc_page_fault_[k];exc_page_fault_[k];do_user_addr_fault_[k];lock_mm_and_find_vma_[k]
EOS
}

for side in base new; do
	r=1
	while [ "$r" -le "$runs" ]; do
		stacks | awk -v side="$side" -v run="$r" -v n="$samples" '
			BEGIN { x = (side == "base" ? 1000 : 5000) + run * 7919 }
			# Park-Miller: exact in doubles, so every awk agrees.
			function rnd() { x = (x * 16807) % 2147483647; return x / 2147483647 }
			$1 == side || $1 == "both" {
				c = int(n * $2 / 100 * (1 + $3 / 100 * (2 * rnd() - 1)) + 0.5)
				if (c > 0)
					print $4, c
			}' | LC_ALL=C sort >"$dir/$side/run-$r.folded"
		r=$((r + 1))
	done
done
