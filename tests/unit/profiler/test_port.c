/* test_port.c: the contract's own parts (profkern/port.h, docs/porting.md):
 * a program's counters found by the slot the kernel gives, whatever its
 * selector and wherever its code starts; a prof_cpu() out of range; the
 * period in the kernel's terms and in the dump's; with several CPUs, how
 * they ticked (prof_clock_turns()); the dump split in a snapshot and its
 * sending; the plan carried out in C; the fingerprint; the 64-bit
 * division. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "prof.h"
#include "profkern/port.h"
#include "dumpfmt.h"
#include "profstub.h"
#include "dumpback.h"

#define FLAT_UCS 0x1B		/* a flat kernel's user code selector: GDT 3, RPL 3 */
#define CODE_AT 0x08048000u	/* where such a kernel's programs start */

static struct prof_codeseg flatseg(struct prof_proc *owner, uint16_t slot, uint32_t origin, uint32_t length)
{
	struct prof_codeseg s = { owner, FLAT_UCS, 1, origin, length, "TESTPROF", 0x5EED, slot };
	return s;
}

static int setup(void **state)
{
	(void)state;
	stub_ncpu = 1;
	stub_cpu = 0;
	stub_turns = 0;
	stub_period = (struct prof_period){ PROF_PIT_HZ, 1193, 1024 };
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	stub_ncpu = 1;
	stub_cpu = 0;
	assert_int_equal(live_allocs, 0);
	return 0;
}

/* The slot, not the selector, finds the counters; the code starts where
 * the kernel says; the dump keeps the selector as given. */
static void slot_lookup(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = flatseg(&pp, 2, CODE_AT, 0x100), bad = flatseg(&pp, PROF_SLOTS, CODE_AT, 0x100);
	struct pdump d;

	assert_int_equal(prof_init(&pp, PT_USER, NULL, &bad, 1), -PROF_EINVAL);
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (int i = 0; i < 3; i++)
		prof_clock_tick(&pp, PROF_AT_USER(2), CODE_AT + 0x10, 0);
	prof_clock_tick(&pp, PROF_AT_USER(2), CODE_AT + 0xFF, 0);
	prof_clock_tick(&pp, PROF_AT_USER(0), CODE_AT + 0x10, 0);	/* no segment in slot 0 */
	prof_clock_tick(&pp, PROF_AT_USER(2), CODE_AT + 0x100, 0);	/* past its end */
	prof_clock_tick(&pp, PROF_AT_USER(2), CODE_AT - 4, 0);		/* before its start */
	prof_clock_tick(&pp, PROF_AT_KERNEL, 0x100000, 0);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.nseg, 1);
	assert_int_equal(d.segs[0].selector, FLAT_UCS);
	assert_int_equal(d.segs[0].origin, CODE_AT);
	assert_int_equal(d.segs[0].counters[4], 3);
	assert_int_equal(d.segs[0].counters[0x3F], 1);
	assert_int_equal(d.out_of_range, 3);
	assert_int_equal(d.kernel, 1);
	assert_int_equal(d.total, 8);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
}

/* The system profile finds a process started later by its slot too. */
static void slot_system(void **state)
{
	(void)state;
	struct prof_proc me = { 0 }, late = { 0 };
	struct prof_codeseg s = flatseg(&late, 1, 0x400000, 0x40);
	struct pdump d;

	assert_int_equal(prof_init(&me, PT_SYSTEM, NULL, NULL, 0), 0);
	assert_int_equal(prof_proc_start(&late, &s, 1), 0);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	prof_clock_tick(&late, PROF_AT_USER(1), 0x400008, 0);
	prof_clock_tick(&late, PROF_AT_USER(1), 0x400008, 0);
	prof_clock_tick(&late, PROF_AT_USER(3), 0x400008, 0);
	prof_clock_tick(NULL, PROF_AT_KERNEL, 0x100000, 0);
	assert_int_equal(prof_off(&me, PT_SYSTEM), 0);
	dump_back(&me, PT_SYSTEM, &d);
	assert_int_equal(d.nseg, 1);
	assert_int_equal(d.segs[0].counters[2], 2);
	assert_int_equal(d.out_of_range, 1);
	assert_int_equal(d.idle, 1);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
	prof_exit(&late);
}

/* A CPU out of range (below 0, past the profile's CPUs, past the
 * module's) counts nothing and writes nowhere (the sanitizers' build
 * sees any write outside the blocks); the calls from it work. */
