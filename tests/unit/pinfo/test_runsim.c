/* test_runsim.c: the runs' model (host/pinfo/read/runs.c, ci.c) against
 * the spread it stands for, measured. A program of known time line is
 * sampled as the kernel samples it (each period drawn uniformly over
 * 87 + [0, 64) PIT counts, 10000 Hz, by the kernel's generator: boot/
 * irq0.asm's NEXT_PERIOD) at SEEDS seeds; each seed's ticks make a dump
 * with its trace, whose 95% intervals pinfo's code gives. The seeds' own
 * spread of a share is then known to about 5%, and its exact value is the
 * share of the time line: the intervals must hold it in at least 90% of
 * the seeds and be as wide as the spread, within the bounds below.
 *
 * decode: a state machine whose long stretches hold short calls elsewhere
 * (copy, each a seventh of a period, 1.5 a period on average at random
 * times), as bzip2's BZ2_decompress holds memmove; then output, 20
 * periods at a time, and copy, 2 at a time. The trace shows decode's
 * stretch as runs of about eight ticks between single ticks of copy, and
 * the sum over decode's runs (1/4 a run) is a third of what copy's calls
 * move its count by; the gaps between its runs see them (docs/accuracy.md,
 * "The interval: from the run's own trace"). A second program, five
 * functions in turn for 4 to 35 periods each (bench/graded.c's rhythm),
 * where runs and gaps are alike, keeps its intervals near the spread. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "attrib.h"
#include "ci.h"
#include "runs.h"

#define SEEDS 200
#define BASE 87			/* PIT counts: 10000 Hz's divisor 119 less half the span */
#define SPREAD 64
#define MEAN (BASE + (SPREAD - 1) / 2.0)
#define NFN 5
#define MAXSPAN 8192

/* A time line: span i is [end[i - 1], end[i]) in PIT counts, in function fn[i]. */
struct line {
	double end[MAXSPAN];
	int fn[MAXSPAN];
	int n;
	double in[NFN];		/* each function's time */
};

static uint64_t mix;		/* the time lines' own generator (splitmix64) */

