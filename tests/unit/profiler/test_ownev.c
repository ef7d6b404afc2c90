/* test_ownev.c: a program's own event profiles (ProfInit(PT_USER |
 * PT_SYSCALL ...), docs/events.md, "A program's own"): each kind once
 * beside its time profile, counting only its own events into its own
 * buffers, exactly; N; the dump saying which event; ProfOn, ProfOff,
 * ProfClear and ProfFree of each acting on it alone; a system event
 * profile of the same kind counting beside it; its end freeing them. The
 * kernel's side is played here: prof_note_event() at each system call and
 * switch, prof_offcpu() when a process runs again. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "prof.h"
#include "profkern/port.h"
#include "profkern/events.h"
#include "profkern/dumpfmt.h"
#include "profile.h"
#include "sys/errno.h"
#include "profstub.h"
#include "dumpback.h"

#define SYSC (PT_USER | PT_SYSCALL)
#define SW (PT_USER | PT_SWITCH)
#define OFF (PT_USER | PT_OFFCPU)
#define MANY 0x10u	/* where the 3,000 calls are made: bucket 4 */
#define FEW 0x20u	/* and the 1,000: bucket 8 */

static struct prof_proc pp, other;	/* the program profiling itself; another */

static struct prof_codeseg seg_of(struct prof_proc *owner)
{
	struct prof_codeseg s = { owner, UCS, 1, 0, 0x400, "TESTPROF", 1, UCS >> 3 };
	return s;
}

static int setup(void **state)
{
	(void)state;
	memset(&pp, 0, sizeof pp);
	memset(&other, 0, sizeof other);
	stub_ncpu = 1;
	stub_cpu = 0;
	stub_ticks = 1000;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	prof_exit(&pp);		/* its own profiles go with it, on or not */
	while (prof_off(&other, PT_SYSTEM | PT_SYSCALL) == 0)
		;
	prof_free(&other, PT_SYSTEM | PT_SYSCALL);
	while (prof_off(&other, PT_SYSTEM | PT_OFFCPU) == 0)
		;
	prof_free(&other, PT_SYSTEM | PT_OFFCPU);
	prof_exit(&other);
	assert_int_equal(prof_events, 0);
	assert_int_equal(prof_active, 0);
	stub_ticks = 0;
	assert_int_equal(live_allocs, 0);
	return 0;
}

static void calls(struct prof_proc *p, uint32_t pc, int n)
{
	for (int i = 0; i < n; i++)
		prof_note_event(p, PROF_EV_SYSCALL(5), UCS, pc, 0);
}

/* The kinds each once, beside the time profile; the types refused. */
static void kinds_and_types(void **state)
{
	struct prof_codeseg s = seg_of(&pp);

	(void)state;
	assert_int_equal(prof_on(&pp, SYSC), -ENOTINIT);
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, SYSC), -ENOTINIT);	/* the time profile is not it */
	assert_int_equal(prof_init(&pp, SYSC | PT_SPREAD, NULL, &s, 1), -EINVAL);
	assert_int_equal(prof_init(&pp, PT_USER | PT_SYSCALL | PT_SWITCH, NULL, &s, 1), -EINVAL);
	assert_int_equal(prof_init(&pp, OFF | PT_EVERY(2), NULL, &s, 1), -EINVAL);
	assert_int_equal(prof_init(&pp, SYSC, "TESTPROF", &s, 1), -EINVAL);
	assert_int_equal(prof_init(&pp, SYSC | PT_EVERY(1), NULL, &s, 1), 0);
	assert_int_equal(prof_init(&pp, SYSC | PT_EVERY(7), NULL, &s, 1), -EEXIST);
	assert_int_equal(prof_init(&pp, SW, NULL, &s, 1), 0);
	assert_int_equal(prof_init(&pp, OFF | PT_STACKS, NULL, &s, 1), 0);
	assert_int_equal(prof_init(&pp, OFF, NULL, &s, 1), -EEXIST);
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), -EEXIST);
	/* on: the events' word only; the tick's untouched */
	assert_int_equal(prof_on(&pp, SYSC), 0);
	assert_int_equal(prof_on(&pp, OFF), 0);
	assert_int_equal(prof_events, 2);
	assert_int_equal(prof_active, 0);
	assert_int_equal(prof_free(&pp, SYSC), -EBUSY);
	assert_int_equal(prof_off(&pp, SW), -ENOTON);
	assert_int_equal(prof_off(&pp, SYSC), 0);
	assert_int_equal(prof_events, 1);
	assert_int_equal(prof_free(&pp, SYSC), 0);
	assert_int_equal(prof_on(&pp, SYSC), -ENOTINIT);
	assert_int_equal(prof_on(&pp, PT_USER), 0);	/* the others still there */
	assert_int_equal(prof_active, 1);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	assert_int_equal(prof_off(&pp, SW), -ENOTON);
}

