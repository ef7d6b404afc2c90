/* tick.h: the timer interrupt's state, everything boot/irq0.asm reads or
 * writes, in one structure, each CPU's own (kernel/smp/percpu.h), at
 * offsets generated from it (kernel/asm-offsets.c), never by a number
 * written twice; and the plan's loader below. Each field has one owner,
 * the code that writes it:
 *
 *   ticks                 irq0.asm counts it, clock.c reads it (clock_ticks)
 *   jitter, jitter_base,  clock.c (clockinit, from the PIT driver's figures;
 *   jitter_seed           with several CPUs timers.c sets jitter and
 *                         jitter_seed, in TSC counts); irq0.asm draws each
 *                         next period from them
 *   deadline, cell        timers.c sets them as the CPU's timer starts;
 *                         irq0.asm's smp_tick moves cell on and draws each
 *                         next deadline in it (the period is an immediate
 *                         in its code)
 *   slice_left,           kernel/sched.c (new_slice); irq0.asm counts
 *   slice_ticks,          slice_left down, renews it from slice_ticks, and
 *   sched_work,           calls on the scheduler only when sched_work is
 *   next_wakeup           set (sched.c's sched_runnable, note_work) or
 *                         next_wakeup has come (clock.c's
 *                         clock_set_wakeups, for sched.c's sched_wake_at
 *                         and wake_sleepers)
 *   ring3_esp             kernel/cpu.c (cpu_setldt): ESP after irq0.asm's
 *                         two pushes when the tick came from ring 3
 *   prof, plan, sampler,  tick_plan_load below, at sched.c's switches: the
 *   plan_gen              running process's profiler view, its sampling
 *                         plan (profiler/prof.h) and the code of irq0.asm
 *                         that carries it out
 * With several CPUs, sched_work, next_wakeup and sampler are also written
 * by another CPU, under the kernel's lock: sched.c and clock.c set every
 * CPU's sched_work and next_wakeup, and kernel/smp/replan.c's smp_replan
 * points a CPU's sampler at irq0_call when a profile changes.
 */
#ifndef KERNEL_TIME_TICK_H
#define KERNEL_TIME_TICK_H

#include <stdint.h>
#include "prof.h"

/* With several CPUs, the periods' generator, x = x * SMP_MCG_MUL mod 2^32
 * from an odd seed (0 with jitter=0: every offset 0): a multiplicative
 * congruential generator, its period 2^30, whose top bits the tick takes
 * as the offset (Steele and Vigna's multiplier: docs/decisions.md,
 * "Several CPUs"). */
#define SMP_MCG_MUL 0xAE3CC725u

struct irq0_state {
	volatile uint64_t ticks;	/* since boot */
	uint32_t jitter;		/* the spread of a period in PIT counts (several CPUs: TSC counts); 0: fixed */
	uint32_t jitter_base;		/* the shortest period */
	uint32_t jitter_seed;		/* the period generator's state: its seed fixed at boot */
	/* With several CPUs, on the TSC (low words): the first tick's
	 * deadline (the tick works out the later ones and keeps none); the
	 * start of the next period's cell, which a deadline is drawn in (the
	 * spread from there; the cells a period apart, which the tick has as
	 * an immediate). */
	uint32_t deadline, cell;
	uint32_t slice_left;		/* ticks left in the running one's slice */
	uint32_t slice_ticks;		/* its whole slice: the quantum, or 1 for idle */
	uint32_t sched_work;		/* another process may be runnable */
	uint64_t next_wakeup;		/* the soonest sleeper's tick */
	uint32_t ring3_esp;		/* 0 until a process runs */
	struct prof_proc *prof;		/* the running process's, NULL when idle */
	const void *sampler;		/* irq0_none, irq0_dword, irq0_profil, irq0_call or irq0_stacks */
	uint32_t plan_gen;		/* prof_gen when tick_plan_load() made the plan */
	struct prof_plan plan;
};

/* This CPU's (kernel/smp/percpu.h: every CPU has its own, at one address). */
extern struct irq0_state irq0;

/* The code of boot/irq0.asm: the two entries (with and without the
 * jitter's work) and the five samplers a plan's kind names. */
extern const char irq0_fast[], irq0_fixed[];
extern const char irq0_none[], irq0_dword[], irq0_profil[], irq0_call[], irq0_stacks[];
extern const char irq0_cplan[];

/* ctick=1 (kernel/profenv.c): every tick a plan would count goes through
 * prof_tick(), the module's C entry, as a kernel without the fast path
 * takes it; ctick=plan (2): through prof_tick_planned(), the plan carried
 * out in C. make bench measures them against the assembly (bench/guest.sh). */
extern int tick_c_entry;

/* The running process's sampling plan (profiler/prof.h), made from
 * irq0.prof, and the code in boot/irq0.asm that carries it out, which a
 * ring-3 tick jumps to: at every switch (kernel/sched.c), and before ring
 * 3 runs again after a profile changed (tick_plan_gen, irq0.plan_gen, is
 * then behind prof_gen). Inline: it runs at every switch. */
#define tick_plan_gen (irq0.plan_gen)

static inline void tick_plan_load(void)
{
	static const char *const samplers[PROF_PLAN_KINDS] = {
		[PROF_PLAN_NONE] = irq0_none, [PROF_PLAN_DWORD] = irq0_dword,
		[PROF_PLAN_PROFIL] = irq0_profil, [PROF_PLAN_CALL] = irq0_call,
		[PROF_PLAN_STACKS] = irq0_stacks,
	};
	tick_plan_gen = prof_gen;
	prof_plan(irq0.prof, &irq0.plan);
	irq0.sampler = !tick_c_entry || irq0.plan.kind == PROF_PLAN_NONE ? samplers[irq0.plan.kind] :
		       tick_c_entry == 2 ? irq0_cplan : irq0_call;
}

#endif
