/* dump_read.c: the profile dump's reader (docs/dump-format.md): the scan,
 * pdump_scan, which checks a dump whole before anything of it is used;
 * dump_load.c loads what it checked; and the release of what it allocated.
 * It trusts nothing: every size, index and sum is checked before it is
 * used, and on failure it says why in one line and keeps nothing it
 * allocated. It stands on dump_base.c and walks the later sections with
 * dump_trace.c and dump_cpus.c. Only the host tools call it: it uses the
 * ordinary C library. */
#include <inttypes.h>
#include <stdio.h>
#include "dump.h"
#include "dumpfmt.h"
#include "dump_base.h"
#include "dump_cpus.h"
#include "dump_trace.h"

/* The CRC catches up with the walk: each stretch of bytes is summed right
 * after it is parsed, while it is still in the cache (one pass). */
static void crc_catch_up(struct reader *r)
{
	r->crc = crc32_fast(r->crc, r->buf + r->crc_pos, r->pos - r->crc_pos);
	r->crc_pos = r->pos;
}

static int read_header(struct reader *r, struct pdump *h)
{
	const uint8_t *p = r->buf;
	size_t i;

	if (!r->len)
		return HARD(r, "empty file", NULL, 0, 0, 0);
	for (i = 0; i < 4 && i < r->len; i++)
		if (p[i] != (uint8_t)PDUMP_MAGIC[i])
			return HARD(r, "not a profile dump (bad magic)", NULL, 0, 0, 0);
	if (r->len >= 6 && (get_le(p + 4, 2) < PDUMP_VERSION_V1 || get_le(p + 4, 2) > PDUMP_VERSION_MAX))
		return HARD(r, "unsupported dump version %u (this reader knows %u to %u)",
			    NULL, get_le(p + 4, 2), PDUMP_VERSION_V1, PDUMP_VERSION_MAX);
	if (pdump_need(r, PDUMP_HDR_SIZE, "the header", NOSEG))
		return -1;
	h->version = get_le(p + 4, 2);
	h->type = get_le(p + 8, 4);
	h->shift = get_le(p + 12, 4);
	h->hz = get_le(p + 16, 4);
	h->total = get64(p + 20);
	h->kernel = get64(p + 28);
	h->idle = get64(p + 36);
	h->out_of_range = get64(p + 44);
	h->nseg = get_le(p + 52, 4);
	r->pos = PDUMP_HDR_SIZE;
	if (get_le(p + 6, 2))
		SOFT(r, "reserved header field is %u, not 0", NULL, get_le(p + 6, 2), 0, 0);
	if (h->type & ~(PDUMP_TYPE_BITS | (h->version >= PDUMP_VERSION_V3 ? PDUMP_TYPE_STACKS : 0) |
			(h->version >= PDUMP_VERSION_V4 ? PDUMP_TYPE_SPREAD : 0) |
			(h->version >= PDUMP_VERSION_V5 ? PDUMP_TYPE_TRACE : 0) |
			(h->version == PDUMP_VERSION_V7 ? PDUMP_TYPE_EVENTS : 0)))
		SOFT(r, "unknown profile type %x", NULL, h->type, 0, 0);
	else if (h->version == PDUMP_VERSION_V3 && !(h->type & PDUMP_TYPE_STACKS))
		SOFT(r, "version 3 dump without the stacks type bit (type %x)", NULL, h->type, 0, 0);
	else if (h->version == PDUMP_VERSION_V4 && !(h->type & PDUMP_TYPE_SPREAD))
		SOFT(r, "version 4 dump without the sub-profiles type bit (type %x)", NULL, h->type, 0, 0);
	else if (h->version == PDUMP_VERSION_V5 && !(h->type & PDUMP_TYPE_TRACE))
		SOFT(r, "version 5 dump without the trace type bit (type %x)", NULL, h->type, 0, 0);
	else if (h->version == PDUMP_VERSION_V7 && !(h->type & PDUMP_TYPE_EVENTS))
		SOFT(r, "version 7 dump without an event type bit (type %x)", NULL, h->type, 0, 0);
	if (h->shift > PDUMP_MAXSHIFT)
		SOFT(r, "bucket shift %u out of range (0..31)", NULL, h->shift, 0, 0);
	if (!h->hz)
		SOFT(r, "sample rate is 0 Hz", NULL, 0, 0, 0);
	if (h->nseg > PDUMP_MAXSEGS)
		return HARD(r, "%u segments, more than the limit of %u",
			    NULL, h->nseg, PDUMP_MAXSEGS, 0);
	return 0;
}

