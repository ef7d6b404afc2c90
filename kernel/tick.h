/* tick.h: the timer interrupt's state, everything boot/irq0.asm reads or
 * writes, in one structure. The assembly reaches each field by an offset
 * generated from this structure when the kernel is built
 * (kernel/asm-offsets.c), never by a number written twice. Each field has
 * one owner, the one C file that writes it:
 *
 *   ticks                 irq0.asm counts it, clock.c reads it (clock_ticks)
 *   jitter, jitter_base,  clock.c (clockinit, from the PIT driver's figures);
 *   jitter_seed           irq0.asm draws each next period from them
 *   slice_left,           sched.c (new_slice); irq0.asm counts slice_left
 *   slice_ticks,          down, renews it from slice_ticks, and calls on
 *   sched_work,           the scheduler only when sched_work is set or
 *   next_wakeup           next_wakeup has come
 *   ring3_esp             cpu.c (cpu_setldt): ESP after irq0.asm's two
 *                         pushes when the tick came from ring 3
 *   prof, plan, sampler   sched.c (plan_load): the running process's
 *                         profiler view, its sampling plan (profiler/prof.h)
 *                         and the code of irq0.asm that carries it out
 */
#ifndef KERNEL_TICK_H
#define KERNEL_TICK_H

#include <stdint.h>
#include "prof.h"

struct irq0_state {
	volatile uint64_t ticks;	/* since boot */
	uint32_t jitter;		/* the spread of a period in PIT counts; 0: fixed */
	uint32_t jitter_base;		/* the shortest period */
	uint32_t jitter_seed;		/* the period generator's state: fixed at boot */
	uint32_t slice_left;		/* ticks left in the running one's slice */
	uint32_t slice_ticks;		/* its whole slice: the quantum, or 1 for idle */
	uint32_t sched_work;		/* another process may be runnable */
	uint64_t next_wakeup;		/* the soonest sleeper's tick */
	uint32_t ring3_esp;		/* 0 until a process runs */
	struct prof_proc *prof;		/* the running process's, NULL when idle */
	const void *sampler;		/* irq0_none, irq0_dword, irq0_profil, irq0_call or irq0_stacks */
	struct prof_plan plan;
};

extern struct irq0_state irq0;

/* The code of boot/irq0.asm: the two entries (with and without the
 * jitter's work) and the five samplers a plan's kind names. */
extern const char irq0_fast[], irq0_fixed[];
extern const char irq0_none[], irq0_dword[], irq0_profil[], irq0_call[], irq0_stacks[];

/* Makes pp's plan the running one, as at a switch to pp (kernel/sched.c). */
void tick_load_plan(struct prof_proc *pp);

#endif
