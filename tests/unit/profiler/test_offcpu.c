/* test_offcpu.c: time off the CPU (PT_OFFCPU, profiler/offcpu.c,
 * docs/events.md): a process still blocked is in every dump, up to the
 * dump, and its later charge adds only the rest; ProfOff, ProfClear and
 * the process's end while it is blocked; its stack taken where it
 * blocked; a dump from another CPU; n samples of a stack at once. The
 * kernel's side is played here: a voluntary switch away
 * (prof_note_event()) at the clock's stub_ticks, and prof_offcpu() with
 * the ticks since when the process runs again. */
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
#include "profstub.h"
#include "dumpback.h"

#define OFF (PT_SYSTEM | PT_OFFCPU)
#define AT 0x10u	/* where the process blocks: bucket 4 */

static struct prof_proc ctl, pp;	/* the one making the calls; the one that blocks */
static uint32_t mem[32];		/* pp's stack: frames at 0x10 and 0x40 */
static uint64_t blocked_at;

static int setup(void **state)
{
	(void)state;
	memset(&ctl, 0, sizeof ctl);
	memset(&pp, 0, sizeof pp);
	memset(mem, 0, sizeof mem);
	mem[0x10 / 4] = 0x40, mem[0x10 / 4 + 1] = 0x111;
	mem[0x40 / 4] = 0, mem[0x40 / 4 + 1] = 0x222;
	pp.ustack.base = (const uint8_t *)mem;
	pp.ustack.size = sizeof mem;
	stub_ncpu = 1;
	stub_cpu = 0;
	stub_ticks = 1000;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	prof_exit(&pp);
	/* what a test that failed midway left */
	for (int i = 0; i < 2; i++) {
		int t = i ? PT_SYSTEM | PT_SWITCH : OFF;
		while (prof_off(&ctl, t) == 0)
			;
		prof_free(&ctl, t);
	}
	prof_exit(&ctl);
	stub_ncpu = 1;
	stub_cpu = 0;
	stub_ticks = 0;
	assert_int_equal(live_allocs, 0);
	return 0;
}

/* The off-CPU profile (type: with or without PT_STACKS) over pp's code, on. */
static void start(int type)
{
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x400, "TESTPROF", 1, UCS >> 3 };

	assert_int_equal(prof_init(&ctl, type, NULL, &seg, 1), 0);
	assert_int_equal(prof_on(&ctl, OFF), 0);
}

static void stop(void)
{
	assert_int_equal(prof_off(&ctl, OFF), 0);
	assert_int_equal(prof_free(&ctl, OFF), 0);
}

/* pp blocks now, at AT, its frame pointer at 0x10; and runs again now. */
static void block(void)
{
	blocked_at = stub_ticks;
	prof_note_event(&pp, PROF_EV_SWITCH_VOLUNTARY, UCS, AT, 0x10);
}

static void rerun(void)
{
	prof_offcpu(&pp, stub_ticks - blocked_at);
}

/* The dump's count at AT, and its total; each CPU's share in cpus. */
static uint64_t dumped(uint64_t *total, uint64_t cpus[2])
{
	struct pdump d;
	uint64_t n;

	dump_back(&ctl, OFF, &d);
	assert_int_equal(d.nseg, 1);
	n = d.segs[0].counters[AT >> 2];
	*total = d.total;
	assert_int_equal(d.ev_nclass, 1);
	assert_int_equal(d.ev_count[0], d.total);	/* every tick off is in the one class */
	for (uint32_t c = 0; cpus && c < 2; c++)
		cpus[c] = c < d.ncpu ? d.cpus[c].segtics[0] : 0;
	pdump_release(&d, &dumpback_heap);
	return n;
}

/* Blocked 300 ticks at the dump: all 300 in it; running again 200 later,
 * 500 in all, not 800. */
