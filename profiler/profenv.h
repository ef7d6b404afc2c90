/* profenv.h: all the profiler asks of its environment. The kernel
 * implements it in kernel/profenv.c, unit tests in their own files. */
#ifndef PROFILER_PROFENV_H
#define PROFILER_PROFENV_H

#include <stddef.h>
#include <stdint.h>

void *prof_zalloc(size_t size);		/* zeroed memory, or NULL */
void prof_release(void *p);
uint32_t prof_clock_mask(void);		/* masks the clock interrupt, returns the old state */
void prof_clock_restore(uint32_t state);
int prof_module_known(const char *name);	/* 1 if a program module has this name */
/* The sampling period in PIT counts, uniform over base + [0, spread). */
void prof_clock_period(uint32_t *base, uint32_t *spread);
/* The CPUs (docs/smp.md): how many run (fixed before the first process
 * starts), and the index of the one that runs the caller, 0 to
 * prof_ncpu() - 1. */
int prof_ncpu(void);
int prof_cpu(void);
/* A profile changed (prof_gen moved): every other CPU stops ticking by
 * the plan it made before (prof_plan) and counts through prof_tick() until
 * it makes its plan again, which it does soon (at its quantum's end at the
 * latest). With wait, returns only once no other CPU is still in a tick
 * begun before the call (by an old plan, or in prof_tick(), which reads
 * the profiles too), and every tick after it sees what was written before
 * the call: after it, memory an old plan named may be freed, and a
 * profile's s->clearing holds the others off. With one CPU, nothing.
 * Called with the clock masked. The profiler's calls (prof.h) are made one
 * at a time: only ticks run beside them. */
void prof_replan(int wait);

#endif
