/* pit8253.c: the 8253/8254 PIT, channel 0 as a rate generator on IRQ0. */
#include "pit8253.h"
#include "../kernel/ioport.h"

#define PIT_CH0		0x40
#define PIT_CMD		0x43

void pitinit(uint32_t hz)
{
	outb(PIT_CMD, 0x34);	/* 00 11 010 0: channel 0, lobyte/hibyte, mode 2, binary */
	pitsetdivisor((uint16_t)PIT_DIVISOR(hz));
}

/* In mode 2 a new count takes effect when the current period ends. */
void pitsetdivisor(uint16_t divisor)
{
	outb(PIT_CH0, divisor & 0xFF);
	outb(PIT_CH0, divisor >> 8);
}
