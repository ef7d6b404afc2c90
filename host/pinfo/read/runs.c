/* runs.c: the runs of a dump's trace (runs.h). The trace's index
 * (runs_index, made by pinfo's loading) gives each segment's entries, so
 * a group of segments costs the ticks in it, not the whole trace: a
 * report of many modules walks each entry once. */
#include <stdlib.h>

#include "hostio.h"
#include "dumpfmt.h"
#include "hostsort.h"
#include "runs.h"

void runs_index_free(struct pdump *d)
{
	struct trace_index *x = d->trace_index;

	if (x) {
		free(x->seg);
		free(x->first);
		free(x->at);
		free(x->by);
		free(x);
	}
	d->trace_index = NULL;
}

/* Entry v's segment: the last whose first bucket number is at most v. */
static uint32_t seg_of(const struct pdump *d, const uint32_t *first, uint32_t v)
{
	uint32_t lo = 0, hi = d->nseg, mid;

	if (!v || !d->nseg)
		return TRACE_NOSEG;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (first[mid] <= v)
			lo = mid;
		else
			hi = mid;
	}
	return v < first[lo + 1] ? lo : TRACE_NOSEG;
}

int runs_index(struct pdump *d)
{
	uint32_t i, s, n = d->ntrace, nseg = d->nseg;
	struct trace_index *x;

	if (!(x = d->trace_index = calloc(1, sizeof *x)) ||
	    !(x->first = calloc((size_t)nseg + 1, 4)) || !(x->at = calloc((size_t)nseg + 2, 4)) ||
	    (n && (!(x->seg = calloc(n, 4)) || !(x->by = calloc(n, 4))))) {
		runs_index_free(d);
		return -1;
	}
	x->first[0] = 1;
	for (s = 0; s < nseg; s++)	/* (the reader bounds all buckets below 2^28) */
		x->first[s + 1] = x->first[s] + pdump_nbuckets(d->segs[s].length, d->shift);
	for (i = 0; i < n; i++)		/* counted at at[s + 2], then summed: a counting sort */
		if ((x->seg[i] = seg_of(d, x->first, d->trace[i])) != TRACE_NOSEG)
			x->at[x->seg[i] + 2]++;
	for (s = 0; s < nseg; s++)
		x->at[s + 2] += x->at[s + 1];
	for (i = 0; i < n; i++)
		if ((s = x->seg[i]) != TRACE_NOSEG)
			x->by[x->at[s + 1]++] = i;
	return 0;
}

double runs_c2(const struct pdump *d)
{
	double s = d->period_spread, mean = d->period_base + (s - 1) / 2;

	if (!d->trace || s < 2 || mean <= 0)
		return 0;
	return (s * s - 1) / 12 / (mean * mean);
}

/* The positions in the trace of the entries in segs[0..n) (pointers into
 * d->segs), in order: malloc'd, *count of them; NULL when out of memory.
 * *own: the index made here for a dump without one (freed by done()). */
static int by_pos(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return (a > b) - (a < b);
}

static uint32_t *positions(struct pdump *d, const struct pdump_seg *const *segs, size_t n, size_t *count)
{
	const struct trace_index *x = d->trace_index;
	size_t k, m = 0, s;
	uint32_t *pos;

	for (k = 0; k < n; k++)
		if (segs[k] >= d->segs && segs[k] < d->segs + d->nseg)
			m += x->at[segs[k] - d->segs + 1] - x->at[segs[k] - d->segs];
	if (!(pos = malloc((m ? m : 1) * sizeof *pos)))
		return NULL;
	*count = 0;
	for (k = 0; k < n; k++) {
		if (!(segs[k] >= d->segs && segs[k] < d->segs + d->nseg))
			continue;
		s = (size_t)(segs[k] - d->segs);
		for (uint32_t j = x->at[s]; j < x->at[s + 1]; j++)
			pos[(*count)++] = x->by[j];
	}
	if (n > 1)	/* a segment's are in order; several are merged */
		host_qsort(pos, *count, sizeof *pos, by_pos);
	return pos;
}

/* d with its index: d itself, or a copy with an index made here. */
static int indexed(const struct pdump *d, struct pdump *x, int *own)
{
	*x = *d;
	*own = 0;
	if (d->trace_index)
		return 0;
	if (runs_index(x))
		return -1;
	*own = 1;
	return 0;
}

static void done(struct pdump *x, int own)
{
	if (own)
		runs_index_free(x);
}

/* Entry i's address (its segment picked). */
static uint64_t addr_of(const struct pdump *x, uint32_t i)
{
	uint32_t s = x->trace_index->seg[i];

	return x->segs[s].origin + ((uint64_t)(x->trace[i] - x->trace_index->first[s]) << x->shift);
}

static double run_var(uint64_t n)
{
	return n == 1 ? 1.0 : n ? 0.25 : 0.0;
}

/* The ticks a stretch of n traced ones stands for: all of them (total)
 * over those traced. */
static double scale(uint64_t total, uint64_t n)
{
	return n && total > n ? (double)total / n : 1.0;
}

/* 1 when the CPUs took turns (version 8): each CPU's part of the trace is
 * a sequence of its own, one CPU's periods over its own work. */
static int in_turns(const struct pdump *d)
{
	return d->ncpu > 1 && d->clock == PDUMP_CLOCK_TURNS && d->cputrace;
}

