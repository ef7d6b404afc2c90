/* proc.h: a program's life: loaded into its own LDT segments, exit and
 * wait, sleep, the break, faults (proc.c). What a process is, and its
 * table, is ptable.h; the scheduler, sched.h. */
#ifndef KERNEL_PROC_H
#define KERNEL_PROC_H

#include <stdint.h>
#include "ptable.h"

#define ARG_MAX		32		/* arguments of a program */
#define ARG_BYTES	2048		/* their strings and pointers */
#define MIN_STACK	256		/* the least stack a program may have, above the guard page */

/* The kernel's text fingerprint (CRC-32 of _text_start.._text_end), taken
 * once at boot by proc_fingerprint_kernel(). */
extern uint32_t kernel_text_fingerprint;
void proc_fingerprint_kernel(void);
int proc_spawn(const char *name, int argc, char *const argv[], struct proc *parent);
void proc_exit(struct proc *p, int status);
void proc_codeseg(struct proc *p, struct prof_codeseg *seg, char *module);
void proc_fault(struct trapframe *tf);
int proc_wait(struct proc *p, int pid, uint32_t statusoff);
void proc_sleep(struct proc *p, uint32_t ms);
int proc_sbrk(struct proc *p, int32_t incr);	/* the old break, or -ENOMEM, -EINVAL */
/* Writes len bytes at offset off of p's data segment, which the caller
 * checked, through p's page tables: p need not be the current process. */
void proc_copyout(struct proc *p, uint32_t off, const void *src, uint32_t len);

/* The memory of p's data segment at offset off, already checked, in the
 * part loaded with the program (below p->heapbase): the heap's pages are
 * elsewhere (proc_sbrk), and reached through the current process's window
 * (kernel/systab.c) or its page tables (proc_copyout). */
static inline void *uaddr(const struct proc *p, uint32_t off)
{
	return p->image + p->dataoff + off;
}

/* Bytes the break may not take: the kernel keeps them for itself (page
 * tables, files, dumps). */
#define SBRK_RESERVE	(256u * 1024)

#endif
