/* port.c: the helpers of the contract (profkern/port.h) and the
 * environment's optional parts: the code fingerprint, the period in the
 * dump's units, a 64-bit division without libgcc, and prof_module_known(),
 * prof_clock_ticks() and prof_clock_turns() for a kernel that has none. */
#include "profint.h"

uint64_t prof_udiv64(uint64_t n, uint32_t d, uint32_t *rem)
{
	uint32_t hi = (uint32_t)(n >> 32), lo = (uint32_t)n, qlo = 0;
	uint64_t r = hi % d;	/* below d: each step's r stays below 2^33 */

	for (int i = 31; i >= 0; i--) {
		r = (r << 1) | ((lo >> i) & 1);
		qlo <<= 1;
		if (r >= d) {
			r -= d;
			qlo |= 1;
		}
	}
	if (rem)
		*rem = (uint32_t)r;
	return (uint64_t)(hi / d) << 32 | qlo;
}

/* Counts of clock_hz (0 taken as PROF_PIT_HZ) to PIT counts, rounded. */
static uint64_t in_pit(uint32_t n, uint32_t hz)
{
	return prof_udiv64((uint64_t)n * PROF_PIT_HZ + hz / 2, hz, 0);
}

void prof_period_pit(const struct prof_period *p, uint32_t *base, uint32_t *spread)
{
	uint64_t b = p->base, s = p->spread;

	if (p->clock_hz && p->clock_hz != PROF_PIT_HZ) {
		b = in_pit(p->base, p->clock_hz);
		s = in_pit(p->spread, p->clock_hz);
	}
	while (b > 65536 || s > 65536)	/* the dump's bound: a slower rate keeps its spread's share */
		b >>= 1, s >>= 1;
	*base = b ? (uint32_t)b : 1;
	*spread = (uint32_t)s;
}

uint32_t prof_fingerprint(const void *code, uint32_t length)
{
	return crc32_update(0, code, length);
}

/* Without the kernel's: every name is known, and a module list selects
 * the programs of those names as they start. */
__attribute__((weak)) int prof_module_known(const char *name)
{
	(void)name;
	return 1;
}

/* Without the kernel's: a clock that stands still, so that time off the
 * CPU is charged only when a process runs again. */
__attribute__((weak)) uint64_t prof_clock_ticks(void)
{
	return 0;
}

/* Without the kernel's: the CPUs at once, each on its own timer. */
__attribute__((weak)) int prof_clock_turns(void)
{
	return 0;
}
