/* lapic.h: the local APIC of each CPU, through its registers in memory
 * (Intel SDM vol. 3, chapter 10), mapped uncached by vm_map_mmio()
 * (kernel/vm.c) at its physical address. */
#ifndef KERNEL_SMP_LAPIC_H
#define KERNEL_SMP_LAPIC_H

#include <stdint.h>

#define LAPIC_ID	0x020
#define LAPIC_EOI	0x0B0
#define LAPIC_SVR	0x0F0
#define LAPIC_ICR_LO	0x300
#define LAPIC_ICR_HI	0x310

#define LAPIC_SPURIOUS	0xFF		/* the spurious vector; SVR bit 8 enables */
#define ICR_INIT	0x00000500u
#define ICR_STARTUP	0x00000600u
#define ICR_ASSERT	0x00004000u
#define ICR_LEVEL	0x00008000u
#define ICR_BUSY	0x00001000u	/* delivery status: send pending */
#define ICR_ALL_BUT_SELF 0x000C0000u

/* The registers' linear address (= physical), 0 until lapic_map(). */
extern volatile uint32_t *lapic;

int lapic_map(uint32_t phys);		/* 0, or -1: not where it can be mapped */
void lapic_enable(void);		/* this CPU's: software-enabled, spurious vector set */
uint32_t lapic_id(void);		/* this CPU's APIC ID */
/* Sends an IPI (ICR's low word icr) to the CPU of APIC ID dest and waits
 * for its delivery: 0, or -1 when it stayed pending. */
int lapic_ipi(uint32_t dest, uint32_t icr);
void udelay(uint32_t us);		/* about us microseconds: a port read each */

#endif
