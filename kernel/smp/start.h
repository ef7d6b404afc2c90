/* start.h: the other CPUs, found in ACPI's MADT (findcpus.h) and started by
 * INIT and start-up IPIs through boot/trampoline.asm (start.c,
 * docs/smp.md). */
#ifndef KERNEL_SMP_START_H
#define KERNEL_SMP_START_H

#include <stdint.h>
#include "acpi.h"

/* A CPU as it was started. What it keeps of its own, its ticks' counts
 * among them, is its page (percpu.h). */
struct cpu {
	uint32_t apic_id;
	volatile uint32_t started;	/* set by the CPU once it runs the kernel */
	uint8_t *kstack;		/* its own kernel stack (an AP's) */
} __attribute__((aligned(64)));

extern struct cpu cpus[NCPU_MAX];

/* Finds the CPUs and starts the others, their trampoline copied to the
 * physical page tramp (below 1 MiB, page-aligned, not the allocator's).
 * Returns the CPUs running. With one CPU found, touches nothing. */
int smp_init(uint32_t tramp);

#endif
