/* dump_trace.c: version 5's trace, after the rest (docs/dump-format.md):
 * the sampling period, then where each traced tick went, each entry the
 * zigzag-coded change from the one before. Every entry must name a bucket
 * of the dump (or 0, none), and there are no more of them than ticks. */
#include "dump.h"
#include "dumpfmt.h"
#include "dump_read.h"

int pdump_walk_trace(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint32_t i, zz, v = 0;
	size_t at = r->pos;
	const uint8_t *p;

	if (pdump_need(r, 12, "the trace's header"))
		return -1;
	p = r->buf + r->pos;
	h->period_base = get_le(p, 4);
	h->period_spread = get_le(p + 4, 4);
	h->ntrace = get_le(p + 8, 4);
	r->pos += 12;
	if (!h->period_base || h->period_base > 65536 || h->period_spread > 65536)
		SOFT(r, "the trace's period %u + [0, %u) is not a PIT period", NULL, h->period_base,
		     h->period_spread, 0);
	if (h->ntrace > PDUMP_MAXTRACE)
		return HARD(r, "a trace of %u ticks, more than the limit of %u", NULL, h->ntrace,
			    PDUMP_MAXTRACE, 0);
	if (h->ntrace > h->total)
		SOFT(r, "a trace of %u ticks, more than the %u ticks counted", NULL, h->ntrace, h->total, 0);
	/* each entry takes a byte at least: a short file is refused before the allocation */
	if (pdump_need(r, h->ntrace, "the trace"))
		return -1;
	if (h->ntrace && !(h->trace = a->zalloc(a->ctx, (size_t)h->ntrace * 4)))
		return HARD(r, "out of memory for a trace of %u ticks", NULL, h->ntrace, 0, 0);
	for (i = 0; i < h->ntrace; i++) {
		if (get_varint(r, &zz, "trace entry", 0xffffffffu))
			return -1;
		v += (zz >> 1) ^ (uint32_t)-(int32_t)(zz & 1);
		if (v > r->buckets) {
			SOFT(r, "trace entry %u names bucket %u, the dump has %u", NULL, i, v, r->buckets);
			v = 0;
		}
		h->trace[i] = v;
	}
	h->trace_bytes = (uint32_t)(r->pos - at);
	if (pdump_trace_index(h, a))
		return HARD(r, "out of memory for the index of a trace of %u ticks", NULL, h->ntrace, 0, 0);
	return 0;
}

void pdump_trace_index_free(struct pdump *d, const struct pdump_alloc *a)
{
	uint32_t **p[4] = { &d->trace_seg, &d->trace_first, &d->trace_at, &d->trace_by };

	for (int k = 0; k < 4; k++) {
		if (*p[k])
			a->free(a->ctx, *p[k]);
		*p[k] = NULL;
	}
}

/* Entry v's segment: the last whose first bucket number is at most v. */
static uint32_t seg_of(const struct pdump *d, uint32_t v)
{
	uint32_t lo = 0, hi = d->nseg, mid;

	if (!v || !d->nseg)
		return PDUMP_NOSEG;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (d->trace_first[mid] <= v)
			lo = mid;
		else
			hi = mid;
	}
	return v < d->trace_first[lo + 1] ? lo : PDUMP_NOSEG;
}

int pdump_trace_index(struct pdump *d, const struct pdump_alloc *a)
{
	uint32_t i, s, n = d->ntrace, nseg = d->nseg;

	d->trace_seg = d->trace_first = d->trace_at = d->trace_by = NULL;
	if (!(d->trace_first = a->zalloc(a->ctx, ((size_t)nseg + 1) * 4)) ||
	    !(d->trace_at = a->zalloc(a->ctx, ((size_t)nseg + 2) * 4)) ||
	    (n && (!(d->trace_seg = a->zalloc(a->ctx, (size_t)n * 4)) ||
		   !(d->trace_by = a->zalloc(a->ctx, (size_t)n * 4))))) {
		pdump_trace_index_free(d, a);
		return -1;
	}
	d->trace_first[0] = 1;
	for (s = 0; s < nseg; s++)	/* (the reader bounds all buckets below 2^28) */
		d->trace_first[s + 1] = d->trace_first[s] + pdump_nbuckets(d->segs[s].length, d->shift);
	for (i = 0; i < n; i++)		/* counted at at[s + 2], then summed: a counting sort */
		if ((d->trace_seg[i] = seg_of(d, d->trace[i])) != PDUMP_NOSEG)
			d->trace_at[d->trace_seg[i] + 2]++;
	for (s = 0; s < nseg; s++)
		d->trace_at[s + 2] += d->trace_at[s + 1];
	for (i = 0; i < n; i++)
		if ((s = d->trace_seg[i]) != PDUMP_NOSEG)
			d->trace_by[d->trace_at[s + 1]++] = i;
	return 0;
}
