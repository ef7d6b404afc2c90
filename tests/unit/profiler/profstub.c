/* profstub.c: see profstub.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "profkern/port.h"
#include "prof.h"
#include "profstub.h"

long live_allocs;
int fail_alloc_after = -1;
static int masked;

void *prof_zalloc(size_t size)
{
	if (fail_alloc_after == 0)
		return NULL;
	if (fail_alloc_after > 0)
		fail_alloc_after--;
	live_allocs++;
	return calloc(1, size);
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
	if (p)
		live_allocs--;
	free(p);
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