/* 3,000 calls from one place, 1,000 from another: exactly, 75% and 25%;
 * another process's calls not in it; the dump an event dump of the
 * caller's, saying the event and N. */
static void own_calls_exact(void **state)
{
	struct prof_codeseg s = seg_of(&pp);
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, SYSC | PT_EVERY(1), NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, SYSC), 0);
	calls(&pp, MANY, 3000);
	calls(&other, MANY, 500);
	calls(&pp, FEW, 1000);
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, FEW, 0);	/* another kind */
	assert_int_equal(prof_off(&pp, SYSC), 0);
	calls(&pp, FEW, 10);			/* off: not counted */
	dump_back(&pp, SYSC, &d);
	assert_int_equal(d.version, PDUMP_VERSION_V7);
	assert_true(d.type & PT_USER);
	assert_true(d.type & PDUMP_TYPE_SYSCALL);
	assert_false(d.type & (PDUMP_TYPE_SWITCH | PDUMP_TYPE_OFFCPU));
	assert_int_equal(d.ev_every, 1);
	assert_int_equal(d.ev_nclass, PROF_EV_CLASSES);
	assert_int_equal(d.ev_count[5], 4000);
	assert_int_equal(d.nseg, 1);
	assert_int_equal(d.segs[0].counters[MANY >> 2], 3000);
	assert_int_equal(d.segs[0].counters[FEW >> 2], 1000);
	assert_int_equal(d.total, 4000);
	assert_int_equal(d.kernel + d.idle + d.out_of_range, 0);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_clear(&pp, SYSC), 0);
	dump_back(&pp, SYSC, &d);
	assert_int_equal(d.total, 0);
	assert_int_equal(d.ev_count[5], 0);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&pp, SYSC), 0);
}

/* Every Nth: its samples the calls over N; beside the system's own
 * profile of the kind, which counts them all, and the caller's time
 * profile, which counts none. */
static void every_n_beside_system(void **state)
{
	struct prof_codeseg s = seg_of(&pp), all[2] = { seg_of(&pp), seg_of(&other) };
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(prof_init(&pp, SYSC | PT_EVERY(4), NULL, &s, 1), 0);
	assert_int_equal(prof_init(&other, PT_SYSTEM | PT_SYSCALL, NULL, all, 2), 0);
	assert_int_equal(prof_on(&other, PT_SYSTEM | PT_SYSCALL), 0);
	assert_int_equal(prof_on(&pp, SYSC), 0);
	calls(&pp, MANY, 10);
	calls(&other, FEW, 6);
	dump_back(&pp, SYSC, &d);
	assert_int_equal(d.ev_every, 4);
	assert_int_equal(d.ev_count[5], 10);
	assert_int_equal(d.total, 2);
	assert_int_equal(d.segs[0].counters[MANY >> 2], 2);
	pdump_release(&d, &dumpback_heap);
	dump_back(&other, PT_SYSTEM | PT_SYSCALL, &d);
	assert_int_equal(d.ev_count[5], 16);
	assert_int_equal(d.total, 16);
	pdump_release(&d, &dumpback_heap);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, PDUMP_VERSION_V6);
	assert_int_equal(d.total, 0);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
}

/* Its own switches, by kind, where its code was; another's not. */
static void own_switches(void **state)
{
	struct prof_codeseg s = seg_of(&pp);
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, SW, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, SW), 0);
	for (int i = 0; i < 30; i++)
		prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, MANY, 0);
	for (int i = 0; i < 10; i++)
		prof_note_event(&pp, PROF_EV_SWITCH_INVOLUNTARY, UCS, FEW, 0);
	prof_note_event(&other, PROF_EV_SWITCH_VOLUNTARY, UCS, FEW, 0);
	calls(&pp, FEW, 5);
	dump_back(&pp, SW, &d);
	assert_true(d.type & PDUMP_TYPE_SWITCH);
	assert_int_equal(d.ev_nclass, 2);
	assert_int_equal(d.ev_count[0], 30);
	assert_int_equal(d.ev_count[1], 10);
	assert_int_equal(d.segs[0].counters[MANY >> 2], 30);
	assert_int_equal(d.segs[0].counters[FEW >> 2], 10);
	assert_int_equal(d.total, 40);
	pdump_release(&d, &dumpback_heap);
}

/* Its own time off the CPU: 300 ticks blocked in one place, 100 in
 * another, charged as it runs again; the system's off-CPU profile beside
 * it counts the same, and each one's ProfOff and ProfClear leave the
 * other's alone; its stack where it blocked. */
