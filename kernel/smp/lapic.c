/* lapic.c: the local APIC: mapped, enabled, and the IPIs that start the
 * other CPUs (lapic.h). */
#include "lapic.h"
#include "vm.h"
#include "ioport.h"

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
	wr(LAPIC_ICR_HI, dest << 24);
	wr(LAPIC_ICR_LO, icr);
	for (int i = 0; i < 100000; i++)
		if (!(rd(LAPIC_ICR_LO) & ICR_BUSY))
			return 0;
	return -1;
}

/* Port 0x80, the POST port, takes about a microsecond to read on a PC;
 * the timer is not running yet when the CPUs are started. */
void udelay(uint32_t us)
{
	while (us--)
		(void)inb(0x80);
}