/* 1 when the runs' model fits d's trace: one CPU's, or several in turns.
 * With several CPUs at once (turns=0, or a version 6 dump) each CPU's
 * ticks fall in cells of one clock and QEMU's turns move them: a share
 * moves about as a binomial count does, so Wilson's interval stands. */
static int modelled(const struct pdump *d)
{
	return d->trace && (d->ncpu <= 1 || in_turns(d));
}

/* The class of entry i of the group: an owner of a (or 0 without a), or
 * -1 when out of [lo, hi) or, with keep, in an owner not kept. */
static long class_of(const struct pdump *x, uint32_t i, uint64_t lo, uint64_t hi, const struct attribution *a,
		     const unsigned char *keep)
{
	uint64_t at = addr_of(x, i);
	size_t o;

	if (at < lo || at >= hi)
		return -1;
	if (!a)
		return 0;
	if (at < a->lo || at >= a->hi)
		return -1;
	o = attribution_owner(a, at);
	return keep && !keep[o] ? -1 : (long)o;
}

/* Each class's two sums (runs.h): over its runs, and over the gaps
 * between them; last, the trace position of the class's last tick. */
struct sums {
	double run, gap;
	uint32_t last;
	int seen;
};

/* A run of class c ends at position end (its length run). */
static void close_run(struct sums *s, long c, uint64_t run, uint32_t end)
{
	s[c].run += run_var(run);
	s[c].last = end;
	s[c].seen = 1;
}

/* The runs of the group's entries: each class's two sums into run[class]
 * and gap[class], nclass of them (with one, every class taken as 0: the
 * entries together). A gap is counted from the trace's positions, so it
 * holds every tick between the two runs, in the group or not (the
 * kernel's, another program's). With the CPUs in turns each CPU's part
 * of the trace is walked alone, scaled to its own ticks, and the CPUs'
 * sums added: no run or gap spans two CPUs. 0, or -1 when out of memory. */
static int walk(const struct pdump *d, const struct pdump_seg *const *segs, size_t n, uint64_t lo, uint64_t hi,
		const struct attribution *a, const unsigned char *keep, int one, size_t nclass, double *run,
		double *gap)
{
	struct pdump x;
	struct sums *s;
	uint32_t *pos, prev = 0;
	size_t count = 0, k, j, cpu;
	long c, pc;
	uint64_t len, end = 0;
	int own, turns = in_turns(d);
	size_t ncut = turns ? d->ncpu : 1;
	double sc;

	if (indexed(d, &x, &own))
		return -1;
	s = calloc(nclass ? nclass : 1, sizeof *s);
	if (!s || !(pos = positions(&x, segs, n, &count))) {
		free(s);
		done(&x, own);
		return -1;
	}
	for (k = 0; k < nclass; k++)
		run[k] = gap[k] = 0;
	for (cpu = 0, k = 0; cpu < ncut; cpu++) {
		end = turns ? end + d->cputrace[cpu] : UINT64_MAX;
		sc = turns ? scale(d->cpus[cpu].samples, d->cputrace[cpu]) : scale(d->total, d->ntrace);
		for (j = 0; j < (nclass ? nclass : 1); j++)
			s[j].run = s[j].gap = 0, s[j].seen = 0;
		for (pc = -1, len = 0; k < count && pos[k] < end; k++) {
			c = class_of(&x, pos[k], lo, hi, a, keep);
			c = one && c > 0 ? 0 : c;
			if (c >= 0 && c == pc && pos[k] == prev + 1) {
				len++;
			} else {
				if (pc >= 0)
					close_run(s, pc, len, prev);
				if (c >= 0 && s[c].seen)
					s[c].gap += run_var(pos[k] - s[c].last - 1);
				pc = c;
				len = 1;
			}
			prev = pos[k];
		}
		if (pc >= 0)
			close_run(s, pc, len, prev);
		for (j = 0; j < nclass; j++) {
			run[j] += s[j].run * sc;
			gap[j] += s[j].gap * sc;
		}
	}
	free(pos);
	free(s);
	done(&x, own);
	return 0;
}

static double larger(double x, double y)
{
	return x > y ? x : y;
}

int runs_owner_sums(const struct pdump *d, const struct attribution *a, const struct pdump_seg *const *segs,
		    size_t nsegs, double *run, double *gap)
{
	if (!modelled(d))
		return 1;
	return walk(d, segs, nsegs, 0, UINT64_MAX, a, NULL, 0, a->n, run, gap) ? -1 : 0;
}

int runs_owners(const struct pdump *d, const struct attribution *a, const struct pdump_seg *const *segs,
		size_t nsegs, double *edge)
{
	double *gap;
	size_t i;
	int rc;

	if (!modelled(d))
		return 1;
	if (!(gap = malloc((a->n ? a->n : 1) * sizeof *gap)))
		return -1;
	rc = runs_owner_sums(d, a, segs, nsegs, edge, gap);
	for (i = 0; rc == 0 && i < a->n; i++)
		edge[i] = larger(edge[i], gap[i]);
	free(gap);
	return rc;
}

double runs_range(const struct pdump *d, const struct pdump_seg *const *segs, size_t n, uint64_t lo,
		  uint64_t hi, const struct attribution *a, const unsigned char *keep)
{
	double run, gap;

	if (!modelled(d) || walk(d, segs, n, lo, hi, a, keep, 1, 1, &run, &gap))
		return RUNS_NONE;
	return larger(run, gap);
}
