/* replan.c: when a profile changes, every other CPU's ring-3 ticks go to
 * prof_tick() (irq0_call), which reads the profiles as they are now, and
 * its next slice end calls on the scheduler, which makes its plan again;
 * with wait, until no tick begun under an old plan still runs. */
#include "replan.h"
#include "percpu.h"
#include "x86.h"
#include "turns.h"

/* The samplers, a fence, then each CPU's count read: the wait is for
 * each count to move on by 2, which ends every tick that may have read an
 * old sampler (docs/smp.md, "A profile that changes"). */
void smp_replan(int wait)
{
	uint32_t seen[NCPU_MAX], need[NCPU_MAX], fl;
	int me = this_cpu->index;

	if (ncpu < 2)
		return;
	for (int c = 0; c < ncpu; c++) {
		if (c == me)
			continue;
		percpu_area[c].irq0.sampler = irq0_call;
		percpu_area[c].irq0.sched_work = 1;
	}
	if (!wait)
		return;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (int c = 0; c < ncpu; c++) {
		seen[c] = (uint32_t)percpu_area[c].irq0.ticks;
		/* turns=1 (turns.h): only the CPU whose turn it is may be in a
		 * sampler (the others wait before theirs, or take no ticks);
		 * its next tick ends it */
		need[c] = c == me ? 0 : !smp_turns ? 2 : smp_turn == (uint32_t)c && (smp_busy & 1u << c);
	}
	fl = irq_save();
	for (int c = 0; c < ncpu; c++)
		while ((uint32_t)percpu_area[c].irq0.ticks - seen[c] < need[c])
			__asm__ volatile("sti; nop; pause; cli" ::: "memory");
	irq_restore(fl);
}
