/* runs.c: the runs of a version 5 dump's trace (runs.h). */
#include <stdlib.h>

#include "runs.h"

double runs_c2(const struct pdump *d)
{
	double s = d->period_spread, mean = d->period_base + (s - 1) / 2;

	if (!d->trace || s < 2 || mean <= 0)
		return 0;
	return (s * s - 1) / 12 / (mean * mean);
}

/* Where the trace's entries are: the first bucket number of each of d's
 * segments (1-based, as the entries), and which of them count (their index
 * in segs, or -1). */
struct where {
	uint64_t *first;	/* nseg + 1 */
	int *pick;
};

static int where_make(struct where *w, const struct pdump *d, const struct pdump_seg *const *segs, size_t n)
{
	uint32_t i;
	size_t k;

	w->first = malloc((d->nseg + 1) * sizeof *w->first);
	w->pick = malloc((d->nseg ? d->nseg : 1) * sizeof *w->pick);
	if (!w->first || !w->pick) {
		free(w->first);
		free(w->pick);
		return -1;
	}
	w->first[0] = 1;
	for (i = 0; i < d->nseg; i++) {
		w->first[i + 1] = w->first[i] + pdump_nbuckets(d->segs[i].length, d->shift);
		w->pick[i] = -1;
	}
	for (k = 0; k < n; k++)
		if (segs[k] >= d->segs && segs[k] < d->segs + d->nseg)
			w->pick[segs[k] - d->segs] = (int)k;
	return 0;
}

/* Entry v's segment (an index into d->segs) and address; -1 when it is in
 * none of the picked ones. */
static long where_at(const struct where *w, const struct pdump *d, uint32_t v, uint64_t *addr)
{
	uint32_t lo = 0, hi = d->nseg, mid;

	if (!v)
		return -1;
	while (hi - lo > 1) {	/* the last segment whose first bucket is at most v */
		mid = lo + (hi - lo) / 2;
		if (w->first[mid] <= v)
			lo = mid;
		else
			hi = mid;
	}
	if (lo >= d->nseg || v >= w->first[lo + 1] || w->pick[lo] < 0)
		return -1;
	*addr = d->segs[lo].origin + ((uint64_t)(v - w->first[lo]) << d->shift);
	return lo;
}

static double run_var(uint64_t n)
{
	return n == 1 ? 1.0 : n ? 0.25 : 0.0;
}

static double scale(const struct pdump *d)
{
	return d->ntrace && d->total > d->ntrace ? (double)d->total / d->ntrace : 1.0;
}

int runs_owners(const struct pdump *d, const struct attribution *a, const struct pdump_seg *const *segs,
		size_t nsegs, double *edge)
{
	struct where w;
	uint64_t addr, n = 0;
	size_t i, prev = (size_t)-1, o;
	double k;

	if (!d->trace)
		return 1;
	if (where_make(&w, d, segs, nsegs))
		return -1;
	for (i = 0; i < a->n; i++)
		edge[i] = 0;
	for (i = 0; i <= d->ntrace; i++) {
		o = (size_t)-1;
		if (i < d->ntrace && where_at(&w, d, d->trace[i], &addr) >= 0 && addr >= a->lo && addr < a->hi)
			o = attribution_owner(a, addr);
		if (o == prev && o != (size_t)-1) {
			n++;
			continue;
		}
		if (prev != (size_t)-1)
			edge[prev] += run_var(n);
		prev = o;
		n = 1;
	}
	k = scale(d);
	for (i = 0; i < a->n; i++)
		edge[i] *= k;
	free(w.first);
	free(w.pick);
	return 0;
}

double runs_range(const struct pdump *d, const struct pdump_seg *const *segs, size_t n, uint64_t lo,
		  uint64_t hi, const struct attribution *a, const unsigned char *keep)
{
	struct where w;
	uint64_t addr, run = 0;
	double e = 0;
	size_t i;
	int in;

	if (!d->trace || where_make(&w, d, segs, n))
		return RUNS_NONE;
	for (i = 0; i <= d->ntrace; i++) {
		in = i < d->ntrace && where_at(&w, d, d->trace[i], &addr) >= 0 && addr >= lo && addr < hi;
		if (in && keep && a)
			in = addr >= a->lo && addr < a->hi && keep[attribution_owner(a, addr)];
		if (in) {
			run++;
			continue;
		}
		e += run_var(run);
		run = 0;
	}
	free(w.first);
	free(w.pick);
	return e * scale(d);
}
