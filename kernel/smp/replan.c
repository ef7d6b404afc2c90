/* replan.c: when a profile changes, every other CPU's ring-3 ticks go to
 * prof_tick() (irq0_call), which reads the profiles as they are now, and
 * its next slice end calls on the scheduler, which makes its plan again;
 * with wait, until no tick begun under an old plan still runs. */
#include "replan.h"
#include "percpu.h"
#include "x86.h"

/* The samplers are written first, then a fence, then each CPU's count
 * read (seen): a tick that began before may still run an old sampler, and
 * so may the next one (seen + 1), which may have read its sampler before
 * the store was seen; the one after (seen + 2) begins only once those
 * have ended. So the wait is for each count to move on by 2, which every
 * other CPU's own timer brings within two periods, whatever it runs (its
 * wait for the kernel's lock lets its ticks in). The wait lets this CPU's
 * interrupts in too, and pause lets the others run where an emulator runs
 * the CPUs in turn. */
void smp_replan(int wait)
{
	uint32_t seen[NCPU_MAX], fl;
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
	for (int c = 0; c < ncpu; c++)
		seen[c] = (uint32_t)percpu_area[c].irq0.ticks;
	fl = irq_save();
	for (int c = 0; c < ncpu; c++)
		while (c != me && (uint32_t)percpu_area[c].irq0.ticks - seen[c] < 2)
			__asm__ volatile("sti; nop; pause; cli" ::: "memory");
	irq_restore(fl);
}