/* NUL-terminated, printable, no spaces (pinfo prints it in a column), zero-padded. */
static void check_name(struct reader *r, const uint8_t *p, int size, uint32_t seg)
{
	int k, end = -1;

	for (k = 0; k < size; k++) {
		if (end < 0 && !p[k])
			end = k;
		else if (end >= 0 && p[k])
			break;
		else if (end < 0 && (p[k] < 0x21 || p[k] > 0x7e))
			break;
	}
	if (k < size && end >= 0)
		SOFT(r, "segment %u: module name padding is not zero", NULL, seg, 0, 0);
	else if (k < size)
		SOFT(r, "segment %u: module name has byte %x", NULL, seg, p[k], 0);
	else if (end < 0)
		SOFT(r, "segment %u: module name is not NUL-terminated", NULL, seg, 0, 0);
	else if (!end)
		SOFT(r, "segment %u: empty module name", NULL, seg, 0, 0);
}

static int walk_dense(struct reader *r, uint32_t seg, uint32_t nb, uint64_t *tics)
{
	uint32_t k;
	uint64_t sum = 0;

	if ((uint64_t)nb * 4 > r->len - r->pos)
		return HARD(r, "truncated: segment %u has %u dense buckets at offset %u",
			    NULL, seg, nb, r->pos);
	for (k = 0; k < nb; k++) {
		sum += get_le(r->buf + r->pos, 4);
		r->pos += 4;
	}
	*tics = sum;
	return 0;
}

static int walk_sparse(struct reader *r, uint32_t seg, uint32_t nb, uint64_t *tics)
{
	uint32_t n, k, gap, c;
	uint64_t next = 0, idx, sum = 0;

	if (get_varint(r, &n, "entry count", seg))
		return -1;
	if (n > nb)
		SOFT(r, "segment %u: %u nonzero buckets, more than its %u buckets", NULL, seg, n, nb);
	for (k = 0; k < n; k++) {
		/* Four entries of one-byte gaps and nonzero one-byte counts, in
		 * range, as most are: taken together. */
		while (n - k >= 4 && r->len - r->pos >= 8) {
			const uint8_t *q = r->buf + r->pos;
			uint64_t last = next + q[0] + q[2] + q[4] + q[6] + 3;

			if (((q[0] | q[1] | q[2] | q[3] | q[4] | q[5] | q[6] | q[7]) & 0x80) ||
			    !q[1] || !q[3] || !q[5] || !q[7] || last >= nb)
				break;
			sum += (uint32_t)q[1] + q[3] + q[5] + q[7];
			next = last + 1;
			r->pos += 8;
			k += 4;
		}
		if (k == n)
			break;
		if (get_varint(r, &gap, "bucket gap", seg) || get_varint(r, &c, "count", seg))
			return -1;
		idx = next + gap;	/* gaps make indices strictly increasing */
		if (idx >= nb)
			SOFT(r, "segment %u: bucket index %u out of range (%u buckets)", NULL, seg, idx, nb);
		if (!c)
			SOFT(r, "segment %u: zero count listed at bucket %u", NULL, seg, idx, 0);
		sum += c;
		next = idx + 1;
	}
	*tics = sum;
	return 0;
}

/* Walks segment seg into s: its fields, its ticks, and where its counters
 * lie in the bytes (decoded later, and only if asked: pdump_load_seg). */