static void cpu_out_of_range(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = flatseg(&pp, 0, 0, 0x40);
	struct prof_plan plan;
	const int bad[] = { -1, 2, PROF_NCPU_MAX - 1, PROF_NCPU_MAX, 1000 };
	struct pdump d;

	stub_ncpu = 2;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		stub_cpu = bad[i];
		prof_clock_tick(&pp, PROF_AT_USER(0), 0x20, 0);
		prof_clock_tick(&pp, PROF_AT_KERNEL, 0x100000, 0);
		prof_plan(&pp, &plan);
		assert_int_equal(plan.kind, PROF_PLAN_CALL);
	}
	stub_cpu = 1;
	prof_clock_tick(&pp, PROF_AT_USER(0), 0x20, 0);
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_DWORD);
	stub_cpu = -1;
	dump_back(&pp, PT_USER, &d);	/* from a CPU out of range */
	assert_int_equal(d.total, 1);
	assert_int_equal(d.segs[0].counters[8], 1);
	assert_int_equal(d.kernel, 0);
	assert_int_equal(d.ntrace, 1);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_clear(&pp, PT_USER), 0);	/* the others held off, then all zero */
	stub_cpu = 0;
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.total, 0);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
}

/* The period in the kernel's terms, in the dump's PIT counts. */
static void period_in_pit(void **state)
{
	(void)state;
	static const struct {
		struct prof_period p;
		uint32_t base, spread;
	} cases[] = {
		{ { PROF_PIT_HZ, 681, 1024 }, 681, 1024 },		/* profkern's: as it is */
		{ { 0, 681, 1024 }, 681, 1024 },			/* clock_hz 0: taken as the PIT's */
		{ { 1000, 1, 0 }, 1193, 0 },				/* 1000 Hz fixed: 1193.182 counts */
		{ { 100, 1, 0 }, 11932, 0 },				/* xv6's 100 Hz */
		{ { 1000000000, 999000, 2000 }, 1192, 2 },		/* nanoseconds */
		{ { 1000000, 750, 500 }, 895, 597 },			/* microseconds, 1000 Hz spread */
		{ { 18, 1, 0 }, 33144, 0 },				/* 66288: halved */
		{ { 10, 1, 1 }, 59659, 59659 },				/* 119318 each: halved */
		{ { 1193182, 70000, 200000 }, 17500, 50000 },		/* a spread too wide: both halved */
		{ { 4000000000u, 1, 0 }, 1, 0 },			/* below one count: 1 */
	};
	uint32_t b, s;

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		prof_period_pit(&cases[i].p, &b, &s);
		assert_int_equal(b, cases[i].base);
		assert_int_equal(s, cases[i].spread);
	}
}

/* A dump carries the period converted. */
static void period_in_dump(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = flatseg(&pp, 0, 0, 0x40);
	struct pdump d;

	stub_period = (struct prof_period){ 1000000000, 999000, 2000 };
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.period_base, 1192);
	assert_int_equal(d.period_spread, 2);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
}

/* Several CPUs: version 8, saying how they ticked (prof_clock_turns()),
 * with turns the period theirs; one CPU: version 6, no clock record. */
static void turns_in_dump(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = flatseg(&pp, 0, 0, 0x40);
	struct pdump d;

	(void)state;
	stub_ncpu = 2;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, PDUMP_VERSION_V8);
	assert_int_equal(d.clock, PDUMP_CLOCK_CELLS);
	assert_int_equal(d.period_base, 1193);
	pdump_release(&d, &dumpback_heap);
	stub_turns = 1;
	stub_period = (struct prof_period){ 1000000000, 90000, 65536 };	/* TSC counts, as profkern's */
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.clock, PDUMP_CLOCK_TURNS);
	assert_int_equal(d.period_base, 107);	/* in PIT counts, rounded */
	assert_int_equal(d.period_spread, 78);
	assert_int_equal(d.ncpu, 2);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
	stub_ncpu = 1;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	dump_back(&pp, PT_USER, &d);
	stub_turns = 0;
	assert_int_equal(d.version, PDUMP_VERSION_V6);
	assert_int_equal(d.clock, 0);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
}

static uint8_t wire[2][1 << 16];
static size_t wirelen[2];

static void sink(void *ctx, const void *data, size_t len)
{
	int k = (int)(intptr_t)ctx;

	assert_true(wirelen[k] + len <= sizeof wire[k]);
	memcpy(wire[k] + wirelen[k], data, len);
	wirelen[k] += len;
}

/* The dump in two sends what the dump in one does, even when the profile
 * is gone before the sending; the snapshot's memory goes at its release. */
