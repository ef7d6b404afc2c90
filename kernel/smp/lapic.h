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
#define LAPIC_LVT_TIMER	0x320
#define LAPIC_TMICT	0x380		/* the timer's initial count: a write starts it */
#define LAPIC_TMCCT	0x390		/* its current count */
#define LAPIC_TDCR	0x3E0		/* its divider */

#define LAPIC_SPURIOUS	0xFF		/* the spurious vector; SVR bit 8 enables */
#define ICR_INIT	0x00000500u
#define ICR_STARTUP	0x00000600u
#define ICR_ASSERT	0x00004000u
#define ICR_LEVEL	0x00008000u
#define ICR_BUSY	0x00001000u	/* delivery status: send pending */
#define ICR_SELF	0x00040000u	/* the destination shorthand: this CPU */
#define LVT_MASKED	0x00010000u
#define TDCR_BY_1	0xB

/* The registers' linear address (= physical), 0 until lapic_map(). */
extern volatile uint32_t *lapic;

int lapic_map(uint32_t phys);		/* 0, or -1: not where it can be mapped */
void lapic_enable(void);		/* this CPU's: software-enabled, spurious vector set */
uint32_t lapic_id(void);		/* this CPU's APIC ID */
/* Sends an IPI (ICR's low word icr) to the CPU of APIC ID dest and waits
 * for its delivery: 0, or -1 when it stayed pending. */
int lapic_ipi(uint32_t dest, uint32_t icr);
void udelay(uint32_t us);		/* about us microseconds: a port read each */
/* This CPU's timer and TSC against the PIT's channel 0, which runs at its
 * divisor (pitinit) with interrupts masked: the timer's counts (divided
 * by 1) and the TSC's per PIT count, times 65536. */
void lapic_calibrate(uint32_t divisor, uint32_t *lapic_ratio, uint32_t *tsc_ratio);
/* This CPU's timer, one-shot, to interrupt at vector count counts from
 * now; boot/irq0.asm's tick writes each next count. */
void lapic_timer_start(uint8_t vector, uint32_t count);
uint32_t lapic_timer_left(void);	/* its current count: 0 once it has run out */
void lapic_timer_stop(void);		/* masked, stopped, its interrupt acknowledged */

#endif