static int walk_seg(struct reader *r, const struct pdump *h, uint32_t seg, struct pdump_seg *s)
{
	const uint8_t *p, *f;	/* the header, and its fields after the module name */
	uint32_t origin, length, nb;
	int v1 = h->version == PDUMP_VERSION_V1, name = v1 ? PDUMP_SEG_NAME_V1 : PDUMP_SEG_NAME;
	uint32_t hdr = v1 ? PDUMP_SEGHDR_SIZE_V1 : PDUMP_SEGHDR_SIZE;
	size_t start;
	int k, rc;

	if (pdump_need(r, hdr, "header", seg))
		return -1;
	p = r->buf + r->pos;
	f = p + name;
	r->pos += hdr;
	check_name(r, p, name, seg);
	origin = get_le(f + PDUMP_SEG_ORIGIN, 4);
	length = get_le(f + PDUMP_SEG_LENGTH, 4);
	nb = get_le(f + PDUMP_SEG_NBUCKETS, 4);
	if (!get_le(f + PDUMP_SEG_SEGNO, 2))
		SOFT(r, "segment %u: segment number 0 (they start at 1)", NULL, seg, 0, 0);
	if ((uint64_t)origin + length > 0x100000000ull)
		SOFT(r, "segment %u: origin %x + length %x passes 4 GiB", NULL, seg, origin, length);
	if (nb != pdump_nbuckets(length, h->shift))
		SOFT(r, "segment %u: %u buckets, but its length and the shift give %u",
		     NULL, seg, nb, pdump_nbuckets(length, h->shift));
	r->buckets += nb;
	if (r->buckets > PDUMP_READ_MAXBUCKETS)
		SOFT(r, "more than %u buckets in all (segment %u)", NULL, PDUMP_READ_MAXBUCKETS, seg, 0);
	for (k = 0; k < PDUMP_MODNAME_MAX; k++)
		s->module[k] = k < name ? (char)p[k] : 0;
	s->segno = (uint16_t)get_le(f + PDUMP_SEG_SEGNO, 2);
	s->selector = (uint16_t)get_le(f + PDUMP_SEG_SELECTOR, 2);
	s->origin = origin;
	s->length = length;
	s->fingerprint = v1 ? 0 : get_le(f + PDUMP_SEG_FP, 4);
	s->counters = NULL;
	s->encoding = f[PDUMP_SEG_ENC];
	start = r->pos;
	if (s->encoding == PDUMP_ENC_DENSE)
		rc = walk_dense(r, seg, nb, &s->tics);
	else if (s->encoding == PDUMP_ENC_SPARSE)
		rc = walk_sparse(r, seg, nb, &s->tics);
	else
		return HARD(r, "segment %u: unknown counter encoding %u at offset %u",
			    NULL, seg, f[PDUMP_SEG_ENC], (r->pos - hdr) + name + PDUMP_SEG_ENC);
	if (rc)
		return -1;
	s->enc = r->buf + start;
	s->enc_len = r->pos - start;
	r->sum += s->tics;
	crc_catch_up(r);
	return 0;
}

/* Version 3's stack table; with a (the second pass) fills h's, whose
 * stacks and frames are allocated. */
static int walk_stacks(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint32_t i, k, count, useg, depth, kdepth, pc, *fr = h->frames;

	if (pdump_need(r, PDUMP_STACKHDR_SIZE, "the stack table's header", NOSEG))
		return -1;
	h->dropped = get64(r->buf + r->pos);
	h->nstacks = get_le(r->buf + r->pos + 8, 4);
	r->pos += PDUMP_STACKHDR_SIZE;
	if (h->nstacks > PDUMP_MAXSTACKS)
		return HARD(r, "%u stacks, more than the limit of %u", NULL, h->nstacks,
			    PDUMP_MAXSTACKS, 0);
	for (i = 0; i < h->nstacks; i++) {
		if (get_varint(r, &count, "stack count", i) || get_varint(r, &useg, "stack segment", i))
			return -1;
		if (pdump_need(r, 2, "stack depth", NOSEG))
			return -1;
		depth = r->buf[r->pos];
		kdepth = r->buf[r->pos + 1];
		r->pos += 2;
		if (!count)
			SOFT(r, "stack %u: count 0", NULL, i, 0, 0);
		if (useg > h->nseg)
			SOFT(r, "stack %u: segment %u, but the dump has %u", NULL, i, useg, h->nseg);
		if (!depth)
			SOFT(r, "stack %u: no frame", NULL, i, 0, 0);
		if (kdepth > depth)
			SOFT(r, "stack %u: %u kernel frames of %u", NULL, i, kdepth, depth);
		r->ssum += count;
		r->frames += depth;
		if (r->frames > PDUMP_READ_MAXFRAMES)
			return HARD(r, "more than %u stack frames in all (stack %u)", NULL,
				    PDUMP_READ_MAXFRAMES, i, 0);
		if (a) {
			h->stacks[i].count = count;
			h->stacks[i].useg = (uint16_t)useg;
			h->stacks[i].depth = (uint8_t)depth;
			h->stacks[i].kdepth = (uint8_t)kdepth;
			h->stacks[i].pcs = fr;
		}
		for (k = 0; k < depth; k++) {
			if (get_varint(r, &pc, "stack frame", i))
				return -1;
			if (a)
				*fr++ = pc;
		}
	}
	return 0;
}

