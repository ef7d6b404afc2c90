/* kernel.c: the bare kernel's machine: COM1, a flat GDT, an IDT, the two
 * 8259 PICs, the PIT's channel 0 on IRQ0, QEMU's exit device, and kmain,
 * which profiles the kernel's own work through the profiler module
 * (port.c) and sends the dump over COM1. In the style of the OSDev wiki's
 * Bare Bones: one CPU, ring 0 only, no paging, everything polled but the
 * timer. */
#include "bare.h"

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}
static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* ---- COM1: 115200 baud, 8 bits, no parity, 1 stop bit, polled ---------- */
#define COM1 0x3F8

static void serial_init(void)
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
#define EXIT_OK		0x10	/* QEMU's status 33 */
#define EXIT_FAIL	0x11	/* QEMU's status 35 */

static void __attribute__((noreturn)) shutdown(uint8_t code)
{
	outb(0xF4, code);
	for (;;)		/* not QEMU, or no exit device: stop here */
		__asm__ volatile("cli; hlt");
}

/* One line on COM1, with the module's error code if there is one
 * (-PROF_E*, profkern/port.h), and QEMU's exit with a failure. */
static void __attribute__((noreturn)) fail(const char *why, int err)
{
	serial_puts("bare: ");
	serial_puts(why);
	if (err) {
		serial_puts(" (error ");
		serial_putdec((uint32_t)-err);
		serial_puts(")");
	}
	serial_puts("\n");
	shutdown(EXIT_FAIL);
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

static void idt_init(void)
{
	struct dtr idtr = { sizeof(idt) - 1, (uint32_t)idt };

	for (int v = 0; v < 48; v++)
		idt_set(v, trap_entries[v]);
	idt_set(32, (uint32_t)irq0_entry);
	__asm__ volatile("lidt %0" : : "m"(idtr));
}

/* A vector with no handler of its own (boot.asm): a fault, or an IRQ that
 * should be masked. Nothing to recover; say which and stop. */
void __attribute__((noreturn)) trap(uint32_t vector)
{
	serial_puts("bare: unexpected trap, vector ");
	serial_putdec(vector);
	fail("(stopped)", 0);
}

/* ---- the 8259 PICs: IRQ 0-7 at vectors 32-39, 8-15 at 40-47 -------------- */
static void pic_init(void)
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

/* ---- the PIT: channel 0 on IRQ0, each period drawn anew ------------------ */
#define PIT_HZ 1193182
#define PIT_DIVISOR(hz) ((PIT_HZ + (hz) / 2) / (hz))

/* A fixed period can fall into step with a loop of the work and sample
 * one part of it only; so each period is drawn uniformly from base +
 * [0, spread), spread half the nominal period (less where the longest
 * would not fit the PIT's 16 bits), around the nominal, whose mean it keeps. */
static uint32_t pit_base, pit_spread, rng = 1;

void pit_period(uint32_t *base, uint32_t *spread)
{
	*base = pit_base;
	*spread = pit_spread;
}

static void pit_write(uint32_t count)
{
	outb(0x40, count & 0xFF);	/* channel 0: low byte, then high */
	outb(0x40, count >> 8);
}

static uint32_t next_period(void)
{
	rng ^= rng << 13;	/* xorshift32: deterministic, so runs repeat */
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return pit_base + rng % pit_spread;
}

static void pit_init(uint32_t hz)
{
	uint32_t div = PIT_DIVISOR(hz);

	pit_spread = div / 2;
	if (pit_spread > 2 * (0xFFFF - div))	/* the longest period within the 16-bit count (below 37 Hz) */
		pit_spread = 2 * (0xFFFF - div);
	pit_base = div - pit_spread / 2;
	outb(0x43, 0x34);	/* 00 11 010 0: channel 0, low then high byte, mode 2 (rate), binary */
	pit_write(next_period());
}

/* What boot.asm's irq0_entry leaves on the stack: pushad's registers,
 * then the CPU's frame. */
struct frame {
	uint32_t edi, esi, ebp, esp, ebx, edx, ecx, eax;
	uint32_t eip, cs, eflags;
};

static volatile uint32_t ticks;

void irq0(struct frame *f)
{
	ticks++;
	pit_write(next_period());	/* QEMU's 8254 starts it now; a real one at this period's end */
	outb(0x20, 0x20);	/* OCW2: 0010 0000: non-specific EOI */
	profile_tick(f->eip, f->ebp);
}

/* ---- kmain ------------------------------------------------------------------ */
#define MB_BOOT_MAGIC	0x2BADB002
#define MB_INFO_CMDLINE	(1u << 2)
#define ROUNDS		4500	/* work(): about 5,000 samples at 1000 Hz under make bare's -icount */

struct mb_info {
	uint32_t flags, mem_lower, mem_upper, boot_device, cmdline;
};

/* The sample rate: "hz=N" on the command line (19 to 20000), else 1000. */
static uint32_t cmdline_hz(const struct mb_info *mb)
{
	const char *s;
	uint32_t hz = 0;

	if (!(mb->flags & MB_INFO_CMDLINE))
		return 1000;
	for (s = (const char *)mb->cmdline; *s; s++)
		if ((s == (const char *)mb->cmdline || s[-1] == ' ') && s[0] == 'h' && s[1] == 'z' && s[2] == '=')
			break;
	if (!*s)
		return 1000;
	for (s += 3; *s >= '0' && *s <= '9' && hz <= 20000; s++)
		hz = hz * 10 + (uint32_t)(*s - '0');
	if ((*s && *s != ' ') || hz < 19 || hz > 20000)
		fail("hz= must be a number from 19 to 20000", 0);
	return hz;
}

void __attribute__((noreturn)) kmain(uint32_t magic, const struct mb_info *mb)
{
	struct dtr gdtr = { sizeof(gdt) - 1, (uint32_t)gdt };
	uint32_t hz;
	int err;

	serial_init();
	if (magic != MB_BOOT_MAGIC)
		fail("not started by a multiboot loader", 0);
	hz = cmdline_hz(mb);
	gdt_load(&gdtr);
	idt_init();
	pic_init();
	pit_init(hz);
	if ((err = profile_start()))
		fail("the profile could not start", err);
	__asm__ volatile("sti; nop");	/* the clock ticks from here */
	work(ROUNDS);
	irq_save();
	serial_puts("bare: ");
	serial_putdec(ticks);
	serial_puts(" ticks at ");
	serial_putdec(hz);
	serial_puts(" Hz\n");
	if ((err = profile_stop_and_dump("bare.pro", hz)))
		fail("the dump could not be sent", err);
	shutdown(EXIT_OK);
}
