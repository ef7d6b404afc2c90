/* pit8253.c: the 8253/8254 PIT, channel 0 as a rate generator on IRQ0. */
#include "pit8253.h"
#include "../kernel/ioport.h"

#define PIT_CH0		0x40
#define PIT_CMD		0x43

/* Read by boot/irq0.asm, which writes each next period's divisor. */
uint32_t pit_jitter_mask;	/* 0: a fixed period */
uint32_t pit_jitter_base;	/* the nominal divisor less half the spread */
uint32_t pit_jitter_seed = 1;	/* fixed, so that runs stay identical */

void pitinit(uint32_t hz)
{
	outb(PIT_CMD, 0x34);	/* 00 11 010 0: channel 0, lobyte/hibyte, mode 2, binary */
	pitsetdivisor((uint16_t)PIT_DIVISOR(hz));
}

/* Spreads each period uniformly over pit_jitter_span(divisor) counts around
 * the nominal divisor, so that a loop cannot lock onto the sampling. */
void pitjitter(uint32_t hz, int on)
{
	uint32_t divisor = PIT_DIVISOR(hz), span = pit_jitter_span(divisor);

	pit_jitter_mask = on && span > 1 ? span - 1 : 0;
	pit_jitter_base = divisor - span / 2;
}

/* In mode 2 a new count takes effect when the current period ends. */
void pitsetdivisor(uint16_t divisor)
{
	outb(PIT_CH0, divisor & 0xFF);
	outb(PIT_CH0, divisor >> 8);
}
