/* clock.c: time, from the PIT: the timer's settings (clockinit), the
 * clock's tick count, the sleepers' wakeups each CPU's tick watches, and,
 * with several CPUs, the PIT's IRQ0 as the clock alone (clock_irq). The
 * tick itself is boot/irq0.asm, its state kernel/time/tick.h. */
#include "clock.h"
#include "pit8253.h"
#include "pic8259.h"
#include "x86.h"
#include "cpu.h"
#include "tick.h"
#include "percpu.h"
#include "turns.h"

/* irq0, each CPU's, is in its own page (kernel/smp/percpu.c's
 * percpu_init: the generator's seed 1 until clockinit() sets seed=N's, no
 * sleeper). */
static uint32_t hz;
static uint32_t quantum;	/* ticks */
static uint32_t pit_base, pit_spread;	/* the periods, in PIT counts (clock_period) */
/* With several CPUs, the PIT's ticks, the clock of record (clock_irq()
 * counts them; with one CPU, its tick count is the clock). */
static volatile uint64_t clock_pit;
static uint32_t clock_ratio;	/* TSC counts per PIT count, times 65536 */
static uint32_t clock_last;	/* the TSC (low word) at the last period's start */
static volatile uint64_t clock_wake = ~0ull;	/* the soonest sleeper's tick, in the clock's */

void clockinit(uint32_t rate, int jitter, uint32_t seed)
{
	hz = rate;
	irq0.jitter_seed = seed;
	if (!pitjitter(rate, jitter, &irq0.jitter_base, &irq0.jitter))
		cpu_setvector(IRQ_BASE + IRQ_TIMER, (uint32_t)irq0_fixed);	/* IRQ0 without the jitter's work */
	pit_base = PIT_DIVISOR(rate) - irq0.jitter / 2;
	pit_spread = irq0.jitter;
	quantum = rate * QUANTUM_MS / 1000;
	if (quantum == 0)
		quantum = 1;	/* below 100 Hz a tick is longer than the quantum */
	pitinit(rate);
	/* The 8259 made again (picinit keeps the mask) forgets an edge it
	 * latched from the firmware's timer or this mode set, which IRQ0 would
	 * take at a time set by the boot's disk reads (docs/decisions.md). */
	picinit();
	picenable(IRQ_TIMER);
}

uint32_t clock_hz(void) { return hz; }

/* As drivers/pit8253.c draws it: the chip's own correction for QEMU's
 * restart on a write (irq0.jitter_base one count less) left out. (With
 * several CPUs each draws its periods alike, in its TSC's counts.) */
void clock_period(uint32_t *base, uint32_t *spread)
{
	*base = pit_base;
	*spread = pit_spread;
}

/* turns=1's period (kernel/smp/turns.h, timers.c's): turns_base + [0,
 * 2^(32 - turns_shift)) TSC counts, each CPU's ticks such periods of its
 * own work; *tsc_hz, the TSC's counts a second. 0 without turns. */
int clock_turns_period(uint32_t *tsc_hz, uint32_t *base, uint32_t *spread)
{
	uint64_t rate = ((uint64_t)clock_ratio * PIT_HZ + 0x8000) >> 16;

	if (!smp_turns || !turns_base || rate > 0xffffffffu)
		return 0;
	*tsc_hz = (uint32_t)rate;
	*base = turns_base;
	*spread = pit_spread && turns_shift < 32 ? 1u << (32 - turns_shift) : 0;
	return 1;
}
uint32_t clock_quantum(void) { return quantum; }

/* CPU c's tick count, its own timer's (with one CPU, the PIT's: the
 * clock's). Another CPU reads it until its high word is the same before
 * and after; the tick writes the low word, then the carry into the high
 * one, so a read across a carry (every 2^32 ticks: 49.7 days at 1000 Hz)
 * may still come out 2^32 short. */
static uint64_t ticks_of(int c)
{
	volatile uint64_t *ticks = &percpu_area[c].irq0.ticks;
	uint32_t fl = irq_save(), hi;
	uint64_t t;

	do {
		hi = (uint32_t)(*ticks >> 32);
		t = *ticks;
	} while ((uint32_t)(t >> 32) != hi);
	irq_restore(fl);
	return t;
}

/* PIT counts n in TSC counts. */
static uint32_t pit_in_tsc(uint32_t n)
{
	return clock_pit_in_tsc(n, clock_ratio);
}

void clock_start_pit(uint32_t tsc_ratio)
{
	clock_ratio = tsc_ratio;
	clock_pit = irq0.ticks;
	pitinit(hz);		/* the nominal period from now: never written again */
	clock_last = (uint32_t)rdtsc();
}

/* The PIT's IRQ0, with several CPUs (boot/irq0.asm's irq0_clock, on the
 * first CPU): the periods since the last one it counted, however late it
 * is taken, from where the chip's count says its period began
 * (docs/decisions.md, "Several CPUs"). */
void clock_irq(void)
{
	uint32_t now = (uint32_t)rdtsc(), div = PIT_DIVISOR(hz);
	uint32_t in = div - pitcount(), start = now - pit_in_tsc(in < div ? in : 0);
	int32_t since = (int32_t)(start - clock_last);	/* (2 s of IRQ0s missed would be lost) */

	piceoi(IRQ_TIMER);
	if (since > 0) {
		clock_pit += ((uint32_t)since + pit_in_tsc(div) / 2) / pit_in_tsc(div);
		clock_last = start;
	}
	/* A sleeper's tick come: this CPU's next slice end calls on the
	 * scheduler, which wakes it (another CPU may set the word to 0 under
	 * the lock: then the next IRQ0 sets it again). */
	if (clock_pit >= clock_wake)
		irq0.sched_work = 1;
	/* turns=1 (kernel/smp/turns.h): the clock's work is no process's;
	 * the turn's next period gets it back (one this long that was not
	 * ended by another CPU's turn). */
	if (smp_turns)
		turns_give_back((uint32_t)rdtsc() - now);
}

uint64_t clock_ticks(void)
{
	uint32_t fl, hi;
	uint64_t t;

	if (ncpu < 2)
		return ticks_of(0);
	fl = irq_save();
	do {
		hi = (uint32_t)(clock_pit >> 32);
		t = clock_pit;
	} while ((uint32_t)(t >> 32) != hi);
	irq_restore(fl);
	return t;
}

/* Every CPU's next_wakeup, in its own count, as it stands behind the
 * clock's now (a CPU an emulator left out counts its periods late), and
 * the soonest tick, which the clock's own IRQ0 watches (docs/decisions.md,
 * "Several CPUs"). With sooner, only where it is sooner. Another CPU's
 * IRQ0 may read its word half-written: at worst a needless trip into the
 * scheduler, or a wakeup a tick late. */
void clock_set_wakeups(uint64_t tick, int sooner)
{
	uint32_t fl = irq_save();
	uint64_t now = clock_ticks();

	if (!sooner || tick < clock_wake)
		clock_wake = tick;
	for (int c = 0; c < ncpu; c++) {
		struct irq0_state *q = &percpu_area[c].irq0;
		uint64_t own = tick == ~0ull ? ~0ull : tick <= now ? 0 : ticks_of(c) + (tick - now);

		if (!sooner || own < q->next_wakeup)
			q->next_wakeup = own;
	}
	irq_restore(fl);
}

uint64_t clock_soonest(void)
{
	uint32_t fl = irq_save();
	uint64_t t = clock_wake;	/* (written under the kernel's lock, which the caller holds) */

	irq_restore(fl);
	return t;
}