static void split_dump(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = flatseg(&pp, 0, 0, 0x400);
	struct prof_snapshot snap;
	long before;

	assert_int_equal(prof_dump_take(&pp, PT_USER, 1000, &snap), -PROF_ENOTINIT);
	assert_null(snap.scratch);
	assert_int_equal(prof_init(&pp, PT_USER | PT_VERBOSE, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (uint32_t i = 0; i < 300; i++)
		prof_clock_tick(&pp, PROF_AT_USER(0), (i * 37) % 0x400, 0);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	wirelen[0] = wirelen[1] = 0;
	assert_int_equal(prof_dump(&pp, PT_USER, 1000, "a.pro", sink, (void *)0), 0);
	before = live_allocs;
	assert_int_equal(prof_dump_take(&pp, PT_USER, 1000, &snap), 0);
	assert_true(live_allocs > before);
	assert_int_equal(prof_free(&pp, PT_USER), 0);	/* gone before the sending */
	assert_int_equal(prof_dump_send(&snap, "a.pro", sink, (void *)1), wirelen[0]);
	prof_dump_release(&snap);
	assert_int_equal(wirelen[1], wirelen[0]);
	assert_memory_equal(wire[0], wire[1], wirelen[0]);
	assert_true(wirelen[0] > 300 / 8);
	prof_exit(&pp);
}

/* One run of a scenario, its ticks through the C entry (plans NULL) or
 * through prof_tick_planned() with a plan made at each switch: a user
 * profile of two segments (one not at 0), profil armed, changes that
 * make the running process's plan stale, a process no profile counts,
 * idle, the kernel; the dump's bytes and profil's into wire[k]. */
static void planned_run(int k, int planned)
{
	static struct prof_proc a, b;
	struct prof_codeseg s[2] = { flatseg(&a, 0, 0, 0x200), flatseg(&a, 1, CODE_AT, 0x100) };
	static uint8_t hist[256];
	struct prof_plan plan;
	struct prof_proc *run = 0;
	uint32_t r = 7;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memset(hist, 0, sizeof hist);
	s[1].segno = 2;
	assert_int_equal(prof_init(&a, PT_USER, NULL, s, 2), 0);
	assert_int_equal(prof_on(&a, PT_USER), 0);
	for (int i = 0; i < 6000; i++) {
		uint32_t at, pc;
		r = r * 1103515245u + 12345u;
		if (i % 97 == 0 || !planned) {	/* a switch: a, b or idle in turn */
			run = (i / 97) % 3 == 0 ? &a : (i / 97) % 3 == 1 ? &b : NULL;
			if (planned)
				prof_plan(run, &plan);
		}
		/* changes while the process they touch runs: its plan goes stale */
		if (i == 97 * 19 + 50)
			prof_profil(&b, hist, sizeof hist, 0x40, 0x8000);
		if (i == 97 * 42 + 50)
			assert_int_equal(prof_off(&a, PT_USER), 0);
		if (i == 97 * 45 + 50)
			assert_int_equal(prof_on(&a, PT_USER), 0);
		if (i == 97 * 51 + 10)
			assert_int_equal(prof_clear(&a, PT_USER), 0);
		at = !run || (r >> 8) % 10 == 0 ? PROF_AT_KERNEL : PROF_AT_USER((r >> 12) % 3);
		pc = (r >> 16) % 0x280 + ((at >> 3) == 1 ? CODE_AT : 0);
		if (planned)
			prof_tick_planned(&plan, at, pc, 0);
		else
			prof_clock_tick(run, at, pc, 0);
	}
	assert_int_equal(prof_off(&a, PT_USER), 0);
	wirelen[k] = 0;
	assert_int_equal(prof_dump(&a, PT_USER, 1000, "p.pro", sink, (void *)(intptr_t)k), 0);
	sink((void *)(intptr_t)k, hist, sizeof hist);
	prof_exit(&a);
	prof_exit(&b);
}

/* The plan carried out in C counts exactly what the C entry counts. */
static void planned_as_c(void **state)
{
	(void)state;
	planned_run(0, 0);
	planned_run(1, 1);
	assert_int_equal(wirelen[1], wirelen[0]);
	assert_memory_equal(wire[0], wire[1], wirelen[0]);
}

static void fingerprint(void **state)
{
	(void)state;
	assert_int_equal(prof_fingerprint("123456789", 9), 0xCBF43926);	/* CRC-32's check value */
	assert_int_equal(prof_fingerprint("", 0), 0);
}

static void udiv64(void **state)
{
	(void)state;
	static const uint64_t ns[] = { 0, 1, 0xFFFFFFFFu, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull,
				       0x123456789ABCDEF0ull, (uint64_t)0xFFFE << 16 | 0xFFFF };
	static const uint32_t ds[] = { 1, 2, 3, 7, 0x10000, 0xFFFFFFFFu, 0x80000000u, 1193182 };
	uint32_t rem;

	for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
		for (size_t j = 0; j < sizeof ds / sizeof *ds; j++) {
			assert_true(prof_udiv64(ns[i], ds[j], &rem) == ns[i] / ds[j]);
			assert_int_equal(rem, ns[i] % ds[j]);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(slot_lookup, setup, teardown),
		cmocka_unit_test_setup_teardown(slot_system, setup, teardown),
		cmocka_unit_test_setup_teardown(cpu_out_of_range, setup, teardown),
		cmocka_unit_test_setup_teardown(period_in_pit, setup, teardown),
		cmocka_unit_test_setup_teardown(turns_in_dump, setup, teardown),
		cmocka_unit_test_setup_teardown(period_in_dump, setup, teardown),
		cmocka_unit_test_setup_teardown(split_dump, setup, teardown),
		cmocka_unit_test_setup_teardown(planned_as_c, setup, teardown),
		cmocka_unit_test_setup_teardown(fingerprint, setup, teardown),
		cmocka_unit_test_setup_teardown(udiv64, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
