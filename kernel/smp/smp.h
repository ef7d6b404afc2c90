/* smp.h: the machine's CPUs: found in ACPI's MADT (acpi.h), started by
 * INIT and start-up IPIs through boot/trampoline.asm, and what each counts
 * of its own (docs/smp.md). */
#ifndef KERNEL_SMP_SMP_H
#define KERNEL_SMP_SMP_H

#include <stdint.h>
#include "acpi.h"

#define SMP_TICK_VECTOR	0xF0	/* every other CPU's local APIC timer (boot/irq0.asm's smp_tick) */
#define SMP_TICK0_VECTOR 0xF1	/* the first CPU's (smp_tick0) */
/* The local APIC tick's generator of deadlines, x = x * SMP_MCG_MUL mod
 * 2^32 from an odd seed (0 with jitter=0: every offset 0): a
 * multiplicative congruential generator, its period 2^30, of which the
 * tick takes the top bits as the offset (x >> the shift: the spread is a
 * power of two); the multiplier is Steele and Vigna's for 32 bits
 * ("Computationally easy, spectrally good multipliers for congruential
 * pseudorandom number generators", 2021). With the one CPU's LCG and a
 * mul, the tick would take two instructions more (docs/smp.md). */
#define SMP_MCG_MUL 0xAE3CC725u
/* The immediates of the period and the shift as boot/irq0.asm assembles
 * them, which smp_clock_start() checks before it writes each. */
#define SMP_PERIOD_MARK 0x7EADBEEFu
#define SMP_SHIFT_MARK 31

/* A CPU as it was started. What it keeps of its own, its ticks' counts
 * among them, is its page (percpu.h). */
struct cpu {
	uint32_t apic_id;
	volatile uint32_t started;	/* set by the CPU once it runs the kernel */
	uint8_t *kstack;		/* its own kernel stack (an AP's) */
} __attribute__((aligned(64)));

extern struct cpu cpus[NCPU_MAX];
extern int ncpu;			/* CPUs running: 1 until smp_init() starts more */

/* Finds the CPUs and starts the others, their trampoline copied to the
 * physical page tramp (below 1 MiB, page-aligned, not the allocator's).
 * Returns the CPUs running. With one CPU found, touches nothing. */
int smp_init(uint32_t tramp);
/* With several CPUs: the PIT's IRQ0 becomes the clock alone (boot/
 * irq0.asm's irq0_clock), and every CPU's local APIC timer, calibrated
 * here against the PIT, ticks it (smp_tick0, smp_tick) at the same rate;
 * each other CPU gets its idle process and goes into the scheduler.
 * After clockinit(), which started the PIT, and procinit(), with
 * interrupts off. */
void smp_clock_start(void);
/* The index of the CPU that runs the caller: 0 to ncpu - 1. */
int smp_cpu(void);
/* profiler/include/profkern/port.h's prof_replan(): every other CPU's plan dropped, and
 * with wait, no tick begun under an old one still running. */
void smp_replan(int wait);
/* Each CPU's counts on the console (with several CPUs only). */
void smp_report(void);

#endif
