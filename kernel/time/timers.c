/* timers.c: with several CPUs, every CPU's timer started: the local
 * APIC's timer checked against the PIT and the TSC, the period and the
 * spread written into the ticks' code, and each CPU's cells and first
 * deadline (timers.h). */
#include "timers.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "pic8259.h"
#include "pit8253.h"
#include "ptable.h"
#include "turns.h"

/* A CPU's next deadline, drawn in its next cell as boot/irq0.asm's
 * smp_tick draws it. */
static void irq0_draw(struct irq0_state *q, uint32_t period)
{
	q->jitter_seed *= SMP_MCG_MUL;
	q->deadline = q->cell + (uint32_t)(((uint64_t)q->jitter_seed * q->jitter) >> 32);
	q->cell += period;
}

/* The immediate that ends at label end in the ticks' code, of n bytes,
 * assembled as mark: written v, before any CPU runs it (the kernel's
 * mapping is writable). After proc_fingerprint_kernel() (kernel/main.c),
 * whose fingerprint of the kernel's code is the file's, as the host's
 * tools compute it. */
static void patch(char *end, uint32_t n, uint32_t mark, uint32_t v)
{
	uint8_t *p = (uint8_t *)((uintptr_t)end - n);
	uint32_t was = 0;

	__builtin_memcpy(&was, p, n);
	if (was != mark)
		panic("smp: the tick's immediate at %p is %x, not %x", (void *)p, was, mark);
	__builtin_memcpy(p, &v, n);
}

extern const char irq0_clock[], smp_tick[], smp_tick0[];	/* boot/irq0.asm */
/* The immediates in the ticks' code that smp_clock_start() writes: each
 * ends at its label. */
extern char smp_period_imm[], smp_period_imm0[], smp_shift_imm[], smp_shift_imm0[];
/* turns=1's (kernel/smp/turns.h): each period drawn from the shortest,
 * base, and the shift */
extern const char smp_rtick[], smp_wake[], smp_turn_ipi[];
extern char smp_rshift_imm[], smp_rbase_imm[];

/* Each CPU's cells a nominal period apart on its TSC, shifted by its
 * share of a period (docs/decisions.md, "Several CPUs"). The local APIC's
 * timer is written in TSC counts: unless the calibration finds the two at
 * one rate, the other CPUs are left out. */
void smp_clock_start(void)
{
	uint32_t base, spread, lr, tr, seed = irq0.jitter_seed, t0, period, shift = 31;

	if (ncpu < 2)
		return;
	clock_period(&base, &spread);
	lapic_calibrate(PIT_DIVISOR(clock_hz()), &lr, &tr);
	if (tr < 1024 || (lr / 1024 != tr / 1024 && (lr > tr ? lr - tr : tr - lr) > tr / 1000)) {
		kprintf("kernel: the local APIC's timer runs at %u counts, the TSC at %u, a PIT count "
			"(/65536): the other CPUs stay in their wait, the kernel runs on one\n", lr, tr);
		ncpu = 1;
		return;
	}
	clock_start_pit(tr);
	period = clock_pit_in_tsc(PIT_DIVISOR(clock_hz()), tr);
	if (spread) {
		shift = (uint32_t)__builtin_clz(period) + 1;	/* the spread, 2^(32 - shift): */
		spread = 1u << (32 - shift);
	}
	patch(smp_period_imm, 4, SMP_PERIOD_MARK, period);
	patch(smp_period_imm0, 4, SMP_PERIOD_MARK, period);
	patch(smp_shift_imm, 1, SMP_SHIFT_MARK, shift);
	patch(smp_shift_imm0, 1, SMP_SHIFT_MARK, shift);
	patch(smp_rshift_imm, 1, SMP_SHIFT_MARK, shift);
	patch(smp_rbase_imm, 4, SMP_PERIOD_MARK, period - spread / 2);
	turns_base = period - spread / 2;
	turns_shift = shift;
	__asm__ volatile("" ::: "memory");
	t0 = (uint32_t)rdtsc();
	cpu_setvector(SMP_TICK_VECTOR, (uint32_t)smp_tick);
	cpu_setvector(SMP_TICK0_VECTOR, (uint32_t)smp_tick0);
	cpu_setvector(SMP_RTICK_VECTOR, (uint32_t)smp_rtick);
	cpu_setvector(SMP_WAKE_VECTOR, (uint32_t)smp_wake);
	cpu_setvector(SMP_TURN_VECTOR, (uint32_t)smp_turn_ipi);
	cpu_setvector(IRQ_BASE + IRQ_TIMER, (uint32_t)irq0_clock);
	for (int c = 0; c < ncpu; c++) {
		struct irq0_state *q = &percpu_area[c].irq0;

		q->jitter = spread;
		/* odd, for SMP_MCG_MUL's period (seeds that differ in their top
		 * bit alone give the same); 0 with no spread */
		q->jitter_seed = spread ? (seed ^ (uint32_t)c * 0x9E3779B9u) << 1 | 1 : 0;
		q->cell = t0 + period / (uint32_t)ncpu * (uint32_t)c + period - q->jitter / 2;
		irq0_draw(q, period);
		if (c) {
			proc_idle_init(c);
			q->sched_work = 1;	/* the first process may be runnable */
		}
	}
	smp_timer_start();
}
