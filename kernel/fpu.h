/* fpu.h: each process's x87/MMX/SSE registers, saved and restored at every
 * switch between processes (FXSAVE/FXRSTOR, eagerly), so that no process
 * sees or changes another's. The kernel itself never uses them (it is
 * built with -mno-80387 -mno-sse). */
#ifndef KERNEL_FPU_H
#define KERNEL_FPU_H

#include <stdint.h>

struct fpustate {
	uint8_t fx[512];	/* the FXSAVE image */
} __attribute__((aligned(16)));

void fpuinit(void);				/* CR0/CR4, and the state a process starts with */
void fpu_initstate(struct fpustate *s);		/* a new process's: FNINIT's, MXCSR 0x1F80 */
void fpu_switch(struct fpustate *from, const struct fpustate *to);	/* either may be 0 */
/* Whose registers this CPU's FPU holds is its fpu_owner (kernel/smp/
 * percpu.h), which the scheduler keeps at its switches: the last process
 * to run there, or 0 once they were saved. p has ended: if it is the
 * owner, its registers need no saving any more. */
struct proc;
void fpu_release(const struct proc *p);

#endif
