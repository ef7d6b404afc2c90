/* x86.h: the few privileged instructions the kernel needs, inline. */
#ifndef KERNEL_X86_H
#define KERNEL_X86_H

#include <stdint.h>

struct dtr {
	uint16_t limit;
	uint32_t base;
} __attribute__((packed));

static inline void lgdt(const void *base, uint16_t size)
{
	struct dtr d = { (uint16_t)(size - 1), (uint32_t)base };
	__asm__ volatile("lgdt %0" : : "m"(d));
}

static inline void lidt(const void *base, uint16_t size)
{
	struct dtr d = { (uint16_t)(size - 1), (uint32_t)base };
	__asm__ volatile("lidt %0" : : "m"(d));
}

static inline void ltr(uint16_t sel) { __asm__ volatile("ltr %0" : : "r"(sel)); }
static inline void lldt(uint16_t sel) { __asm__ volatile("lldt %0" : : "r"(sel)); }
static inline void cli(void) { __asm__ volatile("cli" ::: "memory"); }
/* Interrupts on, always as "sti; nop": a tick held back by the masked
 * stretch that ends here is taken after the nop, and the timer knows it by
 * those two bytes, FB 90, before the EIP it interrupted (boot/irq0.asm's
 * STI_NOP). Every build checks the kernel keeps to it: scripts/check-sti.sh. */
static inline void sti(void) { __asm__ volatile("sti; nop" ::: "memory"); }
static inline void hlt(void) { __asm__ volatile("hlt" ::: "memory"); }

/* A masked stretch of the kernel: irq_save() masks the clock and returns
 * the flags it found; irq_restore() unmasks, with sti(), only if they had
 * interrupts on. The one way the kernel writes it; the "memory" clobbers
 * keep the compiler's loads and stores inside. */
static inline uint32_t irq_save(void)
{
	uint32_t fl;
	__asm__ volatile("pushf; pop %0; cli" : "=r"(fl) : : "memory");
	return fl;
}

static inline void irq_restore(uint32_t fl)
{
	if (fl & 0x200)		/* EFLAGS.IF */
		sti();
}

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

#endif
