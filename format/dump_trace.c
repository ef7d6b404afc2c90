/* dump_trace.c: version 5's trace, after the rest (docs/dump-format.md):
 * the sampling period, then where each traced tick went, each entry the
 * zigzag-coded change from the one before. Every entry must name a bucket
 * of the dump (or 0, none), and there are no more of them than ticks. */
#include "dump.h"
#include "dumpfmt.h"
#include "dump_base.h"
#include "dump_trace.h"

int pdump_walk_trace(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint32_t i, zz, v = 0;
	size_t at = r->pos;
	const uint8_t *p;

	if (pdump_need(r, 12, "the trace's header", NOSEG))
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
	if (pdump_need(r, h->ntrace, "the trace", NOSEG))
		return -1;
	if (h->ntrace && !(h->trace = a->zalloc(a->ctx, (size_t)h->ntrace * 4)))
		return HARD(r, "out of memory for a trace of %u ticks", NULL, h->ntrace, 0, 0);
	for (i = 0; i < h->ntrace; i++) {
		if (get_varint(r, &zz, "trace entry", NOSEG))
			return -1;
		v += (zz >> 1) ^ (uint32_t)-(int32_t)(zz & 1);
		if (v > r->buckets) {
			SOFT(r, "trace entry %u names bucket %u, the dump has %u", NULL, i, v, r->buckets);
			v = 0;
		}
		h->trace[i] = v;
	}
	h->trace_bytes = (uint32_t)(r->pos - at);
	return 0;
}
