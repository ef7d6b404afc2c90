/* test_runs.c: the runs of a version 5 dump's trace (host/pinfo/read/runs.c),
 * worked by hand: each owner's edge (1 for a run of one tick, 1/4 for a
 * longer one, summed over its runs and over the gaps between them, the
 * larger sum), scaled when the trace holds fewer ticks than the dump;
 * the edge of a range and of the owners not shown; the period's c^2; and
 * no trace, no edge, nor with several CPUs' records at once; with the
 * CPUs in turns, each CPU's part walked alone. The trace's index
 * (runs_index): each entry's segment, and each segment's entries in order;
 * the same edges with it as without. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "attrib.h"
#include "dumpfmt.h"
#include "runs.h"

static void assert_near(double got, double want)
{
	if (got < want - 1e-9 || got > want + 1e-9)
		fail_msg("%.9f, wanted %.9f", got, want);
}

/* Two dump segments: another program's (2 buckets), then ours, 16 bytes
 * from 0x100: A at 0x100 (buckets 3 and 4 of the dump, numbered from 1
 * after the other's 2), B at 0x108 (5 and 6). The trace: A A B A B B B,
 * a kernel tick, the other program, A. Runs: A 2, B 1, A 1, B 3, A 1. */
static uint32_t counters[4] = { 3, 1, 2, 2 }, other[2] = { 1, 0 };
static uint32_t trace[] = { 3, 4, 5, 3, 6, 5, 6, 0, 1, 4 };
static struct pdump_seg segs[2];
static struct pdump d;
static struct attribution a;

static int setup(void **state)
{
	static struct msym syms[2] = { { 0x100, 1, "A" }, { 0x108, 1, "B" } };
	const struct pdump_seg *one = &segs[1];

	(void)state;
	memset(segs, 0, sizeof segs);
	strcpy(segs[0].module, "OTHER");
	segs[0].segno = 1;
	segs[0].length = 8;
	segs[0].counters = other;
	strcpy(segs[1].module, "OURS");
	segs[1].segno = 1;
	segs[1].origin = 0x100;
	segs[1].length = 16;
	segs[1].counters = counters;
	memset(&d, 0, sizeof d);
	d.shift = 2;
	d.nseg = 2;
	d.segs = segs;
	d.kernel = 1;
	d.total = 10;
	d.trace = trace;
	d.ntrace = 10;
	d.period_base = 681;
	d.period_spread = 1024;
	return attribute(&one, 1, 2, syms, 2, &a);
}

static int teardown(void **state)
{
	(void)state;
	attribution_free(&a);
	return 0;
}

static void owners(void **state)
{
	double edge[2];

	(void)state;
	assert_int_equal(a.n, 2);
	assert_int_equal(runs_owners(&d, &a, (const struct pdump_seg *[]){ &segs[1] }, 1, edge), 0);
	assert_near(edge[0], 0.25 + 1 + 1);	/* A: 2, 1, 1 */
	assert_near(edge[1], 1 + 0.25);		/* B: 1, 3 */
	/* a trace of half the dump's ticks: each edge twice */
	d.total = 20;
	assert_int_equal(runs_owners(&d, &a, (const struct pdump_seg *[]){ &segs[1] }, 1, edge), 0);
	assert_near(edge[0], 2 * 2.25);
	d.total = 10;
	/* the other segment not picked: its tick breaks A's runs all the same */
	d.trace = NULL;
	assert_int_equal(runs_owners(&d, &a, (const struct pdump_seg *[]){ &segs[1] }, 1, edge), 1);
	d.trace = trace;
	/* several CPUs: no edge (Wilson's intervals); one CPU's record, as before */
	d.ncpu = 4;
	edge[0] = edge[1] = -5;
	assert_int_equal(runs_owners(&d, &a, (const struct pdump_seg *[]){ &segs[1] }, 1, edge), 1);
	assert_near(edge[0], -5);
	d.ncpu = 1;
	assert_int_equal(runs_owners(&d, &a, (const struct pdump_seg *[]){ &segs[1] }, 1, edge), 0);
	assert_near(edge[0], 0.25 + 1 + 1);
	d.ncpu = 0;
}

static void ranges(void **state)
{
	const struct pdump_seg *one[1] = { &segs[1] };
	unsigned char keep[2] = { 0, 1 };

	(void)state;
	/* A and B together: a run of 7, then one of 1 */
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), 0.25 + 1);
	/* B's bytes alone, by address */
	assert_near(runs_range(&d, one, 1, 0x108, 0x110, NULL, NULL), 1 + 0.25);
	/* the owners kept: B */
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, &a, keep), 1 + 0.25);
	/* the other program: one run of one */
	assert_near(runs_range(&d, (const struct pdump_seg *[]){ &segs[0] }, 1, 0, UINT64_MAX, NULL, NULL), 1);
	d.trace = NULL;
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), RUNS_NONE);
	d.trace = trace;
	d.ncpu = 2;
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), RUNS_NONE);
	d.ncpu = 0;
}

/* Segment 0's buckets are 1 and 2, segment 1's 3 to 6: entry 8 is
 * segment 0's, entry 7 (a kernel tick) none's, the rest segment 1's. */
