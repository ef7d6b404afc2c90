/* profenv.c: the kernel's side of profiler/profenv.h. */
#include "../profiler/profenv.h"
#include "mem.h"
#include "trap.h"

void *prof_zalloc(size_t size) { return kalloc(size); }
void prof_release(void *p) { kfree(p); }

uint32_t prof_clock_mask(void)
{
	uint32_t fl;
	__asm__ volatile("pushf; pop %0; cli" : "=r"(fl) : : "memory");
	return fl;
}

void prof_clock_restore(uint32_t state)
{
	if (state & FL_IF)
		__asm__ volatile("sti" : : : "memory");
}
