/* test_percpu.c: the profiler on several CPUs (docs/smp.md, "Counter
 * buffers per CPU"), the stub's CPUs set to 4 and the running one varied:
 * each CPU counts into copies of its own, each on cache lines of its own;
 * a dump adds them up (saturating), with each CPU's record and the CPUs'
 * traces one after another; ProfClear clears every CPU's; memory a plan
 * may name goes only after prof_replan(1); a dump sent while other CPUs
 * count sends what it read, the same in both of the frame's passes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "profint.h"
#include "profkern/port.h"
#include "profile.h"
#include "dumpfmt.h"
#include "sys/errno.h"
#include "capture.h"
#include "profstub.h"
#include "dumpback.h"

static struct prof_codeseg userseg(struct prof_proc *owner, uint16_t sel, uint32_t length)
{
	struct prof_codeseg s = { owner, sel, (uint16_t)(1 + (sel >> 3)), 0, length, "TESTPROF", 7, (uint16_t)(sel >> 3) };
	return s;
}

static int setup(void **state)
{
	(void)state;
	stub_ncpu = 4;
	stub_cpu = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	stub_ncpu = 1;
	stub_cpu = 0;
	stub_check_release = 0;
	assert_int_equal(live_allocs, 0);
	return 0;
}

static void tick_on(int cpu, struct prof_proc *pp, uint32_t cs, uint32_t eip)
{
	stub_cpu = cpu;
	prof_tick_fn(pp, cs, eip, 0);
	stub_cpu = 0;
}

static uint32_t *copy_of(const struct pdump_seg *b, int cpu)
{
	return b->counters + (size_t)cpu * prof_copy_stride(b->length);
}

/* Each CPU's ticks in its own copy; the copies, and each CPU's totals, on
 * cache lines no other CPU's share. */
static void copies_apart(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s[2] = { userseg(&pp, UCS, 0x1000), userseg(&pp, UCS + 8, 0x104) };

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, s, 2), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(pp.user->ncpu, 4);
	for (int c = 0; c < 4; c++)
		for (int i = 0; i <= c; i++)
			tick_on(c, &pp, UCS, 0x120);
	tick_on(2, &pp, KCS, 0x100000);
	tick_on(3, &pp, UCS, 0x5000);
	for (int k = 0; k < 2; k++) {
		const struct pdump_seg *b = pp.ubuf[k];
		uint32_t nb = pdump_nbuckets(b->length, PROF_SHIFT);
		for (int c = 0; c < 4; c++) {
			uintptr_t at = (uintptr_t)copy_of(b, c);
			assert_int_equal(at % 64, 0);
			if (c < 3)	/* its last counter's line before the next copy's first */
				assert_true((at + nb * 4 - 1) / 64 < (uintptr_t)copy_of(b, c + 1) / 64);
		}
	}
	for (int c = 0; c < 4; c++) {
		assert_int_equal(copy_of(pp.ubuf[0], c)[0x48], c + 1);
		assert_int_equal((uintptr_t)&pp.user->cpu[c] % 64, 0);
		assert_int_equal(pp.user->cpu[c].kernel, c == 2);
		assert_int_equal(pp.user->cpu[c].out_of_range, c == 3);
	}
	assert_true(sizeof(struct prof_cpustate) % 64 == 0);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
}

/* The dump's counters are the copies' sums; each CPU's record its own. */
static void dump_sums(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x1000);
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (int i = 0; i < 3; i++)
		tick_on(0, &pp, UCS, 0x120);
	tick_on(0, &pp, KCS, 0x100000);
	tick_on(1, &pp, UCS, 0x120);
	tick_on(1, &pp, UCS, 0x121);
	tick_on(1, &pp, UCS, 0x200);
	tick_on(3, &pp, UCS, 0x1000);
	for (int i = 0; i < 4; i++)
		tick_on(3, &pp, UCS, 0x200);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.version, PDUMP_VERSION_V8);	/* several CPUs: the clock record */
	assert_int_equal(d.clock, PDUMP_CLOCK_CELLS);
	assert_int_equal(d.ncpu, 4);
	assert_int_equal(d.segs[0].counters[0x48], 5);
	assert_int_equal(d.segs[0].counters[0x80], 5);
	assert_int_equal(d.total, 12);
	assert_int_equal(d.kernel, 1);
	assert_int_equal(d.out_of_range, 1);
	assert_int_equal(d.cpus[0].samples, 4);
	assert_int_equal(d.cpus[0].kernel, 1);
	assert_int_equal(d.cpus[0].segtics[0], 3);
	assert_int_equal(d.cpus[1].samples, 3);
	assert_int_equal(d.cpus[1].segtics[0], 3);
	assert_int_equal(d.cpus[2].samples, 0);
	assert_int_equal(d.cpus[3].samples, 5);
	assert_int_equal(d.cpus[3].out_of_range, 1);
	assert_int_equal(d.cpus[3].segtics[0], 4);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
}