/* Counters as a segment's are encoded, nb of them, into out[0..nb): the
 * sub-profiles' (version 4). */
static int read_counts(struct reader *r, uint32_t seg, uint32_t nb, uint32_t *out, uint64_t *sum)
{
	uint32_t n, k, gap, c, enc;
	uint64_t next = 0, idx;

	if (pdump_need(r, 1, "sub-profile encoding", seg))
		return -1;
	enc = r->buf[r->pos++];
	if (enc == PDUMP_ENC_DENSE) {
		if ((uint64_t)nb * 4 > r->len - r->pos)
			return HARD(r, "truncated: segment %u has %u dense sub-profile buckets at offset %u",
				    NULL, seg, nb, r->pos);
		for (k = 0; k < nb; k++, r->pos += 4)
			*sum += out[k] = get_le(r->buf + r->pos, 4);
		return 0;
	}
	if (enc != PDUMP_ENC_SPARSE)
		return HARD(r, "segment %u: unknown sub-profile encoding %u at offset %u", NULL, seg, enc,
			    r->pos - 1);
	if (get_varint(r, &n, "sub-profile entry count", seg))
		return -1;
	for (k = 0; k < n; k++) {
		if (get_varint(r, &gap, "sub-profile gap", seg) || get_varint(r, &c, "sub-profile count", seg))
			return -1;
		idx = next + gap;
		if (idx >= nb)
			return HARD(r, "segment %u: sub-profile bucket %u out of range (%u buckets)", NULL, seg,
				    idx, nb);
		if (!c)
			SOFT(r, "segment %u: zero sub-profile count listed at bucket %u", NULL, seg, idx, 0);
		*sum += out[idx] = c;
		next = idx + 1;
	}
	return 0;
}

/* Version 4's sub-profiles, after the rest: their number, their totals,
 * then each segment's counters of each, decoded (allocated with a). */
static int walk_spread(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint64_t all = 0, sum;
	uint32_t i, k, nb;

	if (pdump_need(r, 4, "the sub-profiles' count", NOSEG))
		return -1;
	h->nsub = get_le(r->buf + r->pos, 4);
	r->pos += 4;
	if (h->nsub < PDUMP_NSUB_MIN || h->nsub > PDUMP_NSUB_MAX)
		return HARD(r, "%u sub-profiles (a dump has %u to %u)", NULL, h->nsub, PDUMP_NSUB_MIN,
			    PDUMP_NSUB_MAX);
	/* the buckets as each segment's length gives them, which its header's
	 * count may belie (a semantic error, reported later) */
	for (all = 0, i = 0; i < h->nseg; i++)
		all += pdump_nbuckets(h->segs[i].length, h->shift);
	if (all * h->nsub > PDUMP_READ_MAXSUBBUCKETS)
		return HARD(r, "more than %u buckets in all the sub-profiles", NULL, PDUMP_READ_MAXSUBBUCKETS, 0, 0);
	if (pdump_need(r, (size_t)h->nsub * 8, "the sub-profiles' totals", NOSEG))
		return -1;
	if (!(h->subtotal = a->zalloc(a->ctx, (size_t)h->nsub * 8)))
		return HARD(r, "out of memory for %u sub-profiles", NULL, h->nsub, 0, 0);
	for (all = 0, k = 0; k < h->nsub; k++, r->pos += 8)
		all += h->subtotal[k] = get64(r->buf + r->pos);
	if (all != h->total)
		SOFT(r, "the sub-profiles' totals add up to %u, the total is %u", NULL, all, h->total, 0);
	for (i = 0; i < h->nseg; i++) {
		struct pdump_seg *s = &h->segs[i];

		nb = pdump_nbuckets(s->length, h->shift);
		if (nb && !(s->sub = a->zalloc(a->ctx, (size_t)h->nsub * nb * 4)))
			return HARD(r, "out of memory for segment %u's sub-profiles", NULL, i, 0, 0);
		for (sum = 0, k = 0; k < h->nsub; k++)	/* (no buckets: no counters, and no sub) */
			if (read_counts(r, i, nb, s->sub ? s->sub + (size_t)k * nb : NULL, &sum))
				return -1;
		if (sum != s->tics)
			SOFT(r, "segment %u: its sub-profiles hold %u ticks, its counters %u", NULL, i, sum,
			     s->tics);
		crc_catch_up(r);
	}
	return 0;
}