static void dump_holds_blocked(void **state)
{
	uint64_t total;

	(void)state;
	start(OFF);
	block();
	stub_ticks += 300;
	assert_int_equal(dumped(&total, NULL), 300);
	assert_int_equal(total, 300);
	assert_int_equal(dumped(&total, NULL), 300);	/* a second dump at once adds nothing */
	stub_ticks += 200;
	rerun();
	assert_int_equal(dumped(&total, NULL), 500);
	stub_ticks += 50;				/* running: nothing more */
	assert_int_equal(dumped(&total, NULL), 500);
	assert_int_equal(total, 500);
	stop();
}

/* ProfOff while blocked: the ticks up to it are charged, none after, even
 * once the profile is on again before the process runs. */
static void off_while_blocked(void **state)
{
	uint64_t total;

	(void)state;
	start(OFF);
	block();
	stub_ticks += 150;
	assert_int_equal(prof_off(&ctl, OFF), 0);
	stub_ticks += 50;
	assert_int_equal(prof_on(&ctl, OFF), 0);
	stub_ticks += 100;
	rerun();
	assert_int_equal(dumped(&total, NULL), 150);
	assert_int_equal(total, 150);
	stop();
}

/* Blocked while the profile is off (another event profile on, so the
 * switch is told): none of it is charged once the profile is on. */
static void blocked_before_on(void **state)
{
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x400, "TESTPROF", 1, UCS >> 3 };
	uint64_t total;

	(void)state;
	assert_int_equal(prof_init(&ctl, PT_SYSTEM | PT_SWITCH, NULL, &seg, 1), 0);
	assert_int_equal(prof_on(&ctl, PT_SYSTEM | PT_SWITCH), 0);
	assert_int_equal(prof_init(&ctl, OFF, NULL, &seg, 1), 0);
	block();
	stub_ticks += 100;
	assert_int_equal(prof_on(&ctl, OFF), 0);
	stub_ticks += 100;
	assert_int_equal(dumped(&total, NULL), 0);
	rerun();
	assert_int_equal(dumped(&total, NULL), 0);
	assert_int_equal(total, 0);
	stop();
	assert_int_equal(prof_off(&ctl, PT_SYSTEM | PT_SWITCH), 0);
	assert_int_equal(prof_free(&ctl, PT_SYSTEM | PT_SWITCH), 0);
}

/* ProfClear while blocked: the ticks before it go with the counts; those
 * after it are charged once, at the dump and then at the re-run. */
static void clear_while_blocked(void **state)
{
	uint64_t total;

	(void)state;
	start(OFF);
	block();
	stub_ticks += 100;
	assert_int_equal(prof_clear(&ctl, OFF), 0);
	stub_ticks += 150;
	assert_int_equal(dumped(&total, NULL), 150);
	stub_ticks += 100;
	rerun();
	assert_int_equal(dumped(&total, NULL), 250);
	assert_int_equal(total, 250);
	stop();
}

/* A process that ends while blocked (ended by another): charged up to its
 * end, and nothing after. */
static void exit_while_blocked(void **state)
{
	uint64_t total;

	(void)state;
	start(OFF);
	block();
	stub_ticks += 200;
	prof_exit(&pp);
	stub_ticks += 100;
	assert_int_equal(dumped(&total, NULL), 200);
	assert_int_equal(total, 200);
	stop();
}

/* The stack is the one where it blocked, taken then: its memory may hold
 * anything else later (another process's, mapped at a dump), and counted
 * once a tick, at the dump and at the re-run. */
static void stack_where_blocked(void **state)
{
	uint32_t want[] = { AT, 0x111, 0x222 };
	struct pdump d;
	int found = 0;

	(void)state;
	start(OFF | PT_STACKS);
	block();
	memset(mem, 0x5A, sizeof mem);	/* what the window shows once pp is switched out */
	stub_ticks += 70;
	dump_back(&ctl, OFF, &d);
	assert_int_equal(d.nstacks, 1);
	assert_int_equal(d.stacks[0].depth, 3);
	assert_memory_equal(d.stacks[0].pcs, want, sizeof want);
	assert_int_equal(d.stacks[0].count, 70);
	pdump_release(&d, &dumpback_heap);
	stub_ticks += 30;
	rerun();
	dump_back(&ctl, OFF, &d);
	for (uint32_t i = 0; i < d.nstacks; i++)
		if (d.stacks[i].depth == 3 && !memcmp(d.stacks[i].pcs, want, sizeof want)) {
			assert_int_equal(d.stacks[i].count, 100);
			found++;
		}
	assert_int_equal(found, 1);
	assert_int_equal(d.nstacks, 1);
	assert_int_equal(d.dropped, 0);
	pdump_release(&d, &dumpback_heap);
	stop();
}

