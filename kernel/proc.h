/* proc.h: processes, each in its own LDT segments, and the scheduler. */
#ifndef KERNEL_PROC_H
#define KERNEL_PROC_H

#include <stdint.h>
#include "desc.h"
#include "trap.h"
#include "vm.h"
#include "fpu.h"
#include "fs.h"
#include "prof.h"
#include "percpu.h"

#define NPROC		32
#define KSTACK_SIZE	8192
#define PROC_NAME_MAX	33		/* a program's name: 32 characters and the NUL */
#define ARG_MAX		32		/* arguments of a program */
#define ARG_BYTES	2048		/* their strings and pointers */
#define MIN_STACK	256		/* the least stack a program may have, above the guard page */
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
	struct fs_fdtable files;	/* its file descriptors (kernel/fs.h) */
	uint64_t cputicks;	/* ticks it ran, up to its last switch out (times) */
	uint64_t offtick;	/* after a switch it asked for: the clock's tick then (docs/events.md) */
	uint64_t runstart;	/* while running: the tick it was switched in at */
	int ranon;		/* the CPU it ran on last, plus 1 (0: none yet) */
};

/* The process this CPU runs (its idle process when none). */
#define curproc (this_cpu->cur)

void procinit(void);
/* The kernel's text fingerprint (CRC-32 of _text_start.._text_end), taken
 * once at boot by proc_fingerprint_kernel(). */
extern uint32_t kernel_text_fingerprint;
void proc_fingerprint_kernel(void);
int proc_spawn(const char *name, int argc, char *const argv[], struct proc *parent);
void proc_exit(struct proc *p, int status);
void proc_shutdown(void) __attribute__((noreturn));	/* files back, then a clean exit */
void proc_codeseg(struct proc *p, struct prof_codeseg *seg, char *module);
void proc_fault(struct trapframe *tf);
int proc_wait(struct proc *p, int pid, uint32_t statusoff);
void proc_sleep(struct proc *p, uint32_t ms);
int proc_sbrk(struct proc *p, int32_t incr);	/* the old break, or -ENOMEM, -EINVAL */
/* Writes len bytes at offset off of p's data segment, which the caller
 * checked, through p's page tables: p need not be the current process. */
void proc_copyout(struct proc *p, uint32_t off, const void *src, uint32_t len);
struct trapframe *sched_return(struct trapframe *tf);
void sched_start(void) __attribute__((noreturn));
void sched_tick(void);			/* from the clock: the quantum may be over */
void sched_yield(void);
void sched_fresh_slice(void);	/* after a spawn: the caller goes on a tick or two */
void sched_fpu_release(struct proc *p);	/* p's registers need no saving: it has ended */
struct proc *proc_first(void);		/* for walks over all processes */

/* The memory of p's data segment at offset off, already checked, in the
 * part loaded with the program (below p->heapbase): the heap's pages are
 * elsewhere (proc_sbrk), and reached through the current process's window
 * (kernel/syscall.c) or its page tables (proc_copyout). */
static inline void *uaddr(const struct proc *p, uint32_t off)
{
	return p->image + p->dataoff + off;
}

/* Bytes the break may not take: the kernel keeps them for itself (page
 * tables, files, dumps). */
#define SBRK_RESERVE	(256u * 1024)

#endif