/* Idle is counted by the CPU that idles, in the system profile. */
static void idle_per_cpu(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x100);
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_SYSTEM, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_SYSTEM), 0);
	tick_on(2, NULL, KCS, 0x100000);
	tick_on(2, NULL, KCS, 0x100000);
	tick_on(1, NULL, KCS, 0x100000);
	tick_on(3, &pp, UCS, 0x10);
	dump_back(&pp, PT_SYSTEM, &d);
	assert_int_equal(d.idle, 3);
	assert_int_equal(d.cpus[0].idle, 0);
	assert_int_equal(d.cpus[1].idle, 1);
	assert_int_equal(d.cpus[2].idle, 2);
	assert_int_equal(d.cpus[3].samples, 1);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&pp, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&pp, PT_SYSTEM), 0);
}

/* A bucket whose copies add up past 2^32 - 1 is sent saturated, each
 * CPU's share taken in turn as far as it fits, so that the CPUs' records
 * still add up to the counters (the reader checks it). */
static void sum_saturates(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x100);
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	copy_of(pp.ubuf[0], 0)[5] = 0xFFFFFFF0u;
	copy_of(pp.ubuf[0], 1)[5] = 0x20;
	copy_of(pp.ubuf[0], 2)[5] = 1;
	copy_of(pp.ubuf[0], 3)[6] = 7;
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.segs[0].counters[5], 0xFFFFFFFFu);
	assert_int_equal(d.segs[0].counters[6], 7);
	assert_int_equal(d.cpus[0].segtics[0], 0xFFFFFFF0u);
	assert_int_equal(d.cpus[1].segtics[0], 0xF);
	assert_int_equal(d.cpus[2].segtics[0], 0);
	assert_int_equal(d.cpus[3].segtics[0], 7);
	assert_int_equal(d.total, 0xFFFFFFFFull + 7);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
}

/* Each CPU's trace holds its own ticks; the dump's is CPU 0's, then CPU
 * 1's..., every entry the bucket of the summed counters, whichever copy it
 * was counted in. A plan made on a CPU names that CPU's copy and trace. */
static void traces_in_turn(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s[2] = { userseg(&pp, UCS, 0x1000), userseg(&pp, UCS + 8, 0x40) };
	struct prof_plan plan;
	struct pdump d;
	uint32_t want[] = { 1 + 0x80, 1 + 0x48, 1 + 0x48, 0, 1 + 0x400 + 4, 1 + 0x49 };

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, s, 2), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	tick_on(1, &pp, UCS, 0x120);
	tick_on(0, &pp, UCS, 0x200);
	tick_on(1, &pp, KCS, 0x100000);
	tick_on(3, &pp, UCS, 0x124);
	tick_on(2, &pp, UCS + 8, 0x10);
	tick_on(0, &pp, UCS, 0x120);
	for (int c = 0; c < 4; c++)
		assert_int_equal(prof_trace_len(&pp.user->cpu[c].trace), c == 3 || c == 2 ? 1 : 2);
	dump_back(&pp, PT_USER, &d);
	assert_true(d.type & PDUMP_TYPE_TRACE);
	assert_int_equal(d.ntrace, 6);
	assert_memory_equal(d.trace, want, sizeof want);
	assert_memory_equal(d.cputrace, ((uint32_t[]){ 2, 2, 1, 1 }), 16);	/* version 8's */
	pdump_release(&d, &dumpback_heap);
	stub_cpu = 2;
	prof_plan(&pp, &plan);
	stub_cpu = 0;
	assert_int_equal(plan.kind, PROF_PLAN_DWORD);
	assert_ptr_equal(plan.trace, &pp.user->cpu[2].trace);
	assert_ptr_equal(plan.seg[0].counters, copy_of(pp.ubuf[0], 2));
	assert_ptr_equal(plan.seg[1].counters, copy_of(pp.ubuf[1], 2));
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
}