/* Whole, untouched, and adding up: checked in that order. */
static int check_end(struct reader *r, const struct pdump *h)
{
	uint32_t stored, computed;
	uint64_t parts = h->kernel, next;

	if (pdump_need(r, PDUMP_CRC_SIZE, "the CRC", NOSEG))
		return -1;
	if (r->len - r->pos > PDUMP_CRC_SIZE)
		return HARD(r, "%u trailing bytes after the CRC at offset %u",
			    NULL, r->len - r->pos - PDUMP_CRC_SIZE, r->pos + PDUMP_CRC_SIZE, 0);
	stored = get_le(r->buf + r->pos, 4);
	crc_catch_up(r);
	computed = r->crc;
	if (stored != computed)
		return HARD(r, "CRC mismatch: stored %x, computed %x (the file is damaged)",
			    NULL, stored, computed, 0);
	if (r->have_err)
		return -1;
	if ((next = parts + h->idle) < parts || (parts = next + h->out_of_range) < next ||
	    (next = parts + r->sum) < parts)
		return HARD(r, "kernel + idle + out_of_range + counters overflows 64 bits",
			    NULL, 0, 0, 0);
	if (next != h->total)
		return HARD(r, "totals do not add up: total %u, but kernel + idle + "
			    "out_of_range + counters = %u", NULL, h->total, next, 0);
	if (r->ssum + h->dropped < r->ssum || r->ssum + h->dropped > h->total - h->idle)
		return HARD(r, "stacks do not add up: %u sampled and %u dropped, more than the "
			    "%u ticks outside idle", NULL, r->ssum, h->dropped, h->total - h->idle);
	return 0;
}

/* One pass: the header, each segment (its bytes summed into the CRC as
 * they are walked), the end. The segments' counters stay where they are. */
static int walk_all(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint32_t i;

	if (read_header(r, h))
		return -1;
	crc_catch_up(r);
	if (h->nseg && !(h->segs = a->zalloc(a->ctx, (size_t)h->nseg * sizeof *h->segs)))
		return HARD(r, "out of memory for %u segments", NULL, h->nseg, 0, 0);
	for (i = 0; i < h->nseg; i++)
		if (walk_seg(r, h, i, &h->segs[i]))
			return -1;
	if (h->version == PDUMP_VERSION_V3 || (h->version >= PDUMP_VERSION_V4 && (h->type & PDUMP_TYPE_STACKS))) {
		/* the stack table: counted, then read */
		size_t at = r->pos;

		if (walk_stacks(r, h, NULL))
			return -1;
		if ((h->nstacks && !(h->stacks = a->zalloc(a->ctx, (size_t)h->nstacks * sizeof *h->stacks))) ||
		    (r->frames && !(h->frames = a->zalloc(a->ctx, (size_t)r->frames * 4))))
			return HARD(r, "out of memory for %u stacks", NULL, h->nstacks, 0, 0);
		r->pos = at;
		r->ssum = 0;
		r->frames = 0;
		if (walk_stacks(r, h, a))
			return -1;
	}
	if ((h->version == PDUMP_VERSION_V4 || (h->version >= PDUMP_VERSION_V5 && (h->type & PDUMP_TYPE_SPREAD))) &&
	    walk_spread(r, h, a))
		return -1;
	if (h->version == PDUMP_VERSION_V5 || (h->version >= PDUMP_VERSION_V6 && (h->type & PDUMP_TYPE_TRACE))) {
		if (pdump_walk_trace(r, h, a))
			return -1;
		crc_catch_up(r);
	}
	if (h->version >= PDUMP_VERSION_V6 && pdump_walk_cpus(r, h, a))
		return -1;
	if (h->version == PDUMP_VERSION_V7 && pdump_walk_events(r, h, a))
		return -1;
	if (h->version == PDUMP_VERSION_V8 && pdump_walk_clock(r, h, a))
		return -1;
	return check_end(r, h);
}

