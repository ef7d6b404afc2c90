/* machine.c: the bare kernel's machine, as the OSDev wiki's Bare Bones
 * has it: COM1 polled, a flat GDT, an IDT, the two 8259 PICs, the PIT's
 * channel 0 on IRQ0, QEMU's exit device, the interrupt flag; one CPU,
 * ring 0 only, no paging (bare.h). */
#include "bare.h"

/* ---- COM1: 115200 baud, 8 bits, no parity, 1 stop bit, polled ---------- */
#define COM1 0x3F8

void serial_init(void)
{
	outb(COM1 + 1, 0x00);	/* IER: no interrupts */
	outb(COM1 + 3, 0x80);	/* LCR: 1000 0000: DLAB, to reach the divisor */
	outb(COM1 + 0, 0x01);	/* DLL: 115200 / 1 */
	outb(COM1 + 1, 0x00);	/* DLM */
	outb(COM1 + 3, 0x03);	/* LCR: 0000 0011: 8 bits, no parity, 1 stop bit, DLAB off */
	outb(COM1 + 2, 0xC7);	/* FCR: 1100 0111: FIFOs on and cleared, 14-byte threshold */
}

void serial_write(const void *data, size_t len)
{
	const char *p = data;

	while (len--) {
		while (!(inb(COM1 + 5) & 0x20))	/* LSR bit 5: room to send */
			;
		outb(COM1, (uint8_t)*p++);
	}
}

void serial_puts(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	serial_write(s, n);
}

void serial_putdec(uint32_t v)
{
	char d[10];
	int n = 0;

	do {
		d[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		serial_write(&d[--n], 1);
}

/* ---- QEMU's isa-debug-exit (iobase 0xF4): QEMU exits with (code << 1) | 1 */
void shutdown(uint8_t code)
{
	outb(0xF4, code);
	for (;;)		/* not QEMU, or no exit device: stop here */
		__asm__ volatile("cli; hlt");
}

/* ---- the GDT: a null entry, then code and data over all 4 GiB, ring 0 ---- */
struct dtr {
	uint16_t limit;
	uint32_t base;
} __attribute__((packed));

static const uint64_t gdt[3] = {
	0,
	0x00CF9A000000FFFFull,	/* 0x08: base 0, limit 0xFFFFF pages; 1001 1010: present, ring 0, code, readable */
	0x00CF92000000FFFFull,	/* 0x10: the same; 1001 0010: data, writable */
};
void gdt_load(const struct dtr *gdtr);		/* boot.asm */

void gdt_init(void)
{
	struct dtr gdtr = { sizeof(gdt) - 1, (uint32_t)gdt };

	gdt_load(&gdtr);
}

/* ---- the IDT: the first 48 vectors, each an interrupt gate (IF off) ----- */
static uint64_t idt[48];
extern const uint32_t trap_entries[48];		/* boot.asm */
void irq0_entry(void);

static void idt_set(int vector, uint32_t entry)
{
	/* offset 15..0, selector, 1000 1110 0000 0000: present, ring 0, 32-bit interrupt gate, offset 31..16 */
	idt[vector] = (entry & 0xFFFF) | (uint64_t)KCODE << 16 | (uint64_t)0x8E00 << 32 |
		      (uint64_t)(entry >> 16) << 48;
}

void idt_init(void)
{
	struct dtr idtr = { sizeof(idt) - 1, (uint32_t)idt };

	for (int v = 0; v < 48; v++)
		idt_set(v, trap_entries[v]);
	idt_set(32, (uint32_t)irq0_entry);
	__asm__ volatile("lidt %0" : : "m"(idtr));
}

/* ---- the 8259 PICs: IRQ 0-7 at vectors 32-39, 8-15 at 40-47 -------------- */
void pic_init(void)
{
	outb(0x20, 0x11);	/* ICW1: 0001 0001: edge-triggered, cascade, ICW4 follows */
	outb(0xA0, 0x11);
	outb(0x21, 0x20);	/* ICW2: the master's vectors from 32 */
	outb(0xA1, 0x28);	/* ICW2: the slave's from 40 */
	outb(0x21, 0x04);	/* ICW3: 0000 0100: a slave on IR2 */
	outb(0xA1, 0x02);	/* ICW3: the slave's cascade identity, 2 */
	outb(0x21, 0x01);	/* ICW4: 8086 mode, normal EOI */
	outb(0xA1, 0x01);
	outb(0x21, 0xFE);	/* OCW1: every IRQ masked but IRQ0 */
	outb(0xA1, 0xFF);
}

uint32_t irq_save(void)
{
	uint32_t eflags;

	__asm__ volatile("pushf; pop %0; cli" : "=r"(eflags) : : "memory");
	return eflags;
}

/* A tick held back while interrupts were off is taken after the
 * instruction that follows sti: the nop, here, so that it is counted in
 * this function, not in whatever comes next. */
void irq_restore(uint32_t eflags)
{
	if (eflags & 0x200)
		__asm__ volatile("sti; nop" : : : "memory");
}

/* ---- the PIT: channel 0 on IRQ0, each period drawn anew (bare.h) -------- */
uint32_t pit_base, pit_spread, pit_rng = 1;

void pit_period(uint32_t *base, uint32_t *spread)
{
	*base = pit_base;
	*spread = pit_spread;
}

void pit_init(uint32_t hz)
{
	uint32_t div = PIT_DIVISOR(hz);

	pit_spread = div / 2;
	if (pit_spread > 2 * (0xFFFF - div))	/* the longest period within the 16-bit count (below 37 Hz) */
		pit_spread = 2 * (0xFFFF - div);
	pit_base = div - pit_spread / 2;
	outb(0x43, 0x34);	/* 00 11 010 0: channel 0, low then high byte, mode 2 (rate), binary */
	pit_write(pit_next_period());
}
