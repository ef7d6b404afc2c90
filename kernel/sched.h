/* sched.h: the round-robin scheduler (sched.c): the switch on the way back
 * to ring 3, and what the clock, the process calls and the other CPUs ask
 * of it. */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include <stdint.h>
#include "ptable.h"

#define need_resched (this_cpu->resched)	/* this CPU's: switch on the way back to ring 3 */

struct trapframe *sched_return(struct trapframe *tf);
void sched_start(void) __attribute__((noreturn));
/* Another CPU enters the scheduler, idle until a process is runnable. */
void sched_ap_start(void) __attribute__((noreturn));
void sched_tick(void);			/* from the clock: the quantum may be over */
void sched_runnable(void);		/* another process may be runnable */
void sched_wake_at(uint64_t tick);	/* a sleeper wakes at that tick */
void sched_yield(void);
void sched_fresh_slice(void);	/* after a spawn: the caller goes on a tick or two */
void sched_free_orphans(void);		/* frees the zombies no one waits for, now */

#endif