static void index_of_trace(void **state)
{
	const struct pdump_seg *one[1] = { &segs[1] };
	static const uint32_t by[9] = { 8, 0, 1, 2, 3, 4, 5, 6, 9 };
	struct trace_index *x;

	(void)state;
	assert_int_equal(runs_index(&d), 0);
	x = d.trace_index;
	assert_int_equal(x->first[0], 1);
	assert_int_equal(x->first[1], 3);
	assert_int_equal(x->first[2], 7);
	assert_int_equal(x->seg[0], 1);
	assert_int_equal(x->seg[7], TRACE_NOSEG);
	assert_int_equal(x->seg[8], 0);
	assert_int_equal(x->at[0], 0);
	assert_int_equal(x->at[1], 1);
	assert_int_equal(x->at[2], 9);
	assert_memory_equal(x->by, by, sizeof by);
	/* the edges as without the index (ranges) */
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), 0.25 + 1);
	assert_near(runs_range(&d, one, 1, 0x108, 0x110, NULL, NULL), 1 + 0.25);
	runs_index_free(&d);
	assert_null(d.trace_index);
}

/* A's long stretches broken by B's single ticks, and once by B and a
 * kernel tick: A A A | B | A A A | B k | A A A. A's runs sum to 3/4, the
 * gaps between them to 1 + 1/4; B's runs to 1 + 1, its one gap (A A A)
 * to 1/4. Together, A and B make two runs (8 ticks, then 3: 1/4 each)
 * with the kernel's tick between them, a gap of one: 1. */
static void gaps(void **state)
{
	static uint32_t broken[] = { 3, 4, 3, 5, 4, 4, 3, 6, 0, 3, 3, 4 };
	const struct pdump_seg *one[1] = { &segs[1] };
	double edge[2], run[2], gap[2];

	(void)state;
	d.trace = broken;
	d.ntrace = 12;
	d.total = 12;
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 0);
	assert_near(edge[0], 1 + 0.25);
	assert_near(edge[1], 1 + 1);
	/* the two sums apart */
	assert_int_equal(runs_owner_sums(&d, &a, one, 1, run, gap), 0);
	assert_near(run[0], 0.75);
	assert_near(gap[0], 1.25);
	assert_near(run[1], 2);
	assert_near(gap[1], 0.25);
	assert_near(runs_range(&d, one, 1, 0x100, 0x108, NULL, NULL), 1 + 0.25);
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), 1);
	/* the same trace as a third of the dump's ticks: each edge three times */
	d.total = 36;
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 0);
	assert_near(edge[0], 3 * 1.25);
	d.trace = trace;
	d.ntrace = 10;
	d.total = 10;
}

/* Two CPUs in turns (version 8): the trace A A B A B | B B k O A, CPU 0's
 * five entries, then CPU 1's, each walked alone. CPU 0: A's runs 2 and 1
 * (1/4 + 1), its gap 1 (1); B's runs 1 and 1 (2), its gap 1 (1). CPU 1:
 * B's run of 2 (1/4), A's run of 1 (1), no gap (no run before it there).
 * Each CPU's sums are scaled to its own ticks: 5 and 15 (x 1 and x 3).
 * Taken as one sequence (one CPU, or the CPUs at once) B's runs are 1 and
 * 3: the edge differs. */
static void turns(void **state)
{
	const struct pdump_seg *one[1] = { &segs[1] };
	static struct pdump_cpu cpus[2] = { { 5, 0, 0, 0, NULL }, { 15, 1, 0, 0, NULL } };
	static uint32_t cputrace[2] = { 5, 5 };
	double edge[2], run[2], gap[2];

	(void)state;
	d.total = 20;
	d.ncpu = 2;
	d.cpus = cpus;
	d.cputrace = cputrace;
	d.clock = PDUMP_CLOCK_TURNS;
	assert_int_equal(runs_owner_sums(&d, &a, one, 1, run, gap), 0);
	assert_near(run[0], 1.25 + 3 * 1);
	assert_near(gap[0], 1);
	assert_near(run[1], 2 + 3 * 0.25);
	assert_near(gap[1], 1);
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 0);
	assert_near(edge[0], 4.25);
	assert_near(edge[1], 2.75);
	/* A and B together: CPU 0 a run of 5; CPU 1 runs of 2 and 1, a gap of 2 */
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), 0.25 + 3 * (0.25 + 1));
	/* the same scale on each CPU: as many ticks as traced */
	cpus[1].samples = 5;
	d.total = 10;
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 0);
	assert_near(edge[0], 2.25);
	assert_near(edge[1], 2.25);
	/* the CPUs at once (version 8's cells, or version 6): no edge, Wilson's */
	d.clock = PDUMP_CLOCK_CELLS;
	edge[0] = -5;
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 1);
	assert_near(edge[0], -5);
	assert_near(runs_range(&d, one, 1, 0, UINT64_MAX, NULL, NULL), RUNS_NONE);
	d.clock = 0;
	d.cputrace = NULL;
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 1);
	d.clock = PDUMP_CLOCK_TURNS;	/* turns, but no CPU's part known */
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 1);
	/* one sequence: B's runs 1 and 3 */
	d.ncpu = 0;
	d.cpus = NULL;
	d.clock = 0;
	assert_int_equal(runs_owners(&d, &a, one, 1, edge), 0);
	assert_near(edge[1], 1.25);
	cpus[1].samples = 15;
}

/* Uniform over 681 + [0, 1024): variance (1024^2 - 1) / 12, mean 1192.5. */
static void c2(void **state)
{
	(void)state;
	assert_near(runs_c2(&d), (1024.0 * 1024 - 1) / 12 / (1192.5 * 1192.5));
	d.period_spread = 0;
	assert_near(runs_c2(&d), 0);
	d.period_spread = 1024;
	d.trace = NULL;
	assert_near(runs_c2(&d), 0);
	d.trace = trace;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(owners),
		cmocka_unit_test(ranges),
		cmocka_unit_test(gaps),
		cmocka_unit_test(turns),
		cmocka_unit_test(c2),
		cmocka_unit_test(index_of_trace),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