static void own_offcpu(void **state)
{
	struct prof_codeseg s = seg_of(&pp);
	uint32_t mem[32] = { 0 }, want[] = { MANY, 0x111 };
	struct pdump d;

	(void)state;
	mem[0x10 / 4] = 0, mem[0x10 / 4 + 1] = 0x111;
	pp.ustack.base = (const uint8_t *)mem;
	pp.ustack.size = sizeof mem;
	assert_int_equal(prof_init(&pp, OFF | PT_STACKS, NULL, &s, 1), 0);
	assert_int_equal(prof_init(&other, PT_SYSTEM | PT_OFFCPU, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, OFF), 0);
	assert_int_equal(prof_on(&other, PT_SYSTEM | PT_OFFCPU), 0);
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, MANY, 0x10);
	prof_note_event(&pp, PROF_EV_SWITCH_INVOLUNTARY, UCS, FEW, 0);	/* not a block */
	stub_ticks += 300;
	prof_offcpu(&pp, 300);
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, FEW, 0x10);
	stub_ticks += 100;
	prof_offcpu(&pp, 100);
	dump_back(&pp, OFF, &d);
	assert_true(d.type & PT_USER);
	assert_true(d.type & PDUMP_TYPE_OFFCPU);
	assert_int_equal(d.segs[0].counters[MANY >> 2], 300);
	assert_int_equal(d.segs[0].counters[FEW >> 2], 100);
	assert_int_equal(d.total, 400);
	assert_int_equal(d.ev_count[0], 400);
	assert_int_equal(d.nstacks, 2);
	assert_int_equal(d.stacks[0].depth, 2);
	assert_memory_equal(d.stacks[0].pcs, want, sizeof want);
	assert_int_equal(d.stacks[0].count, 300);
	pdump_release(&d, &dumpback_heap);
	/* the system's counted the same; then its ProfClear, and its ProfOff
	 * while the program is blocked, leave the program's own alone */
	dump_back(&other, PT_SYSTEM | PT_OFFCPU, &d);
	assert_int_equal(d.total, 400);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_clear(&other, PT_SYSTEM | PT_OFFCPU), 0);
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, MANY, 0x10);
	stub_ticks += 50;
	assert_int_equal(prof_off(&other, PT_SYSTEM | PT_OFFCPU), 0);
	stub_ticks += 50;
	prof_offcpu(&pp, 100);
	dump_back(&pp, OFF, &d);
	assert_int_equal(d.segs[0].counters[MANY >> 2], 400);
	assert_int_equal(d.total, 500);
	pdump_release(&d, &dumpback_heap);
	dump_back(&other, PT_SYSTEM | PT_OFFCPU, &d);
	assert_int_equal(d.total, 50);
	pdump_release(&d, &dumpback_heap);
	/* its own ProfClear drops its counts, not the system's */
	assert_int_equal(prof_clear(&pp, OFF), 0);
	dump_back(&pp, OFF, &d);
	assert_int_equal(d.total, 0);
	assert_int_equal(d.nstacks, 0);
	pdump_release(&d, &dumpback_heap);
	dump_back(&other, PT_SYSTEM | PT_OFFCPU, &d);
	assert_int_equal(d.total, 50);
	pdump_release(&d, &dumpback_heap);
	/* a block while its own is off counts nothing in it */
	assert_int_equal(prof_off(&pp, OFF), 0);
	assert_int_equal(prof_on(&other, PT_SYSTEM | PT_OFFCPU), 0);
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, FEW, 0x10);
	assert_int_equal(prof_on(&pp, OFF), 0);
	stub_ticks += 20;
	prof_offcpu(&pp, 20);
	dump_back(&pp, OFF, &d);
	assert_int_equal(d.total, 0);
	pdump_release(&d, &dumpback_heap);
	dump_back(&other, PT_SYSTEM | PT_OFFCPU, &d);
	assert_int_equal(d.total, 70);
	pdump_release(&d, &dumpback_heap);
}

/* Its end frees its own profiles, on or not, and the events' word goes
 * back to 0 (teardown checks it, and every byte). */
static void end_frees(void **state)
{
	struct prof_codeseg s = seg_of(&pp);

	(void)state;
	assert_int_equal(prof_init(&pp, SYSC, NULL, &s, 1), 0);
	assert_int_equal(prof_init(&pp, SW, NULL, &s, 1), 0);
	assert_int_equal(prof_init(&pp, OFF, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, SYSC), 0);
	assert_int_equal(prof_on(&pp, SYSC), 0);
	assert_int_equal(prof_on(&pp, OFF), 0);
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, MANY, 0);
	assert_int_equal(prof_events, 2);
	prof_exit(&pp);
	assert_int_equal(prof_events, 0);
	assert_int_equal(live_allocs, 0);
	assert_int_equal(prof_on(&pp, SYSC), -ENOTINIT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(kinds_and_types, setup, teardown),
		cmocka_unit_test_setup_teardown(own_calls_exact, setup, teardown),
		cmocka_unit_test_setup_teardown(every_n_beside_system, setup, teardown),
		cmocka_unit_test_setup_teardown(own_switches, setup, teardown),
		cmocka_unit_test_setup_teardown(own_offcpu, setup, teardown),
		cmocka_unit_test_setup_teardown(end_frees, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
