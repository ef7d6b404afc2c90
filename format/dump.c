/* dump.c: the profile dump's writer, for the kernel and the host tests.
 * The layout is in docs/dump-format.md; the reader is in dump_read.c.
 * Freestanding: no libc, no 64-bit division, no allocation; it streams
 * through its sink. */
#include "dump.h"
#include "dumpfmt.h"

/* Bytes go through a small stage so the sink sees runs, not single bytes. */
struct writer {
	pdump_sink sink;	/* NULL: only count (pdump_size) */
	void *ctx;
	uint32_t crc;
	size_t count;
	size_t fill;
	uint8_t stage[64];
};

static void flush(struct writer *w)
{
	if (w->fill && w->sink) {
		w->crc = crc32_update(w->crc, w->stage, w->fill);
		w->sink(w->ctx, w->stage, w->fill);
	}
	w->fill = 0;
}

static void put8(struct writer *w, uint32_t b)
{
	if (w->fill == sizeof w->stage)
		flush(w);
	w->stage[w->fill++] = (uint8_t)b;
	w->count++;
}

static void put16(struct writer *w, uint32_t v)
{
	put8(w, v & 0xff);
	put8(w, (v >> 8) & 0xff);
}

static void put32(struct writer *w, uint32_t v)
{
	put16(w, v & 0xffff);
	put16(w, v >> 16);
}

static void put64(struct writer *w, uint64_t v)
{
	put32(w, (uint32_t)v);
	put32(w, (uint32_t)(v >> 32));
}

/* LEB128: 7 bits a byte, low first, high bit set on all but the last. */
static void put_varint(struct writer *w, uint32_t v)
{
	while (v >= 0x80) {
		put8(w, (v & 0x7f) | 0x80);
		v >>= 7;
	}
	put8(w, v);
}

/* The same of a u64 (version 6's ticks): at most 10 bytes. */
static void put_varint64(struct writer *w, uint64_t v)
{
	while (v >= 0x80) {
		put8(w, (uint32_t)(v & 0x7f) | 0x80);
		v >>= 7;
	}
	put8(w, (uint32_t)v);
}

