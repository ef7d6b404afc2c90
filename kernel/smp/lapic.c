/* lapic.c: the local APIC: mapped, enabled, and the IPIs that start the
 * other CPUs (lapic.h). */
#include "lapic.h"
#include "vm.h"
#include "ioport.h"
#include "pit8253.h"
#include "x86.h"

volatile uint32_t *lapic;

static inline uint32_t rd(uint32_t reg) { return lapic[reg / 4]; }
static inline void wr(uint32_t reg, uint32_t v) { lapic[reg / 4] = v; }

int lapic_map(uint32_t phys)
{
	if (vm_map_mmio(phys))
		return -1;
	lapic = (volatile uint32_t *)phys;
	return 0;
}

void lapic_enable(void)
{
	wr(LAPIC_SVR, 0x100 | LAPIC_SPURIOUS);
}

uint32_t lapic_id(void)
{
	return rd(LAPIC_ID) >> 24;
}


int lapic_ipi(uint32_t dest, uint32_t icr)
{
	uint32_t fl = irq_save();	/* the tick writes ICR_LO too (its self-IPI) */
	int r = -1;

	wr(LAPIC_ICR_HI, dest << 24);
	wr(LAPIC_ICR_LO, icr);
	for (int i = 0; i < 100000 && r; i++)
		if (!(rd(LAPIC_ICR_LO) & ICR_BUSY))
			r = 0;
	irq_restore(fl);
	return r;
}

/* Port 0x80, the POST port, takes about a microsecond to read on a PC;
 * the timer is not running yet when the CPUs are started. */
void udelay(uint32_t us)
{
	while (us--)
		(void)inb(0x80);
}

/* Over PIT_CAL_COUNTS of the PIT's counts (about 2 ms), read back from
 * channel 0 at least twice a period: the local APIC's timer counting down
 * from its largest count, and the TSC. A read of each is a few
 * instructions, a hundredth of a PIT count or less, so each ratio is good
 * to 1 in 10^4. */
#define PIT_CAL_COUNTS	2400

void lapic_calibrate(uint32_t divisor, uint32_t *lapic_ratio, uint32_t *tsc_ratio)
{
	uint32_t elapsed = 0, prev, cur, left;
	uint64_t t0, t1;

	wr(LAPIC_TDCR, TDCR_BY_1);
	wr(LAPIC_LVT_TIMER, LVT_MASKED);
	prev = pitcount();
	wr(LAPIC_TMICT, 0xFFFFFFFFu);
	t0 = rdtsc();
	while (elapsed < PIT_CAL_COUNTS) {
		cur = pitcount();
		elapsed += (prev - cur + divisor) % divisor;
		prev = cur;
	}
	left = rd(LAPIC_TMCCT);
	t1 = rdtsc();
	wr(LAPIC_TMICT, 0);
	*lapic_ratio = (uint32_t)(((uint64_t)(0xFFFFFFFFu - left) << 16) / elapsed);
	*tsc_ratio = (uint32_t)(((t1 - t0) << 16) / elapsed);
}

void lapic_timer_start(uint8_t vector, uint32_t count)
{
	wr(LAPIC_TDCR, TDCR_BY_1);
	wr(LAPIC_LVT_TIMER, vector);
	wr(LAPIC_TMICT, count);
}

uint32_t lapic_timer_left(void)
{
	return rd(LAPIC_TMCCT);
}

/* The timer masked and stopped, its interrupt taken acknowledged. */
void lapic_timer_stop(void)
{
	wr(LAPIC_LVT_TIMER, LVT_MASKED);
	wr(LAPIC_TMICT, 0);
	wr(LAPIC_EOI, 0);
}
