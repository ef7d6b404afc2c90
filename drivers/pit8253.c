/* pit8253.c: the 8253/8254 PIT, channel 0 as a rate generator on IRQ0. */
#include "pit8253.h"
#include "ioport.h"

#define PIT_CH0		0x40
#define PIT_CMD		0x43

uint16_t pitcount(void)
{
	uint8_t lo;

	outb(PIT_CMD, 0x00);	/* 00 00 xxxx: channel 0, counter latch */
	lo = inb(PIT_CH0);
	return (uint16_t)(lo | inb(PIT_CH0) << 8);
}

/* Whether writing a count restarts the period at once, as QEMU's 8254
 * does, or waits for the period's end, as a real one in mode 2: write the
 * longest count, let half of it run, write it again and look. */
static int pitprobe(void)
{
	outb(PIT_CMD, 0x34);	/* 00 11 010 0: channel 0, lobyte/hibyte, mode 2, binary */
	pitsetdivisor(0xFFFF);
	for (long i = 0; i < 10000000 && pitcount() > 0x8000; i++)
		;
	pitsetdivisor(0xFFFF);
	return pitcount() > 0xC000;
}

void pitinit(uint32_t hz)
{
	outb(PIT_CMD, 0x34);	/* 00 11 010 0: channel 0, lobyte/hibyte, mode 2, binary */
	pitsetdivisor((uint16_t)PIT_DIVISOR(hz));
}

/* Spreads each period uniformly over pit_jitter_span(divisor) counts around
 * the nominal divisor, so that a loop cannot lock onto the sampling: each
 * next period is *base + (a random number below *spread), which the timer
 * interrupt writes (boot/irq0.asm). */
int pitjitter(uint32_t hz, int on, uint32_t *base, uint32_t *spread)
{
	uint32_t divisor = PIT_DIVISOR(hz), span = pit_jitter_span(divisor);

	*spread = on && span > 1 ? span : 0;
	*base = divisor - span / 2;
	/* A chip that restarts on a write (QEMU's) runs the written count
	 * plus one, from the write: take the one off. The write follows the
	 * tick by a few instructions (boot/irq0.asm), a fraction of a count
	 * that stays. pitinit() programs the chip after the probe. */
	if (*spread && pitprobe())
		--*base;
	return *spread != 0;
}

/* In mode 2 a new count takes effect when the current period ends. */
void pitsetdivisor(uint16_t divisor)
{
	outb(PIT_CH0, divisor & 0xFF);
	outb(PIT_CH0, divisor >> 8);
}