/* ProfClear empties every CPU's copies, totals and trace; the other CPUs
 * count nothing of the profile while it works (their plans dropped and
 * waited for). */
static void clear_every_cpu(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x1000);
	struct prof_plan plan;
	int waits;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (int c = 0; c < 4; c++) {
		tick_on(c, &pp, UCS, 0x120);
		tick_on(c, &pp, KCS, 0x100000);
		tick_on(c, &pp, UCS, 0x9000);
	}
	waits = stub_replan_waits;
	assert_int_equal(prof_clear(&pp, PT_USER), 0);
	assert_int_equal(stub_replan_waits, waits + 1);
	assert_int_equal(pp.user->clearing, 0);
	for (int c = 0; c < 4; c++) {
		const struct prof_cpustate *pc = &pp.user->cpu[c];
		for (uint32_t j = 0; j < prof_copy_stride(0x1000); j++)
			assert_int_equal(copy_of(pp.ubuf[0], c)[j], 0);
		for (uint32_t j = 0; j < prof_copy_stride(0x1000) * PDUMP_NSUB; j++)
			assert_int_equal(pp.ubuf[0]->sub[c * prof_copy_stride(0x1000) * PDUMP_NSUB + j], 0);
		assert_int_equal(pc->kernel + pc->idle + pc->out_of_range + pc->seq, 0);
		assert_int_equal(pc->nob[0][0] + pc->nob[1][0] + pc->nob[2][2], 0);
		assert_int_equal(prof_trace_len(&pc->trace), 0);
	}
	/* while CPU 0 clears, CPU 1 counts nothing, and plans a call */
	pp.user->clearing = 1;
	tick_on(1, &pp, UCS, 0x120);
	tick_on(0, &pp, UCS, 0x120);
	assert_int_equal(copy_of(pp.ubuf[0], 1)[0x48], 0);
	assert_int_equal(copy_of(pp.ubuf[0], 0)[0x48], 1);
	assert_int_equal(pp.user->cpu[1].seq, 0);
	pp.user->clearing = 0;
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
	/* (a profile without PT_SPREAD plans a call on another CPU meanwhile) */
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	pp.user->clearing = 1;
	stub_cpu = 1;
	prof_plan(&pp, &plan);
	stub_cpu = 0;
	assert_int_equal(plan.kind, PROF_PLAN_CALL);
	pp.user->clearing = 0;
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_DWORD);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
}

/* Nothing a plan may name is given back before prof_replan(1) since
 * prof_gen last moved; each change to the profiles calls prof_replan(). */
static void release_after_wait(void **state)
{
	struct prof_proc pp = { 0 }, other = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x1000), o = userseg(&other, UCS, 0x1000);
	static uint8_t pf[64];
	int n;
	void *p;

	(void)state;
	/* the stub's check itself: memory given back with no wait is caught */
	p = prof_zalloc(16);
	stub_check_release = 1;
	prof_moved(0);
	prof_release(p);
	assert_int_equal(stub_unsafe_releases, 1);
	stub_unsafe_releases = stub_releases = 0;
	stub_check_release = 0;
	n = stub_replans;
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &s, 1), 0);
	assert_int_equal(stub_replans, ++n);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(stub_replans, ++n);
	prof_profil(&pp, pf, sizeof pf, 0, 0x10000);
	assert_int_equal(stub_replans, ++n);
	prof_profil(&pp, 0, 0, 0, 0);
	assert_int_equal(stub_replans, ++n);
	assert_int_equal(prof_init(&other, PT_SYSTEM, NULL, &o, 1), 0);
	assert_int_equal(stub_replans, ++n);
	assert_int_equal(prof_proc_start(&pp, &s, 1), 0);	/* attached */
	assert_int_equal(stub_replans, ++n);
	stub_check_release = 1;
	prof_exit(&pp);		/* its profile freed (depth 1), detached */
	assert_true(stub_releases >= 4);	/* session, counters, stacks, trace */
	assert_int_equal(stub_unsafe_releases, 0);
	assert_int_equal(prof_free(&other, PT_SYSTEM), 0);
	assert_true(stub_releases >= 7);
	assert_int_equal(stub_unsafe_releases, 0);
	stub_check_release = 0;
}

