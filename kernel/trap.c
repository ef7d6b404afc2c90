/* trap.c: the one dispatcher every vector reaches. */
#include "trap.h"
#include "cpu.h"
#include "console.h"
#include "proc.h"
#include "systab.h"
#include "pic8259.h"
#include "percpu.h"
#include "sched.h"
#include "x86.h"
#include <stddef.h>

static void kernelfault(struct trapframe *tf)
{
	uint32_t cr2;
	__asm__ volatile("mov %%cr2, %0" : "=r"(cr2));
	panic("%s (vector %u) error 0x%04x at %04x:%08x eflags %08x cr2 %08x",
	      trapname(tf->trapno), tf->trapno, tf->err, tf->cs, tf->eip, tf->eflags, cr2);
}

/* An IRQ's own work (v from IRQ_BASE on): the timer's slice end (the tick
 * itself counted and acknowledged by boot/irq0.asm), another's EOI unless
 * it was spurious. */
static void serve_irq(uint32_t v)
{
	int irq = (int)(v - IRQ_BASE);

	if (irq == IRQ_TIMER)
		sched_tick();
	else if (!picspurious(irq))
		piceoi(irq);
}

/* With several CPUs, the kernel's C runs under its lock (kernel/smp/
 * percpu.h, docs/ARCHITECTURE.md): taken by the trap that enters it from
 * ring 3 or idle, and let go by trapret once the CPU has switched to the
 * stack it returns on (boot/trapentry.asm): the one it came in on may be
 * another CPU's next. A trap nested in the kernel's work finds it held.
 * One that comes while the CPU waits for it (a tick) only counts. */
static int lock_kernel(struct trapframe *tf)
{
	if (ncpu < 2 || this_cpu->klocked)
		return 0;
	if (this_cpu->klock_waiting) {
		if (tf->trapno >= IRQ_BASE && tf->trapno < IRQ_BASE + 16)
			serve_irq(tf->trapno);
		return -1;
	}
	klock_take();
	return 1;
}

struct trapframe *trap(struct trapframe *tf)
{
	uint32_t v = tf->trapno;
	int took = lock_kernel(tf);

	if (took < 0)
		return tf;
	if (TF_VM86(tf)) {
		/* Virtual-8086 mode, entered by a forged iret: the interrupt is
		 * served, and the process ends as it would for a #GP. */
		if (v >= IRQ_BASE && v < IRQ_BASE + 16)
			serve_irq(v);
		proc_fault(tf);
	} else if (v < IRQ_BASE) {
		if (!TF_USER(tf))
			kernelfault(tf);
		proc_fault(tf);	/* ends the process, never the kernel */
	} else if (v < IRQ_BASE + 16) {
		serve_irq(v);
	} else if (v == T_SYSCALL) {
		syscall(tf);
	} else {
		/* int $n from ring 3 to another vector fails the DPL check with
		 * #GP before it gets here; anything else is a stray. */
		kprintf("trap: stray vector %u\n", v);
	}
	tf = sched_return(tf);
	if (took)
		this_cpu->klock_release = 1;
	return tf;
}
