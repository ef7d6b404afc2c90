/* pic8259.c: the 8259A PIC pair, remapped above the CPU exceptions. */
#include "pic8259.h"
#include "ioport.h"

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xA0
#define PIC2_DATA	0xA1
#define PIC_EOI		0x20	/* OCW2: non-specific end of interrupt */
#define PIC_READ_ISR	0x0B	/* OCW3: read the in-service register next */

static uint16_t irqmask = 0xFFFF & ~(1 << 2);	/* all masked but the cascade */

static void setmask(void)
{
	outb(PIC1_DATA, irqmask & 0xFF);
	outb(PIC2_DATA, irqmask >> 8);
}

void picinit(void)
{
	outb(PIC1_CMD, 0x11);		/* ICW1: 0001 0001  edge, cascade, ICW4 needed */
	outb(PIC2_CMD, 0x11);
	outb(PIC1_DATA, IRQ_BASE);	/* ICW2: vector of IRQ 0 */
	outb(PIC2_DATA, IRQ_BASE + 8);	/* ICW2: vector of IRQ 8 */
	outb(PIC1_DATA, 1 << 2);	/* ICW3: slave on IRQ 2 */
	outb(PIC2_DATA, 2);		/* ICW3: slave identity 2 */
	outb(PIC1_DATA, 0x01);		/* ICW4: 0000 0001  8086 mode, normal EOI */
	outb(PIC2_DATA, 0x01);
	setmask();
}

void picenable(int irq)
{
	irqmask &= (uint16_t)~(1u << irq);
	setmask();
}

void piceoi(int irq)
{
	if (irq >= 8)
		outb(PIC2_CMD, PIC_EOI);
	outb(PIC1_CMD, PIC_EOI);
}

/* A spurious IRQ 7 or 15 has no bit in the in-service register. */
int picspurious(int irq)
{
	uint16_t port = irq == IRQ_SPURIOUS_MASTER ? PIC1_CMD : PIC2_CMD;
	if (irq != IRQ_SPURIOUS_MASTER && irq != IRQ_SPURIOUS_SLAVE)
		return 0;
	outb(port, PIC_READ_ISR);
	if (inb(port) & 0x80)
		return 0;
	if (irq == IRQ_SPURIOUS_SLAVE)
		outb(PIC1_CMD, PIC_EOI);	/* the master did see the cascade */
	return 1;
}