int pdump_scan(const uint8_t *buf, size_t len, struct pdump *d,
	       const struct pdump_alloc *a, char *err, size_t errlen)
{
	struct reader r = { .buf = buf, .len = len, .err = err, .errlen = errlen };
	struct pdump h;

	if (err && errlen)
		err[0] = 0;
	h.segs = NULL;
	h.nseg = 0;
	h.stacks = NULL;
	h.frames = NULL;
	h.dropped = 0;
	h.nstacks = 0;
	h.nsub = 0;
	h.subtotal = NULL;
	h.period_base = h.period_spread = 0;
	h.ntrace = 0;
	h.trace = NULL;
	h.trace_bytes = 0;
	h.ncpu = 0;
	h.cpus = NULL;
	h.cputics = NULL;
	h.clock = 0;
	h.cputrace = NULL;
	h.ev_every = h.ev_nclass = 0, h.ev_count = NULL;
	if (walk_all(&r, &h, a)) {
		pdump_release(&h, a);
		return -1;
	}
	d->version = h.version;	/* field by field: a struct copy may call memcpy */
	d->type = h.type;
	d->shift = h.shift;
	d->hz = h.hz;
	d->total = h.total;
	d->kernel = h.kernel;
	d->idle = h.idle;
	d->out_of_range = h.out_of_range;
	d->nseg = h.nseg;
	d->segs = h.segs;
	d->dropped = h.dropped;
	d->nstacks = h.nstacks;
	d->stacks = h.stacks;
	d->frames = h.frames;
	d->nsub = h.nsub;
	d->subtotal = h.subtotal;
	d->period_base = h.period_base;
	d->period_spread = h.period_spread;
	d->ntrace = h.ntrace;
	d->trace = h.trace;
	d->trace_bytes = h.trace_bytes;
	d->trace_index = NULL;	/* a host tool's, if it wants one */
	d->ncpu = h.ncpu;
	d->cpus = h.cpus;
	d->cputics = h.cputics;
	d->clock = h.clock;
	d->cputrace = h.cputrace;
	d->ev_every = h.ev_every, d->ev_nclass = h.ev_nclass, d->ev_count = h.ev_count;
	return 0;
}

void pdump_release(struct pdump *d, const struct pdump_alloc *a)
{
	uint32_t i;

	if (d->segs) {
		for (i = 0; i < d->nseg; i++) {
			if (d->segs[i].counters)
				a->free(a->ctx, d->segs[i].counters);
			if (d->segs[i].sub)
				a->free(a->ctx, d->segs[i].sub);
		}
		a->free(a->ctx, d->segs);
	}
	d->segs = NULL;
	d->nseg = 0;
	if (d->stacks)
		a->free(a->ctx, d->stacks);
	if (d->frames)
		a->free(a->ctx, d->frames);
	d->stacks = NULL;
	d->frames = NULL;
	d->nstacks = 0;
	if (d->subtotal)
		a->free(a->ctx, d->subtotal);
	d->subtotal = NULL;
	d->nsub = 0;
	if (d->trace)
		a->free(a->ctx, d->trace);
	d->trace = NULL;
	d->ntrace = 0;
	if (d->cputics)
		a->free(a->ctx, d->cputics);
	if (d->cpus)
		a->free(a->ctx, d->cpus);
	d->cputics = NULL;
	d->cpus = NULL;
	d->ncpu = 0;
	if (d->cputrace)
		a->free(a->ctx, d->cputrace);
	d->cputrace = NULL;
	d->clock = 0;
	if (d->ev_count)
		a->free(a->ctx, d->ev_count);
	d->ev_count = NULL;
	d->ev_nclass = 0;
}
