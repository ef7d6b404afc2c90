/* sched.h: what proc.c and sched.c share of the process table. */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include "proc.h"

extern struct proc procs[NPROC];
extern struct proc idleproc;
extern struct proc *initproc;		/* the first program: the run ends with it */
extern int need_resched;		/* switch on the way back to ring 3 */
extern uint32_t sched_work;		/* another process may be runnable */
extern uint64_t next_wakeup;		/* the soonest sleeper's tick */

void free_proc(struct proc *p);

#endif