static double uniform(void)
{
	uint64_t z = (mix += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

static void span(struct line *l, int fn, double len)
{
	double at = l->n ? l->end[l->n - 1] : 0;

	if (l->n && l->fn[l->n - 1] == fn) {
		l->end[l->n - 1] += len;
	} else {
		assert_true(l->n < MAXSPAN);
		l->fn[l->n] = fn;
		l->end[l->n++] = at + len;
	}
	l->in[fn] += len;
}

enum { DECODE, COPY, OUTPUT };

/* decode for 3000 periods with calls to copy, then output and copy. */
static void bzip_like(struct line *l)
{
	double t;
	int k;

	memset(l, 0, sizeof *l);
	mix = 38;
	for (t = 0; t < 3000 * MEAN;) {
		double gap = -log(1 - uniform()) * 1.5 * MEAN;	/* to the next call */

		span(l, DECODE, gap);
		span(l, COPY, MEAN / 7);
		t += gap + MEAN / 7;
	}
	for (k = 0; k < 90; k++) {
		span(l, OUTPUT, 20 * MEAN);
		span(l, COPY, 2 * MEAN);
	}
}

/* Five functions in turn, for 4, 8, 12, 20 and 35 periods, 150 rounds. */
static void graded_like(struct line *l)
{
	static const double len[NFN] = { 4, 8, 12, 20, 35 };
	int r, f;

	memset(l, 0, sizeof *l);
	for (r = 0; r < 150; r++)
		for (f = 0; f < NFN; f++)
			span(l, f, len[f] * MEAN * (0.9 + 0.2 * ((r * 7 + f * 3) % 10) / 9.0));
}

/* One seed's ticks over l, as the kernel's generator draws the periods:
 * trace[k] the k-th tick's bucket number (1 + the function), *n of them. */
static void sample(const struct line *l, uint32_t seed, uint32_t *trace, uint32_t *n, uint32_t *counters)
{
	uint32_t x = seed;
	double t = 0, last = l->end[l->n - 1];
	int at = 0;

	*n = 0;
	memset(counters, 0, NFN * sizeof *counters);
	for (;;) {
		x = x * 1664525u + 1013904223u;
		t += BASE + (double)(uint32_t)(((uint64_t)x * SPREAD) >> 32);
		if (t >= last)
			return;
		while (l->end[at] <= t)
			at++;
		trace[(*n)++] = (uint32_t)l->fn[at] + 1;
		counters[l->fn[at]]++;
	}
}

struct result {
	double exact, mean, sd, half, cover;
};

/* Function fn's share over SEEDS seeds: its spread, and its intervals. */
static struct result measure(const struct line *l, int fn)
{
	static const struct msym syms[NFN] = {
		{ 0x100, 1, "f0" }, { 0x104, 1, "f1" }, { 0x108, 1, "f2" }, { 0x10c, 1, "f3" }, { 0x110, 1, "f4" }
	};
	static uint32_t trace[1 << 16];
	uint32_t counters[NFN], n;
	struct result r = { 0, 0, 0, 0, 0 };
	double sum = 0, sq = 0, whole = 0;
	int s, i;

	for (i = 0; i < NFN; i++)
		whole += l->in[i];
	r.exact = 100 * l->in[fn] / whole;
	for (s = 1; s <= SEEDS; s++) {
		struct pdump_seg seg;
		struct pdump d;
		struct attribution a;
		const struct pdump_seg *one = &seg;
		double edge[NFN], p;
		struct ci c;

		sample(l, (uint32_t)s, trace, &n, counters);
		memset(&seg, 0, sizeof seg);
		strcpy(seg.module, "SIM");
		seg.segno = 1;
		seg.origin = 0x100;
		seg.length = 4 * NFN;
		seg.counters = counters;
		memset(&d, 0, sizeof d);
		d.shift = 2;
		d.nseg = 1;
		d.segs = &seg;
		d.total = n;
		d.trace = trace;
		d.ntrace = n;
		d.period_base = BASE;
		d.period_spread = SPREAD;
		assert_int_equal(attribute(&one, 1, 2, syms, NFN, &a), 0);
		assert_int_equal(runs_owners(&d, &a, &one, 1, edge), 0);
		{
			struct ci_in in = { a.owners[fn].tics, n, NULL, NULL, 0, runs_c2(&d), edge[fn] };

			c = ci_of(&in);
		}
		p = 100.0 * (double)a.owners[fn].tics / n;
		sum += p;
		sq += p * p;
		r.half += (c.high - c.low) / 2;
		r.cover += c.low <= r.exact && r.exact <= c.high;
		attribution_free(&a);
	}
	r.mean = sum / SEEDS;
	r.sd = sqrt((sq - SEEDS * r.mean * r.mean) / (SEEDS - 1));
	r.half /= SEEDS;
	r.cover /= SEEDS;
	return r;
}

static void check(const char *what, struct result r, double lo, double hi)
{
	double ratio = r.half / (1.96 * r.sd);

	print_message("%s: exact %.3f%%, seeds %.3f%% sd %.3f, half-width %.3f = %.2f of the spread, holds %.1f%%\n",
		      what, r.exact, r.mean, r.sd, r.half, ratio, 100 * r.cover);
	if (!(ratio >= lo && ratio <= hi))
		fail_msg("%s: width %.2f of the seeds' spread, wanted %.2f to %.2f", what, ratio, lo, hi);
	if (!(r.cover >= 0.9))
		fail_msg("%s: the exact share in %.1f%% of the intervals, wanted >= 90%%", what, 100 * r.cover);
}

/* The sum over decode's runs alone gives about 0.6 of the spread here. */
static void long_stretches(void **state)
{
	static struct line l;

	(void)state;
	bzip_like(&l);
	check("decode", measure(&l, DECODE), 0.85, 1.6);
	check("copy", measure(&l, COPY), 0.85, 1.6);
	check("output", measure(&l, OUTPUT), 0.85, 2.5);
}

static void in_turn(void **state)
{
	static struct line l;
	int f;

	(void)state;
	graded_like(&l);
	for (f = 0; f < NFN; f++)
		check("graded-like", measure(&l, f), 0.8, 1.6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_stretches),
		cmocka_unit_test(in_turn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