static size_t varint_size(uint32_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static uint32_t counter_at(const struct pdump_seg *s, uint32_t i)
{
	return s->counters ? s->counters[i] : 0;
}

/* Bytes of the sparse body of s, and its number of nonzero buckets. */
static size_t sparse_size(const struct pdump_seg *s, uint32_t nb, uint32_t *nnz)
{
	size_t bytes = 0;
	uint32_t i, next = 0, n = 0;

	for (i = 0; i < nb; i++) {
		uint32_t c = counter_at(s, i);

		if (c) {
			bytes += varint_size(i - next) + varint_size(c);
			next = i + 1;
			n++;
		}
	}
	*nnz = n;
	return bytes + varint_size(n);
}

static void write_name(struct writer *w, const char *module)
{
	size_t i, n = 0;

	while (n < PDUMP_MODNAME_MAX - 1 && module[n])
		n++;
	for (i = 0; i < PDUMP_SEG_NAME; i++)
		put8(w, i < n ? (uint8_t)module[i] : 0);
}

static void write_seg(struct writer *w, const struct pdump_seg *s, uint32_t shift)
{
	uint32_t nb = pdump_nbuckets(s->length, shift), nnz, i, next = 0;
	int sparse = sparse_size(s, nb, &nnz) < (size_t)nb * 4;

	write_name(w, s->module);
	put16(w, s->segno);
	put16(w, s->selector);
	put32(w, s->origin);
	put32(w, s->length);
	put32(w, nb);
	put8(w, sparse ? PDUMP_ENC_SPARSE : PDUMP_ENC_DENSE);
	put32(w, s->fingerprint);
	if (!sparse) {
		for (i = 0; i < nb; i++)
			put32(w, counter_at(s, i));
		return;
	}
	/* Gaps, not indices: adjacent hot buckets cost one byte each. */
	put_varint(w, nnz);
	for (i = 0; i < nb; i++) {
		uint32_t c = counter_at(s, i);

		if (c) {
			put_varint(w, i - next);
			put_varint(w, c);
			next = i + 1;
		}
	}
}

/* Counters c[0..nb) as a segment's are written (NULL: all 0): the
 * encoding byte, then dense or sparse, whichever is smaller. */
static void write_counts(struct writer *w, const uint32_t *c, uint32_t nb)
{
	struct pdump_seg tmp;
	uint32_t nnz, i, next = 0;
	int sparse;

	tmp.counters = (uint32_t *)c;
	sparse = sparse_size(&tmp, nb, &nnz) < (size_t)nb * 4;
	put8(w, sparse ? PDUMP_ENC_SPARSE : PDUMP_ENC_DENSE);
	if (!sparse) {
		for (i = 0; i < nb; i++)
			put32(w, c ? c[i] : 0);
		return;
	}
	put_varint(w, nnz);
	for (i = 0; i < nb; i++)
		if (c && c[i]) {
			put_varint(w, i - next);
			put_varint(w, c[i]);
			next = i + 1;
		}
}

/* Version 4's sub-profiles (docs/dump-format.md): after the rest. */
static void write_spread(struct writer *w, const struct pdump *d)
{
	uint32_t i, k;

	put32(w, d->nsub);
	for (k = 0; k < d->nsub; k++)
		put64(w, d->subtotal[k]);
	for (i = 0; i < d->nseg; i++) {
		const struct pdump_seg *s = &d->segs[i];
		uint32_t nb = pdump_nbuckets(s->length, d->shift);

		for (k = 0; k < d->nsub; k++)
			write_counts(w, s->sub ? s->sub + (size_t)k * nb : 0, nb);
	}
}

/* Version 3's stack table (docs/dump-format.md): after the segments. */
static void write_stacks(struct writer *w, const struct pdump *d)
{
	uint32_t i, k;

	put64(w, d->dropped);
	put32(w, d->nstacks);
	for (i = 0; i < d->nstacks; i++) {
		const struct pdump_stack *st = &d->stacks[i];

		put_varint(w, st->count);
		put_varint(w, st->useg);
		put8(w, st->depth);
		put8(w, st->kdepth);
		for (k = 0; k < st->depth; k++)
			put_varint(w, st->pcs[k]);
	}
}

/* Version 5's trace: the period, then each entry as the change from the
 * one before, zigzag-coded (a tick in the bucket after the last one's is
 * one byte; so is a tick in the same bucket). */
static void write_trace(struct writer *w, const struct pdump *d)
{
	uint32_t i, prev = 0;

	put32(w, d->period_base);
	put32(w, d->period_spread);
	put32(w, d->ntrace);
	for (i = 0; i < d->ntrace; i++) {
		uint32_t delta = d->trace[i] - prev;

		put_varint(w, (delta << 1) ^ (uint32_t)-(int32_t)(delta >> 31));
		prev = d->trace[i];
	}
}

/* Segment i's ticks on CPU c: its segtics, or (NULL) its counters' sum. */
static uint64_t cpu_segtics(const struct pdump *d, const struct pdump_cpu *c, uint32_t i)
{
	const struct pdump_seg *s = &d->segs[i];
	uint32_t nb, k;
	uint64_t sum = 0;

	if (c->segtics)
		return c->segtics[i];
	nb = pdump_nbuckets(s->length, d->shift);
	for (k = 0; k < nb; k++)
		sum += counter_at(s, k);
	return sum;
}

/* Version 6's CPU records (docs/dump-format.md): after the rest. Each
 * segment's ticks are sparse: the segments with ticks on that CPU, by gap. */
static void write_cpus(struct writer *w, const struct pdump *d)
{
	uint32_t c, i, n, next;

	put32(w, d->ncpu);
	for (c = 0; c < d->ncpu; c++) {
		const struct pdump_cpu *cpu = &d->cpus[c];

		put64(w, cpu->samples);
		put64(w, cpu->kernel);
		put64(w, cpu->idle);
		put64(w, cpu->out_of_range);
		for (n = 0, i = 0; i < d->nseg; i++)
			n += cpu_segtics(d, cpu, i) != 0;
		put_varint(w, n);
		for (next = 0, i = 0; i < d->nseg; i++) {
			uint64_t t = cpu_segtics(d, cpu, i);

			if (t) {
				put_varint(w, i - next);
				put_varint64(w, t);
				next = i + 1;
			}
		}
	}
}

/* Version 8's clock record (docs/dump-format.md): how the CPUs' ticks
 * fell, then each CPU's entries of the trace (cputrace NULL: all CPU 0's). */
static void write_clock(struct writer *w, const struct pdump *d)
{
	uint32_t c;

	put32(w, d->clock);
	for (c = 0; c < d->ncpu; c++)
		put_varint(w, d->cputrace ? d->cputrace[c] : c ? 0 : (d->type & PDUMP_TYPE_TRACE) ? d->ntrace : 0);
}

static uint32_t version_of(uint32_t type, uint32_t ncpu, uint32_t clock)
{
	if (type & PDUMP_TYPE_EVENTS)
		return PDUMP_VERSION_V7;
	if (ncpu && clock)
		return PDUMP_VERSION_V8;
	if (ncpu)
		return PDUMP_VERSION_V6;
	if (type & PDUMP_TYPE_TRACE)
		return PDUMP_VERSION_V5;
	if (type & PDUMP_TYPE_SPREAD)
		return PDUMP_VERSION_V4;
	return type & PDUMP_TYPE_STACKS ? PDUMP_VERSION_V3 : PDUMP_VERSION;
}

static size_t write_all(const struct pdump *d, struct writer *w)
{
	uint32_t i;
	int v3 = (d->type & PDUMP_TYPE_STACKS) != 0, v4 = (d->type & PDUMP_TYPE_SPREAD) != 0;

	for (i = 0; i < 4; i++)
		put8(w, (uint8_t)PDUMP_MAGIC[i]);
	put16(w, version_of(d->type, d->ncpu, d->clock));
	put16(w, 0);
	put32(w, d->type);
	put32(w, d->shift);
	put32(w, d->hz);
	put64(w, d->total);
	put64(w, d->kernel);
	put64(w, d->idle);
	put64(w, d->out_of_range);
	put32(w, d->nseg);
	for (i = 0; i < d->nseg; i++)
		write_seg(w, &d->segs[i], d->shift);
	if (v3)
		write_stacks(w, d);
	if (v4)
		write_spread(w, d);
	if (d->type & PDUMP_TYPE_TRACE)
		write_trace(w, d);
	if (d->ncpu)
		write_cpus(w, d);
	if (version_of(d->type, d->ncpu, d->clock) == PDUMP_VERSION_V8)
		write_clock(w, d);
	if (d->type & PDUMP_TYPE_EVENTS) {
		/* version 7's event record: N, the classes, each one's count */
		put32(w, d->ev_every);
		put32(w, d->ev_nclass);
		for (i = 0; i < d->ev_nclass; i++)
			put64(w, d->ev_count[i]);
	}
	flush(w);
	put32(w, w->crc);
	flush(w);
	return w->count;
}

size_t pdump_write(const struct pdump *d, pdump_sink sink, void *ctx)
{
	struct writer w;

	w.sink = sink;
	w.ctx = ctx;
	w.crc = 0;
	w.count = 0;
	w.fill = 0;
	return write_all(d, &w);
}

size_t pdump_size(const struct pdump *d)
{
	return pdump_write(d, NULL, NULL);
}
