/* sched.h: what proc.c and sched.c share of the process table. */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include "proc.h"

extern struct proc procs[NPROC];
extern struct proc idleproc;
extern struct proc *initproc;		/* the first program: the run ends with it */
extern int need_resched;		/* switch on the way back to ring 3 */
void sched_runnable(void);		/* another process may be runnable (kernel/tick.c) */
void sched_wake_at(uint64_t tick);	/* a sleeper wakes at that tick (kernel/tick.c) */
void sched_free_orphans(void);		/* frees the zombies no one waits for, now */

void free_proc(struct proc *p);

#endif
