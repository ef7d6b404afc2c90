/* test_trace.c: a profile's trace (profiler/trace.c, docs/accuracy.md):
 * every tick the profile counts appends where it went, in order (the
 * counter, or 0 for the kernel, out of range, idle); the dump, version 5,
 * carries the entries as bucket numbers over its segments and the clock's
 * period; a second dump turns only the new entries; ProfClear empties it;
 * a full trace takes no more and the counters go on; a plan's assembly
 * finds it through plan.trace and plan.trend, and a plan without one a
 * trace always full with a place to store; out of memory for it, the
 * profile works without one (no trace in its dump). */
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

static struct prof_codeseg userseg(struct prof_proc *owner, uint16_t sel, uint32_t length, const char *module)
{
	struct prof_codeseg s = { owner, sel, 1, 0, length, module, crc32_update(0, module, strlen(module)), (uint16_t)(sel >> 3) };
	return s;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(live_allocs, 0);
	return 0;
}

/* Two segments (LDT 0 and 1): ticks at 0x120, 0x124, the kernel, 0x10 of
 * the second, out of range, 0x120 again. The second segment's buckets
 * come after the first's 0x80. */
static void test_trace_user(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s[2] = { userseg(&pp, UCS, 0x200, "TESTPROF"),
				     userseg(&pp, UCS + 8, 0x40, "TESTPROF") };
	const uint32_t want[] = { 1 + 0x48, 1 + 0x49, 0, 1 + 0x80 + 4, 0, 1 + 0x48 };
	struct pdump d;

	(void)state;
	s[1].segno = 2;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, s, 2), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	prof_tick(&pp, UCS, 0x120, 0);
	prof_tick(&pp, UCS, 0x124, 0);
	prof_tick(&pp, KCS, 0x100123, 0);
	prof_tick(&pp, UCS + 8, 0x10, 0);
	prof_tick(&pp, UCS, 0x200, 0);
	prof_tick(&pp, UCS, 0x121, 0);
	assert_int_equal(prof_trace_len(&pp.user->cpu[0].trace), 6);
	assert_int_equal(pp.user->cpu[0].trace.base[0], (uint32_t)(uintptr_t)&pp.ubuf[0]->counters[0x48]);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, 6);	/* the trace, and the CPU after it */
	assert_int_equal(d.type, PT_USER | PT_USEKP | PDUMP_TYPE_TRACE);
	assert_int_equal(d.total, 6);
	assert_int_equal(d.ntrace, 6);
	assert_memory_equal(d.trace, want, sizeof want);
	assert_int_equal(d.period_base, 1193);	/* profstub.c's clock */
	assert_int_equal(d.period_spread, 1024);
	pdump_release(&d, &dumpback_heap);
	/* a second dump: the turned entries stay, the new one is turned */
	prof_tick(&pp, UCS + 8, 0x3c, 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.ntrace, 7);
	assert_memory_equal(d.trace, want, sizeof want);
	assert_int_equal(d.trace[6], 1 + 0x80 + 0xf);
	pdump_release(&d, &dumpback_heap);
	/* ProfClear: empty again */
	prof_off(&pp, PT_USER);
	assert_int_equal(prof_clear(&pp, PT_USER), 0);
	prof_on(&pp, PT_USER);
	prof_tick(&pp, UCS, 0x4, 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.ntrace, 1);
	assert_int_equal(d.trace[0], 2);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
}

/* Full: the trace keeps its first PROF_TRACE_ENTRIES, the counters all. */
static void test_trace_full(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x100, "TESTPROF");
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	prof_on(&pp, PT_USER);
	for (uint32_t i = 0; i < PROF_TRACE_ENTRIES + 10; i++)
		prof_tick(&pp, UCS, i < PROF_TRACE_ENTRIES ? 0x8 : 0xc, 0);
	assert_int_equal(pp.user->cpu[0].trace.pos4, pp.user->cpu[0].trace.end4);
	assert_int_equal(prof_trace_len(&pp.user->cpu[0].trace), PROF_TRACE_ENTRIES);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.total, PROF_TRACE_ENTRIES + 10);
	assert_int_equal(d.ntrace, PROF_TRACE_ENTRIES);
	assert_int_equal(d.trace[PROF_TRACE_ENTRIES - 1], 3);
	assert_int_equal(d.segs[0].counters[3], 10);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
}

/* The system profile: idle ticks (no process) are 0 too. */
static void test_trace_system(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x100, "TESTPROF");
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_SYSTEM, NULL, &s, 1), 0);
	prof_on(&pp, PT_SYSTEM);
	prof_tick(NULL, KCS, 0x100123, 0);
	prof_tick(&pp, UCS, 0xfc, 0);
	dump_back(&pp, PT_SYSTEM, &d);
	assert_int_equal(d.idle, 1);
	assert_int_equal(d.ntrace, 2);
	assert_int_equal(d.trace[0], 0);
	assert_int_equal(d.trace[1], 1 + 0x3f);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_SYSTEM);
	assert_int_equal(prof_free(&pp, PT_SYSTEM), 0);
}

/* The plan's assembly: the profile's trace and its end; a plan with no
 * profile of its own counting, a trace always full. */
static void test_trace_plan(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x100, "TESTPROF");
	struct prof_plan plan;

	(void)state;
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_NONE);
	assert_int_equal(plan.trace->pos4, plan.trend);	/* full: nothing kept */
	assert_non_null((void *)(plan.trace->pos4 << 2));	/* a place for the store */
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	prof_on(&pp, PT_USER);
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_DWORD);
	assert_ptr_equal(plan.trace, &pp.user->cpu[0].trace);
	assert_int_equal(plan.trend, pp.user->cpu[0].trace.end4);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
}

/* No memory for the trace (the last allocation ProfInit makes): the
 * profile counts as before and dumps version 2. */
static void test_trace_nomem(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x100, "TESTPROF");
	struct pdump d;

	(void)state;
	fail_alloc_after = 2;	/* the session, the buffer, then the trace */
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	fail_alloc_after = -1;
	assert_null(pp.user->cpu[0].trace.base);
	prof_on(&pp, PT_USER);
	prof_tick(&pp, UCS, 0x8, 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, 6);	/* the CPU, no trace */
	assert_false(d.type & PDUMP_TYPE_TRACE);
	assert_int_equal(d.ntrace, 0);
	assert_null(d.trace);
	assert_int_equal(d.segs[0].counters[2], 1);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_trace_user, teardown),
		cmocka_unit_test_teardown(test_trace_full, teardown),
		cmocka_unit_test_teardown(test_trace_system, teardown),
		cmocka_unit_test_teardown(test_trace_plan, teardown),
		cmocka_unit_test_teardown(test_trace_nomem, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
