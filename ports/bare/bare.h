/* bare.h: what the bare kernel's C files share: the machine's few
 * services (machine.c), the profile through the module (port.c), and the
 * work it profiles (work.c); kernel.c, on top, boots and takes the
 * interrupts. */
#ifndef PORTS_BARE_BARE_H
#define PORTS_BARE_BARE_H

#include <stddef.h>
#include <stdint.h>

#define KCODE 0x08		/* the flat code segment's selector (machine.c's GDT) */

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

/* machine.c */
void serial_init(void);
void serial_write(const void *data, size_t len);
void serial_puts(const char *s);
void serial_putdec(uint32_t v);
void gdt_init(void);			/* the flat GDT loaded, the segments reloaded */
void idt_init(void);			/* every vector to boot.asm's entries, IRQ0 to irq0_entry */
void pic_init(void);			/* IRQ 0-15 at vectors 32-47, every IRQ masked but IRQ0 */
uint32_t irq_save(void);		/* interrupts off; returns the old EFLAGS */
void irq_restore(uint32_t eflags);
#define EXIT_OK		0x10		/* QEMU's status 33 */
#define EXIT_FAIL	0x11		/* QEMU's status 35 */
void shutdown(uint8_t code) __attribute__((noreturn));	/* QEMU's isa-debug-exit */

/* The PIT. A fixed period can fall into step with a loop of the work and
 * sample one part of it only; so each period is drawn uniformly from base
 * + [0, spread), spread half the nominal period (less where the longest
 * would not fit the PIT's 16 bits), around the nominal, whose mean it
 * keeps. pit_init() starts it (machine.c); IRQ0 writes each next period
 * with the two below, inline. */
#define PIT_HZ 1193182
#define PIT_DIVISOR(hz) ((PIT_HZ + (hz) / 2) / (hz))
extern uint32_t pit_base, pit_spread, pit_rng;
void pit_init(uint32_t hz);
/* The sampling period in PIT counts: uniform over base + [0, spread). */
void pit_period(uint32_t *base, uint32_t *spread);

static inline void pit_write(uint32_t count)
{
	outb(0x40, count & 0xFF);	/* channel 0: low byte, then high */
	outb(0x40, count >> 8);
}

static inline uint32_t pit_next_period(void)
{
	pit_rng ^= pit_rng << 13;	/* xorshift32: deterministic, so runs repeat */
	pit_rng ^= pit_rng >> 17;
	pit_rng ^= pit_rng << 5;
	return pit_base + pit_rng % pit_spread;
}

/* port.c: the kernel's own code profiled through the module. */
int profile_start(void);
void profile_tick(uint32_t eip, uint32_t ebp);
int profile_stop_and_dump(const char *name, uint32_t hz);

/* work.c */
void work(uint32_t rounds);

#endif
