/* sched.h: what proc.c and sched.c share of the process table. */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include "proc.h"

extern struct proc procs[NPROC];
#define idleproc (*this_cpu->idle)	/* this CPU's idle process */
extern struct proc *initproc;		/* the first program: the run ends with it */
#define need_resched (this_cpu->resched)	/* this CPU's: switch on the way back to ring 3 */
void sched_runnable(void);		/* another process may be runnable */
void sched_wake_at(uint64_t tick);	/* a sleeper wakes at that tick */
void sched_free_orphans(void);		/* frees the zombies no one waits for, now */

void free_proc(struct proc *p);
/* CPU cpu's idle process (its stack from the allocator): the first CPU's
 * in procinit(), the others' by kernel/time/timers.c before they start. */
void sched_idle_init(int cpu);
/* Another CPU enters the scheduler, idle until a process is runnable. */
void sched_ap_start(void) __attribute__((noreturn));

#endif
