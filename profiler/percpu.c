/* percpu.c: the profiler's memory by CPU (docs/smp.md, "Counter buffers
 * per CPU"). A block the CPUs share out starts on a cache line, and each
 * CPU's part of it is a whole number of lines, so that no line holds two
 * CPUs' counts: a tick writes only lines no other CPU writes. */
#include "profint.h"

/* The environment's memory is 16-byte aligned (the kernel's kalloc): a
 * block is taken PROF_LINE bytes and a pointer larger, the address of
 * the environment's block kept in the pointer just below the line. */
void *prof_zalloc_lines(size_t size)
{
	uint8_t *raw = prof_zalloc(size + PROF_LINE + sizeof(void *));
	uintptr_t p;

	if (!raw)
		return 0;
	p = ((uintptr_t)raw + sizeof(void *) + PROF_LINE - 1) & ~(uintptr_t)(PROF_LINE - 1);
	((void **)p)[-1] = raw;
	return (void *)p;
}

void prof_release_lines(void *p)
{
	if (p)
		prof_release(((void **)p)[-1]);
}

uint32_t prof_copies(void)
{
	int n = prof_ncpu();

	return n < 1 ? 1 : n > PROF_NCPU_MAX ? PROF_NCPU_MAX : (uint32_t)n;
}

uint32_t prof_me(void)
{
	uint32_t c = (uint32_t)prof_cpu();

	return c < PROF_NCPU_MAX ? c : PROF_NCPU_MAX;
}

volatile uint32_t prof_gen;

void prof_moved(int wait)
{
	prof_gen++;
	prof_replan(wait);
}