/* Each CPU's table of stacks; the dump's, the tables merged: a stack on
 * two CPUs once, its count theirs added up. */
static void stacks_merged(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x1000);
	uint32_t a[] = { 0x50, 0x111 }, b[] = { 0x60 }, c[] = { 0x70, 0x222 };
	struct prof_stacks *t0, *t2;
	struct pdump d;

	(void)state;
	assert_int_equal(prof_set_stack_entries(256), 0);
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &s, 1), 0);
	assert_int_equal(prof_set_stack_entries(PROF_STACK_ENTRIES_DEFAULT), 0);
	t0 = pp.user->cpu[0].stacks;
	t2 = pp.user->cpu[2].stacks;
	assert_ptr_equal(t0, pp.user->stacks);
	assert_true(t0 != t2 && (uintptr_t)t2 % 64 == 0);
	assert_true((uintptr_t)t0->pool + t0->pool_size * 4 <= (uintptr_t)pp.user->cpu[1].stacks);
	/* six stacks, and six ticks for them (the reader checks there are) */
	pp.user->cpu[0].kernel = 4;
	pp.user->cpu[2].kernel = 2;
	prof_stacks_add(t0, a, 2, 0, 1);
	prof_stacks_add(t0, b, 1, 0, 1);
	prof_stacks_add(t0, a, 2, 0, 1);
	prof_stacks_add(t2, c, 2, 0, 1);
	prof_stacks_add(t2, a, 2, 0, 1);
	prof_stacks_add(t2, b, 1, 0, 1);
	assert_int_equal(t0->nents, 2);
	assert_int_equal(t2->nents, 3);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.nstacks, 3);
	assert_int_equal(d.stacks[0].count, 3);	/* a: two on CPU 0, one on CPU 2 */
	assert_int_equal(d.stacks[0].depth, 2);
	assert_int_equal(d.stacks[1].count, 2);	/* b */
	assert_int_equal(d.stacks[2].count, 1);	/* c, CPU 2's only */
	assert_int_equal(d.stacks[2].pcs[0], 0x70);
	pdump_release(&d, &dumpback_heap);
	prof_exit(&pp);
}

/* Sub-profiles: each CPU deals its own ticks in turn; the dump adds them. */
static void spread_per_cpu(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x1000);
	uint64_t want[PDUMP_NSUB] = { 3, 3, 2, 2, 1, 1, 1, 1 };
	struct pdump d;

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER | PT_SPREAD, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (int i = 0; i < 10; i++)
		tick_on(0, &pp, UCS, 0x120);
	for (int i = 0; i < 3; i++)
		tick_on(1, &pp, UCS, 0x120);
	tick_on(1, &pp, KCS, 0x100000);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.total, 14);
	assert_int_equal(d.segs[0].counters[0x48], 13);
	assert_memory_equal(d.subtotal, want, sizeof want);
	assert_int_equal(d.segs[0].sub[3 * 0x400 + 0x48], 1);	/* CPU 1's fourth tick was the kernel's */
	assert_int_equal(d.segs[0].sub[0 * 0x400 + 0x48], 3);
	assert_int_equal(d.cpus[1].kernel, 1);
	assert_int_equal(d.cpus[1].samples, 4);
	assert_int_equal(d.cpus[0].samples, 10);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
}

/* A dump while the other CPUs count: they tick each time the sink is
 * called, in both of the frame's passes. The frame still holds one dump
 * (its two passes the same bytes), the one read at its start. */
static struct prof_proc *busy;
static uint8_t wire[1 << 20];
static size_t wirelen;

static void busy_sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	assert_true(wirelen + len <= sizeof wire);
	memcpy(wire + wirelen, data, len);
	wirelen += len;
	tick_on(1, busy, UCS, 0x120);
	tick_on(3, busy, KCS, 0x100000);
}

