/* trap.c: the one dispatcher every vector reaches. */
#include "trap.h"
#include "console.h"
#include "proc.h"
#include "syscall.h"
#include "pic8259.h"
#include <stddef.h>

static void kernelfault(struct trapframe *tf)
{
	uint32_t cr2;
	__asm__ volatile("mov %%cr2, %0" : "=r"(cr2));
	panic("%s (vector %u) error 0x%04x at %04x:%08x eflags %08x cr2 %08x",
	      trapname(tf->trapno), tf->trapno, tf->err, tf->cs, tf->eip, tf->eflags, cr2);
}

struct trapframe *trap(struct trapframe *tf)
{
	uint32_t v = tf->trapno;

	if (TF_VM86(tf)) {
		/* Virtual-8086 mode, entered by a forged iret: the interrupt is
		 * served, and the process ends as it would for a #GP. */
		if (v >= IRQ_BASE && v < IRQ_BASE + 16 && v != IRQ_BASE + IRQ_TIMER &&
		    !picspurious((int)(v - IRQ_BASE)))
			piceoi((int)(v - IRQ_BASE));
		proc_fault(tf);
	} else if (v < IRQ_BASE) {
		if (!TF_USER(tf))
			kernelfault(tf);
		proc_fault(tf);	/* ends the process, never the kernel */
	} else if (v < IRQ_BASE + 16) {
		int irq = (int)(v - IRQ_BASE);
		if (irq == IRQ_TIMER) {
			sched_tick();	/* counted and acknowledged by boot/irq0.asm */
		} else if (!picspurious(irq)) {
			piceoi(irq);
		}
	} else if (v == T_SYSCALL) {
		syscall(tf);
	} else {
		/* int $n from ring 3 to another vector fails the DPL check with
		 * #GP before it gets here; anything else is a stray. */
		kprintf("trap: stray vector %u\n", v);
	}
	return sched_return(tf);
}
