/* ptable.h: the process table: what a process is (struct proc), its
 * slots, each CPU's idle process, a process's memory given back, and the
 * run's end (ptable.c). Below the process calls (proc.c) and the
 * scheduler (sched.c), which both work on it. */
#ifndef KERNEL_PTABLE_H
#define KERNEL_PTABLE_H

#include <stdint.h>
#include "desc.h"
#include "trapframe.h"
#include "vm.h"
#include "fpu.h"
#include "fs.h"
#include "prof.h"
#include "percpu.h"

#define NPROC		32
#define KSTACK_SIZE	8192
#define PROC_NAME_MAX	33		/* a program's name: 32 characters and the NUL */
#define NLDT_ALL	(NLDT + 1)	/* + one not-present entry, so a stray load faults #NP */

enum procstate { P_UNUSED, P_RUNNABLE, P_RUNNING, P_WAITING, P_SLEEPING, P_ZOMBIE };

struct proc {
	int pid;
	enum procstate state;
	char name[PROC_NAME_MAX];
	struct proc *parent;
	uint8_t *image;		/* code then data, one kalloc block */
	uint32_t codesize;	/* bytes of segment 1, the text */
	uint32_t codecrc;	/* CRC-32 of segment 1 as loaded: its fingerprint in a dump */
	uint32_t dataoff;	/* where segment 2 starts in the image */
	uint32_t datasize;	/* bytes of segment 2: stack, data, arguments, heap */
	uint32_t heapbase;	/* where the heap starts: the data segment's end as loaded */
	uint32_t brk;		/* the break: the heap is heapbase .. brk (sbrk) */
	uint64_t ldt[NLDT_ALL];
	struct vmspace vm;	/* the windows of its two segments */
	uint8_t *kstack;
	struct trapframe *tf;	/* saved user context while not running */
	int exitstatus;
	int waitpid;		/* while P_WAITING: the child waited for, or -1 */
	uint32_t waitstatus;	/* while P_WAITING: offset of the status word, or 0 */
	uint64_t wakeup;	/* while P_SLEEPING: the tick to wake at */
	int spawn_grace;	/* its slice was stretched by a spawn (sched_fresh_slice) */
	struct prof_proc prof;	/* the profiler's view: buffers by selector */
	struct fpustate fpu;	/* its x87/SSE registers while not running */
	struct fs_fdtable files;	/* its file descriptors (kernel/fs/fs.h) */
	uint64_t cputicks;	/* ticks it ran, up to its last switch out (times) */
	uint64_t offtick;	/* after a switch it asked for: the clock's tick then (docs/events.md) */
	uint64_t runstart;	/* while running: the tick it was switched in at */
	int ranon;		/* the CPU it ran on last, plus 1 (0: none yet) */
};

extern struct proc procs[NPROC];
struct proc *proc_first(void);		/* for walks over all processes */
/* The process this CPU runs (its idle process when none). */
#define curproc (this_cpu->cur)
#define idleproc (*this_cpu->idle)	/* this CPU's idle process */

/* p's memory, files and slot given back (never the one whose stack the
 * caller is on). */
void free_proc(struct proc *p);
/* CPU cpu's idle process (its stack from the allocator): the first CPU's
 * in procinit(), the others' by kernel/time/timers.c before they start. */
void proc_idle_init(int cpu);
void procinit(void);
void proc_shutdown(void) __attribute__((noreturn));	/* files back, then a clean exit */

#endif