static void dump_while_counting(void **state)
{
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, UCS, 0x1000);
	struct capture cap;
	struct pdump d;
	char err[128];

	(void)state;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	tick_on(1, &pp, UCS, 0x120);
	tick_on(0, &pp, UCS, 0x200);
	busy = &pp;
	wirelen = 0;
	assert_int_equal(prof_dump(&pp, PT_USER, 1000, "t.pro", busy_sink, NULL), 0);
	assert_true(copy_of(pp.ubuf[0], 1)[0x48] > 1);	/* it did count meanwhile */
	assert_int_equal(capture_parse(wire, wirelen, &cap), 0);
	assert_int_equal(cap.n, 1);
	assert_true(cap.frames[0].ok);
	assert_int_equal(pdump_read(cap.frames[0].data, cap.frames[0].len, &d, &dumpback_heap, err,
				    sizeof err), 0);
	capture_free(&cap);
	assert_int_equal(d.total, 2);
	assert_int_equal(d.segs[0].counters[0x48], 1);
	assert_int_equal(d.ntrace, 2);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_exit(&pp);
}

/* The segment of d named module, segment segno (NULL: none). */
static const struct pdump_seg *seg_named(const struct pdump *d, const char *module, uint16_t segno)
{
	for (uint32_t i = 0; i < d->nseg; i++)
		if (!strcmp(d->segs[i].module, module) && d->segs[i].segno == segno)
			return &d->segs[i];
	return 0;
}

/* Each of the dump's buckets of seg as the test counted them (want, of
 * length bytes of code from origin). */
static void buckets_are(const struct pdump *d, const char *module, uint16_t segno, const uint32_t *want,
			uint32_t length)
{
	const struct pdump_seg *b = seg_named(d, module, segno);

	assert_non_null(b);
	assert_int_equal(b->length, length);
	for (uint32_t k = 0; k < pdump_nbuckets(length, PROF_SHIFT); k++)
		assert_int_equal(b->counters[k], want[k]);
}

/* With one CPU (one copy of each count), the ticks of a user profile
 * (cleared and counted again), of a system profile with the kernel's text
 * and sub-profiles, and of one with stacks, read back from their dumps,
 * against the counts the test makes of the same ticks by the profiler's
 * rules: a ring-3 tick in its segment's bucket (EIP >> 2) if EIP is below
 * its length, else out of range; a kernel tick in the kernel's text with
 * PT_VERBOSE, else the kernel's; a tick of no process idle. */