/* Two CPUs: blocked on CPU 0, dumped from CPU 1 (charged there, under the
 * kernel's lock), running again on CPU 0 (the rest, there). */
static void dump_from_another_cpu(void **state)
{
	uint64_t total, cpus[2];

	(void)state;
	stub_ncpu = 2;
	start(OFF);
	block();
	stub_ticks += 120;
	stub_cpu = 1;
	assert_int_equal(dumped(&total, cpus), 120);
	assert_int_equal(cpus[0], 0);
	assert_int_equal(cpus[1], 120);
	stub_ticks += 30;
	stub_cpu = 0;
	rerun();
	assert_int_equal(dumped(&total, cpus), 150);
	assert_int_equal(cpus[0], 30);
	assert_int_equal(cpus[1], 120);
	assert_int_equal(total, 150);
	stop();
}

/* A port without prof_clock_ticks() (a clock standing at 0): the dump
 * has none of a blocked process's time, its re-run all of it. */
static void no_clock(void **state)
{
	uint64_t total;

	(void)state;
	start(OFF);
	stub_ticks = 0;
	block();
	assert_int_equal(dumped(&total, NULL), 0);
	prof_offcpu(&pp, 40);
	assert_int_equal(dumped(&total, NULL), 40);
	stop();
}

/* n samples of a stack at once: a new stack takes them all, a known one
 * adds them, saturating; one the full table cannot take drops all n. */
static void stacks_add_n(void **state)
{
	uint32_t n = PROF_STACK_ENTRIES_MIN, a[] = { 1, 2, 3 }, s[1];
	struct prof_stacks *t = calloc(1, prof_stacks_size(n));

	(void)state;
	assert_non_null(t);
	prof_stacks_init(t, n);
	prof_stacks_add_n(t, a, 3, 0, 1, 0);		/* none: nothing */
	assert_int_equal(t->nents, 0);
	prof_stacks_add_n(t, a, 3, 0, 1, 5);
	assert_int_equal(t->nents, 1);
	assert_int_equal(t->ents[0].count, 5);
	prof_stacks_add(t, a, 3, 0, 1);
	prof_stacks_add_n(t, a, 3, 0, 1, 1000);
	assert_int_equal(t->ents[0].count, 1006);
	prof_stacks_add_n(t, a, 2, 0, 1, 7);		/* another stack */
	assert_int_equal(t->nents, 2);
	assert_int_equal(t->ents[1].count, 7);
	prof_stacks_add_n(t, a, 3, 0, 1, 0xFFFFFFF0u);
	assert_int_equal(t->ents[0].count, 0xFFFFFFFFu);
	for (uint32_t i = 0; t->nents < n; i++) {
		s[0] = 100 + i;
		prof_stacks_add(t, s, 1, 0, 0);
	}
	s[0] = 99;
	prof_stacks_add_n(t, s, 1, 0, 0, 40);
	assert_int_equal(t->dropped, 40);
	assert_int_equal(t->ents[1].count, 7);
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(dump_holds_blocked, setup, teardown),
		cmocka_unit_test_setup_teardown(off_while_blocked, setup, teardown),
		cmocka_unit_test_setup_teardown(blocked_before_on, setup, teardown),
		cmocka_unit_test_setup_teardown(clear_while_blocked, setup, teardown),
		cmocka_unit_test_setup_teardown(exit_while_blocked, setup, teardown),
		cmocka_unit_test_setup_teardown(stack_where_blocked, setup, teardown),
		cmocka_unit_test_setup_teardown(dump_from_another_cpu, setup, teardown),
		cmocka_unit_test_setup_teardown(no_clock, setup, teardown),
		cmocka_unit_test(stacks_add_n),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
