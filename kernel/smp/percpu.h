/* percpu.h: what each CPU keeps of its own, and the kernel's one lock
 * (docs/smp.md, docs/ARCHITECTURE.md "Several CPUs").
 *
 * Each CPU's struct percpu is a page of its own (percpu_area[cpu]), and
 * every page directory a CPU loads maps that CPU's page at one linear
 * address, PERCPU_VA (kernel/vm.c: the directory's entry for the window
 * is the CPU's own page table, written by the CPU as it loads the
 * directory). So the same address names each CPU's own state on that CPU:
 * the timer's struct irq0_state (kernel/time/tick.h) is at PERCPU_IRQ0, where
 * linker.ld puts the symbol irq0, so that boot/irq0.asm reaches
 * this CPU's with the same one-instruction operands it used for the one
 * CPU's. The page after it in
 * the window is the local APIC's registers (with several CPUs), whose EOI
 * and timer count are then one store away too. Another CPU's page is reached at
 * its own address, percpu_area[cpu]. */
#ifndef KERNEL_SMP_PERCPU_H
#define KERNEL_SMP_PERCPU_H

#include <stdint.h>
#include "tick.h"
#include "acpi.h"

#define PERCPU_VA	0xFC000000u		/* the window (kernel/vm.c) */
#define PERCPU_PDX	(PERCPU_VA >> 22)
#define LAPIC_VA	(PERCPU_VA + 0x1000)	/* this CPU's local APIC, with several CPUs */

struct proc;

struct percpu {
	struct proc *cur;		/* first: linker.ld's cpu0_curproc (bench/truth) */
	struct proc *idle;		/* its idle process */
	int index;			/* 0 to ncpu - 1 */
	int resched;			/* switch on the way back to ring 3 */
	struct proc *fpu_owner;		/* whose registers its FPU holds, or 0 */
	uint32_t pde;			/* the directory entry that maps its window */
	uint32_t *kpgdir;		/* the directory it runs when idle */
	/* The kernel's lock (klock_take): held by this CPU (from the trap
	 * that took it until trapret); waited for; to be let go at trapret. */
	uint32_t klocked, klock_waiting, klock_release;
	struct irq0_state irq0 __attribute__((aligned(64)));	/* at PERCPU_IRQ0 */
	/* Counted by its ticks since the clock started, with several CPUs:
	 * in the kernel, idle, and late (periods whose tick the CPU took
	 * only after the next deadline: each then counted at once, by a
	 * tick the last one sent itself, boot/irq0.asm); and the processes
	 * it took that last ran on another. */
	uint64_t kticks, iticks;
	uint32_t late, moved_in;
	/* turns=1 (kernel/smp/turns.h): the busy CPU the turn goes to from
	 * this one, and that CPU's APIC ID (shifted for the ICR); its first
	 * period as it joins the round; the ticks in ring 3 left in its turn
	 * (signed), and a turn's, a quantum. */
	uint32_t turn_next, turn_next_id, turn_first;
	uint32_t apic_id;		/* its local APIC's ID (kernel/smp/start.c) */
	int32_t turn_left, turn_ticks;
} __attribute__((aligned(4096)));
#define PERCPU_IRQ0	(PERCPU_VA + 64)	/* linker.ld's irq0 */

extern struct percpu percpu_area[NCPU_MAX];
#define this_cpu ((struct percpu *)PERCPU_VA)
extern int ncpu;			/* CPUs running: 1 until smp_init() starts more */
/* Set once the other CPUs may go into the scheduler (kernel/sched.c's
 * sched_start, the first process taken); until then they wait in ap_main
 * (start.c). */
extern volatile int smp_go;
/* The index of the CPU that runs the caller: 0 to ncpu - 1. */
int smp_cpu(void);

/* CPU cpu's page made (its irq0 at rest) and its page table, which maps
 * it at PERCPU_VA; returns the directory entry that maps the window. */
uint32_t percpu_init(int cpu);
/* The local APIC's registers (physical lapic_phys) in every CPU's
 * window, uncached. */
void percpu_map_lapic(uint32_t lapic_phys);

/* The kernel's lock: every entry into the kernel's C from a trap takes it
 * (kernel/trap.c), but the timer's: a tick never waits. A CPU that waits
 * takes its ticks meanwhile (they are the kernel's), and a trap nested in
 * the wait goes no further than counting. With one CPU, nothing is done. */
void klock_take(void);
/* The ticket lock's words: the next ticket, and the one served, which
 * boot/trapentry.asm adds 1 to, to let the lock go; then, if another CPU
 * waits, it runs pause, which under -icount ends its turn so that the
 * waiter runs now rather than at its next turn (docs/smp.md). */
extern volatile uint32_t klock_next, klock_owner;

#endif