static void one_cpu_counts(void **state)
{
	static struct prof_proc a, b;
	static uint32_t tp[0x1000 / 4], tp2[0x44 / 4], wk[0x800 / 4], kt[0x2000 / 4];
	struct prof_codeseg s[3] = { { &a, 0x07, 1, 0, 0x1000, "TESTPROF", 11, 0 },
				     { &a, 0x0F, 2, 0, 0x44, "TESTPROF", 12, 1 },
				     { 0, 0x08, 1, 0x100000, 0x2000, "kernel", 13, 0 } };
	struct prof_codeseg w = { &b, 0x07, 1, 0, 0x800, "WORKER", 14, 0 };
	uint64_t kernel = 0, idle = 0, oor = 0, stacked = 0, sum = 0;
	struct pdump d;
	uint32_t r, eip;

	(void)state;
	stub_ncpu = 1;
	assert_int_equal(prof_init(&a, PT_USER, NULL, s, 2), 0);
	assert_int_equal(prof_on(&a, PT_USER), 0);
	for (uint32_t i = 0; i < 3000; i++) {
		eip = (i * 2654435761u) % 0x1100;
		prof_tick_fn(&a, i % 7 ? 0x07 : 0x08, eip + (i % 7 ? 0 : 0x100000), 0);
		if (i % 7 == 0)
			kernel++;	/* a user profile keeps no kernel text */
		else if (eip < 0x1000)
			tp[eip >> 2]++;
		else
			oor++;
	}
	dump_back(&a, PT_USER, &d);
	assert_int_equal(d.ncpu, 1);
	assert_int_equal(d.total, 3000);
	assert_int_equal(d.cpus[0].samples, 3000);
	assert_int_equal(d.kernel, kernel);
	assert_int_equal(d.out_of_range, oor);
	assert_int_equal(d.ntrace, 3000);
	buckets_are(&d, "TESTPROF", 1, tp, 0x1000);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_clear(&a, PT_USER), 0);
	for (uint32_t i = 0; i < 50; i++)
		prof_tick_fn(&a, 0x0F, i, 0);
	for (uint32_t i = 0; i < 50; i++)
		tp2[i >> 2]++;
	memset(tp, 0, sizeof tp);
	dump_back(&a, PT_USER, &d);
	assert_int_equal(d.total, 50);
	assert_int_equal(d.ntrace, 50);
	buckets_are(&d, "TESTPROF", 1, tp, 0x1000);
	buckets_are(&d, "TESTPROF", 2, tp2, 0x44);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&a, PT_USER), 0);
	prof_exit(&a);

	assert_int_equal(prof_init(&a, PT_SYSTEM | PT_VERBOSE | PT_SPREAD, NULL, s, 3), 0);
	assert_int_equal(prof_proc_start(&b, &w, 1), 0);
	assert_int_equal(prof_on(&a, PT_SYSTEM), 0);
	memset(tp, 0, sizeof tp);
	kernel = oor = 0;
	for (uint32_t i = 0; i < 20000; i++) {
		struct prof_proc *pp;
		r = i * 2654435761u;
		pp = r % 5 == 0 ? NULL : r % 5 == 1 ? &b : &a;
		eip = (r >> 8) % 0x1100;
		prof_tick_fn(pp, r % 3 ? 0x07 : 0x08, eip + (r % 3 ? 0 : 0x100000), 0);
		if (!pp)
			idle++;
		else if (r % 3 == 0)
			kt[eip >> 2]++;		/* PT_VERBOSE: within the kernel's 0x2000 */
		else if (eip < (pp == &b ? 0x800u : 0x1000u))
			(pp == &b ? wk : tp)[eip >> 2]++;
		else
			oor++;
	}
	dump_back(&a, PT_SYSTEM, &d);
	assert_int_equal(d.total, 20000);
	assert_int_equal(d.idle, idle);
	assert_int_equal(d.kernel, 0);
	assert_int_equal(d.out_of_range, oor);
	assert_int_equal(d.nsub, PDUMP_NSUB);
	for (int k = 0; k < PDUMP_NSUB; k++)
		sum += d.subtotal[k];
	assert_int_equal(sum, 20000);	/* every tick in one sub-profile */
	buckets_are(&d, "TESTPROF", 1, tp, 0x1000);
	buckets_are(&d, "WORKER", 1, wk, 0x800);
	buckets_are(&d, "kernel", 1, kt, 0x2000);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&a, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&a, PT_SYSTEM), 0);

	/* with stacks: one stack a tick of a process the profile counts */
	assert_int_equal(prof_init(&a, PT_SYSTEM | PT_STACKS, NULL, s, 3), 0);
	assert_int_equal(prof_on(&a, PT_SYSTEM), 0);
	for (uint32_t i = 0; i < 5000; i++) {
		r = i * 2654435761u;
		prof_tick_fn(r % 4 ? &a : NULL, r % 3 ? 0x07 : 0x08, (r >> 8) % 0x1100 + (r % 3 ? 0 : 0x100000), 0);
		stacked += r % 4 != 0;
	}
	dump_back(&a, PT_SYSTEM, &d);
	assert_int_equal(d.total, 5000);
	assert_int_equal(d.dropped, 0);
	sum = 0;
	for (uint32_t k = 0; k < d.nstacks; k++)
		sum += d.stacks[k].count;
	assert_int_equal(sum, stacked);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_off(&a, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&a, PT_SYSTEM), 0);
	prof_exit(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(copies_apart, setup, teardown),
		cmocka_unit_test_setup_teardown(dump_sums, setup, teardown),
		cmocka_unit_test_setup_teardown(idle_per_cpu, setup, teardown),
		cmocka_unit_test_setup_teardown(sum_saturates, setup, teardown),
		cmocka_unit_test_setup_teardown(traces_in_turn, setup, teardown),
		cmocka_unit_test_setup_teardown(clear_every_cpu, setup, teardown),
		cmocka_unit_test_setup_teardown(release_after_wait, setup, teardown),
		cmocka_unit_test_setup_teardown(stacks_merged, setup, teardown),
		cmocka_unit_test_setup_teardown(spread_per_cpu, setup, teardown),
		cmocka_unit_test_setup_teardown(dump_while_counting, setup, teardown),
		cmocka_unit_test_setup_teardown(one_cpu_counts, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
