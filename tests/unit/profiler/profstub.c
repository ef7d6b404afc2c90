/* profstub.c: see profstub.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "profkern/port.h"
#include "prof.h"
#include "profstub.h"

long live_allocs;
int fail_alloc_after = -1;
static int masked;

/* Blocks below 2 GiB, as the kernel's are below 4: a trace keeps a
 * counter's address in 32 bits (profiler/trace.c), and a 64-bit host's
 * heap may give two blocks the same low 32 bits (the sanitizer's puts
 * blocks of different sizes 2^36 bytes apart), an entry then numbered in
 * the wrong one. Each block ends at a page no one may touch, so that a
 * write past it faults; its mapping's start and length lie before it. */
#define STUB_PAGE 4096u

void *prof_zalloc(size_t size)
{
	size_t body = (size + 15) & ~(size_t)15, len = (body + 16 + 2 * STUB_PAGE - 1) / STUB_PAGE * STUB_PAGE;
	uint8_t *map, *p;

	if (fail_alloc_after == 0)
		return NULL;
	if (fail_alloc_after > 0)
		fail_alloc_after--;
	if (size > ((size_t)1 << 30))
		return NULL;
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (map == MAP_FAILED)
		return NULL;
	if (mprotect(map + len - STUB_PAGE, STUB_PAGE, PROT_NONE))
		abort();
	p = map + len - STUB_PAGE - body;
	((uint8_t **)p)[-2] = map;
	((size_t *)p)[-1] = len;
	live_allocs++;
	return p;
}

int stub_check_release, stub_releases, stub_unsafe_releases;
static int waited;
static uint32_t waited_gen;	/* prof_gen at the last prof_replan(1) */

void prof_release(void *p)
{
	if (p && stub_check_release) {
		stub_releases++;
		stub_unsafe_releases += !waited || waited_gen != prof_gen;
	}
	if (p) {
		live_allocs--;
		munmap(((uint8_t **)p)[-2], ((size_t *)p)[-1]);
	}
}

uint32_t prof_clock_mask(void) { return (uint32_t)masked++; }
void prof_clock_restore(uint32_t state) { masked = (int)state; }

int prof_module_known(const char *name)
{
	return !strcmp(name, "TESTPROF") || !strcmp(name, "testprof") ||
	       !strcmp(name, "WORKER") || !strcmp(name, "worker");
}
uint64_t stub_ticks;
uint64_t prof_clock_ticks(void) { return stub_ticks; }

struct prof_period stub_period = { PROF_PIT_HZ, 1193, 1024 };
void prof_clock_period(struct prof_period *p) { *p = stub_period; }
int stub_turns;
int prof_clock_turns(void) { return stub_turns; }

int stub_ncpu = 1, stub_cpu, stub_replans, stub_replan_waits;
int prof_ncpu(void) { return stub_ncpu; }
int prof_cpu(void) { return stub_cpu; }
void prof_replan(int wait)
{
	stub_replans++;
	if (wait) {
		stub_replan_waits++;
		waited = 1;
		waited_gen = prof_gen;
	}
}
