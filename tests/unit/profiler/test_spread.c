/* test_spread.c: PT_SPREAD, the sub-profiles (docs/accuracy.md): the i-th
 * tick a profile counts goes into sub-profile i mod 8 as well, wherever it
 * lands (a bucket, the kernel, out of range, idle); the dump, version 4,
 * carries them and reads back; ProfClear starts them again; a profile
 * that keeps them is sampled in C, never by the plan's assembly; out of
 * memory, nothing is kept; the clock calls prof_tick_spread() only while
 * such a profile lives, prof_tick() otherwise (prof_tick_fn). The ticks
 * go through prof_tick_fn, as the clock's do. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "prof.h"
#include "profkern/port.h"
#include "profile.h"
#include "dumpfmt.h"
#include "sys/errno.h"
#include "capture.h"
#include "profstub.h"
#include "dumpback.h"

static struct prof_codeseg userseg(struct prof_proc *owner, uint32_t length, const char *module)
{
	struct prof_codeseg s = { owner, UCS, 1, 0, length, module,
				  crc32_update(0, module, strlen(module)), UCS >> 3 };
	return s;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(live_allocs, 0);
	return 0;
}

/* 10 ticks at 0x120, then one in the kernel, one out of range: ticks 0..9
 * in the bucket (sub-profiles 0..7, then 0 and 1 again), 10 and 11 in
 * sub-profiles 2 and 3's totals only. */
static void test_spread_user(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 0x1000, "TESTPROF");	/* 0x400 buckets */
	struct pdump d;
	uint32_t nb = 0x400;

	(void)state;
	assert_ptr_equal(prof_tick_fn, prof_tick);
	assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD, NULL, &s, 1), 0);
	assert_ptr_equal(prof_tick_fn, prof_tick_spread);	/* the clock's, while it lives */
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (int i = 0; i < 10; i++)
		prof_tick_fn(&pp, UCS, 0x120 + (uint32_t)i % 4, 0);
	prof_tick_fn(&pp, KCS, 0x100123, 0);
	prof_tick_fn(&pp, UCS, 0x1000, 0);
	assert_int_equal(pp.ubuf[0]->counters[0x48], 10);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, 6);	/* the trace and the CPUs after the sub-profiles */
	assert_int_equal(d.type, PT_USER | PT_USEKP | PT_SPREAD | PDUMP_TYPE_TRACE);
	assert_int_equal(d.ncpu, 1);
	assert_int_equal(d.cpus[0].samples, 12);
	assert_int_equal(d.cpus[0].segtics[0], 10);
	assert_int_equal(d.cpus[0].out_of_range, 1);
	assert_int_equal(d.total, 12);
	assert_int_equal(d.nsub, 8);
	for (uint32_t k = 0; k < 8; k++) {
		assert_int_equal(d.subtotal[k], k < 4 ? 2 : 1);
		assert_int_equal(d.segs[0].sub[k * nb + 0x48], k < 2 ? 2 : 1);
		assert_int_equal(d.segs[0].sub[k * nb + 0x47], 0);
	}
	assert_int_equal(d.segs[0].counters[0x48], 10);
	pdump_release(&d, &dumpback_heap);
	/* ProfClear: counters, totals and the deal start again */
	prof_off(&pp, PT_USER);
	assert_int_equal(prof_clear(&pp, PT_USER), 0);
	prof_on(&pp, PT_USER);
	prof_tick_fn(&pp, UCS, 0x10, 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.total, 1);
	assert_int_equal(d.subtotal[0], 1);
	assert_int_equal(d.segs[0].sub[0 * nb + 4], 1);
	assert_int_equal(d.segs[0].sub[2 * nb + 0x48], 0);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
	assert_ptr_equal(prof_tick_fn, prof_tick);
}

/* Without PT_SPREAD: no sub-profiles (version 6: the trace and the CPU), the plan's assembly. */
static void test_spread_off(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 0x100, "TESTPROF");
	struct prof_plan plan;
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_ptr_equal(prof_tick_fn, prof_tick);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_DWORD);
	assert_null(pp.ubuf[0]->sub);
	prof_tick_fn(&pp, UCS, 0x10, 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, 6);
	assert_int_equal(d.nsub, 0);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
}

/* A profile with sub-profiles is counted in C: with stacks too. */
static void test_spread_plan(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 0x100, "TESTPROF");
	struct prof_plan plan;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_CALL);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
	assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD | PT_STACKS, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_CALL);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
}

/* The system's: idle ticks are dealt too. */
static void test_spread_system(void **state)
{
	struct prof_proc a = { 0 }, me = { 0 };
	struct prof_codeseg s = userseg(&a, 0x100, "TESTPROF");
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&me, PT_SYSTEM | PT_SPREAD, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	prof_tick_fn(NULL, KCS, 0x100000, 0);	/* idle: sub-profile 0 */
	prof_tick_fn(&a, UCS, 0x20, 0);		/* 1 */
	prof_tick_fn(&a, UCS, 0x20, 0);		/* 2 */
	dump_back(&me, PT_SYSTEM, &d);
	assert_int_equal(d.idle, 1);
	assert_int_equal(d.subtotal[0], 1);
	assert_int_equal(d.subtotal[1], 1);
	assert_int_equal(d.subtotal[2], 1);
	assert_int_equal(d.segs[0].sub[1 * 0x40 + 8], 1);
	assert_int_equal(d.segs[0].sub[2 * 0x40 + 8], 1);
	assert_int_equal(d.segs[0].sub[0 * 0x40 + 8], 0);
	pdump_release(&d, &dumpback_heap);
	/* prof_tick() counts as prof_tick_spread() but for the sub-profiles */
	prof_tick(&a, UCS, 0x20, 0);
	assert_int_equal(a.sbuf[0]->counters[8], 3);
	assert_int_equal(a.sbuf[0]->sub[2 * 0x40 + 8] + a.sbuf[0]->sub[3 * 0x40 + 8], 1);
	prof_off(&me, PT_SYSTEM);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
	assert_ptr_equal(prof_tick_fn, prof_tick);
}

/* Out of memory at each allocation (the session, the counters, the
 * sub-profiles): ENOMEM and nothing kept. */
static void test_spread_nomem(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 64, "TESTPROF");

	(void)state;
	for (int n = 0; n < 3; n++) {
		fail_alloc_after = n;
		assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD, NULL, &s, 1), -ENOMEM);
		assert_null(pp.user);
		assert_int_equal(live_allocs, 0);
	}
	fail_alloc_after = -1;
	assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD, NULL, &s, 1), 0);
	prof_exit(&pp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_spread_user, teardown),
		cmocka_unit_test_teardown(test_spread_off, teardown),
		cmocka_unit_test_teardown(test_spread_plan, teardown),
		cmocka_unit_test_teardown(test_spread_system, teardown),
		cmocka_unit_test_teardown(test_spread_nomem, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
