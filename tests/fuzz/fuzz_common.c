/* fuzz_common.c: the checks the harnesses share (fuzz.h). */
#include <string.h>

#include "attrib.h"
#include "dumpfmt.h"
#include "fuzz.h"
#include "shown.h"

FILE *fuzz_null(void)
{
	static FILE *null;

	if (!null)
		null = fopen("/dev/null", "w");
	FUZZ_CHECK(null != NULL);
	return null;
}

/* One printable line: a hostile input must not put a newline or a
 * terminal's escape codes into a message. */
void fuzz_check_reason(const char *err, size_t errlen)
{
	const char *end = memchr(err, 0, errlen);
	const char *p;

	FUZZ_CHECK(end != NULL);
	FUZZ_CHECK(end > err);
	for (p = err; p < end; p++)
		FUZZ_CHECK((uint8_t)*p >= ' ' && (uint8_t)*p != 0x7f);
}

uint8_t *fuzz_fix_crc(const uint8_t *data, size_t size)
{
	uint8_t *copy = malloc(size ? size : 1);
	uint32_t crc;
	int k;

	FUZZ_CHECK(copy != NULL);
	memcpy(copy, data, size);
	if (size >= 4) {
		crc = crc32_update(0, copy, size - 4);
		for (k = 0; k < 4; k++)
			copy[size - 4 + k] = (uint8_t)(crc >> (8 * k));
	}
	return copy;
}

uint64_t fuzz_dump_buckets(const struct pdump *d)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < d->nseg; i++)
		n += pdump_nbuckets(d->segs[i].length, d->shift);
	return n;
}

/* Version 6's CPU records, exactly there: each CPU's ticks add up to its
 * samples, and the CPUs' to the dump's totals and each segment's. */
static void fuzz_check_cpus(const struct pdump *d)
{
	uint64_t s = 0, k = 0, idle = 0, oor = 0, seg;
	uint32_t c, i;

	FUZZ_CHECK((d->version >= PDUMP_VERSION_V6) == (d->ncpu != 0));
	/* version 8's clock record: each CPU's part of the trace, together all of it */
	FUZZ_CHECK((d->version == PDUMP_VERSION_V8) == (d->clock != 0));
	FUZZ_CHECK(d->clock == 0 || d->clock == PDUMP_CLOCK_CELLS || d->clock == PDUMP_CLOCK_TURNS);
	if (d->clock) {
		uint64_t t = 0;

		for (c = 0; c < d->ncpu; c++) {
			FUZZ_CHECK(d->cputrace[c] <= d->cpus[c].samples);
			t += d->cputrace[c];
		}
		FUZZ_CHECK(t == d->ntrace);
	}
	FUZZ_CHECK(d->ncpu <= PDUMP_MAXCPUS);
	for (c = 0; c < d->ncpu; c++) {
		const struct pdump_cpu *p = &d->cpus[c];
		uint64_t parts = p->kernel + p->idle + p->out_of_range;

		for (i = 0; i < d->nseg; i++)
			parts += p->segtics[i];
		FUZZ_CHECK(parts == p->samples);
		s += p->samples;
		k += p->kernel;
		idle += p->idle;
		oor += p->out_of_range;
	}
	FUZZ_CHECK(!d->ncpu || (s == d->total && k == d->kernel && idle == d->idle && oor == d->out_of_range));
	for (i = 0; d->ncpu && i < d->nseg; i++) {
		for (seg = 0, c = 0; c < d->ncpu; c++)
			seg += d->cpus[c].segtics[i];
		FUZZ_CHECK(seg == d->segs[i].tics);
	}
}

void fuzz_check_dump(const struct pdump *d)
{
	uint64_t sum = d->kernel + d->idle + d->out_of_range;
	uint32_t i, k;

	FUZZ_CHECK(!(d->type & ~(PDUMP_TYPE_BITS | PDUMP_TYPE_STACKS | PDUMP_TYPE_SPREAD | PDUMP_TYPE_TRACE)));
	/* the stacks bit in version 3, where it must be, and 4 and 5, where it
	 * may; a stack table only with it */
	FUZZ_CHECK(d->version != PDUMP_VERSION_V3 || (d->type & PDUMP_TYPE_STACKS));
	FUZZ_CHECK(!(d->type & PDUMP_TYPE_STACKS) || d->version >= PDUMP_VERSION_V3);
	FUZZ_CHECK((d->type & PDUMP_TYPE_STACKS) || d->nstacks == 0);
	/* the sub-profiles' bit in 4 (must) and 5 (may); the trace's in 5 */
	FUZZ_CHECK(d->version != PDUMP_VERSION_V4 || (d->type & PDUMP_TYPE_SPREAD));
	FUZZ_CHECK(!(d->type & PDUMP_TYPE_SPREAD) || d->version >= PDUMP_VERSION_V4);
	FUZZ_CHECK(!(d->type & PDUMP_TYPE_SPREAD) == !d->nsub);
	/* the trace's in 5 (must) and 6 (may); CPU records in 6 */
	FUZZ_CHECK(d->version != PDUMP_VERSION_V5 || (d->type & PDUMP_TYPE_TRACE));
	FUZZ_CHECK(!(d->type & PDUMP_TYPE_TRACE) || d->version >= PDUMP_VERSION_V5);
	fuzz_check_cpus(d);
	FUZZ_CHECK(d->ntrace <= d->total && (d->ntrace == 0) == (d->trace == NULL));
	for (i = 0; i < d->ntrace; i++)
		FUZZ_CHECK(d->trace[i] <= fuzz_dump_buckets(d));
	for (i = 0; i < d->nstacks; i++)
		FUZZ_CHECK(d->stacks[i].count && d->stacks[i].depth &&
			   d->stacks[i].kdepth <= d->stacks[i].depth && d->stacks[i].useg <= d->nseg);
	FUZZ_CHECK(d->shift <= PDUMP_MAXSHIFT && d->hz);
	FUZZ_CHECK(d->nseg <= PDUMP_MAXSEGS);
	for (i = 0; i < d->nseg; i++) {
		const struct pdump_seg *s = &d->segs[i];
		size_t n = strnlen(s->module, PDUMP_MODNAME_MAX);

		FUZZ_CHECK(n > 0 && n < PDUMP_MODNAME_MAX);
		for (k = 0; k < n; k++)
			FUZZ_CHECK(s->module[k] > ' ' && s->module[k] <= '~');
		FUZZ_CHECK(s->segno != 0);
		FUZZ_CHECK((uint64_t)s->origin + s->length <= 0x100000000ull);
	}
	if (fuzz_dump_buckets(d) > FUZZ_BUCKETS_CAP)
		return;
	for (i = 0; i < d->nseg; i++)
		for (k = 0; k < pdump_nbuckets(d->segs[i].length, d->shift); k++)
			sum += d->segs[i].counters[k];
	FUZZ_CHECK(sum == d->total);
}

/* The promises of attribute(): owners tile [lo, hi) in address order, the
 * printed tics sum to the ticks, and each is within one of its exact share. */
static void check_attribution(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
			      const struct msym *syms, size_t n)
{
	struct attribution a;
	uint64_t ticks = 0, printed = 0;
	unsigned __int128 unit = (unsigned __int128)1 << shift;
	size_t i;
	uint32_t k;

	for (i = 0; i < nsegs; i++)
		for (k = 0; k < pdump_nbuckets(segs[i]->length, shift); k++)
			ticks += segs[i]->counters[k];
	FUZZ_CHECK(attribute(segs, nsegs, shift, syms, n, &a) == 0);
	FUZZ_CHECK(a.n >= 1 && a.tics == ticks);
	FUZZ_CHECK(a.owners[0].lo == a.lo && a.owners[a.n - 1].hi == a.hi);
	for (i = 0; i < a.n; i++) {
		const struct owner *o = &a.owners[i];

		FUZZ_CHECK(o->lo < o->hi || a.lo == a.hi);
		FUZZ_CHECK(i + 1 == a.n || o->hi == a.owners[i + 1].lo);
		FUZZ_CHECK(((unsigned __int128)o->tics + 1) * unit > o->share);
		FUZZ_CHECK(o->share + unit > (unsigned __int128)o->tics * unit);
		printed += o->tics;
	}
	FUZZ_CHECK(printed == ticks);
	attribution_free(&a);
}

/* A made-up segment: bucket i holds a pseudo-random 0..7 (most buckets of
 * a real profile are zero, and so are about one in eight here). */
static void made_up(struct pdump_seg *s, uint32_t origin, uint32_t length, uint32_t shift,
		    uint32_t *counters)
{
	uint32_t k;

	memset(s, 0, sizeof *s);
	s->segno = 1;
	s->origin = origin;
	s->length = length;
	s->counters = counters;
	for (k = 0; k < pdump_nbuckets(length, shift); k++)
		counters[k] = (k * 2654435761u) >> 29;
}

#define WINDOW	0x4000u	/* bytes of the fine-grained window: 4096 buckets */

static void check_segment(const struct map *m, uint16_t seg)
{
	static uint32_t fine[WINDOW / 4], fine2[WINDOW / 4], coarse[16];
	struct pdump_seg s1, s2, whole, empty;
	const struct pdump_seg *segs[2];
	struct msym *sorted, *syms;
	size_t all = map_sorted_symbols(m, &sorted), first = 0, n, i;
	uint32_t origin;

	FUZZ_CHECK(all != (size_t)-1);
	n = msym_segment(sorted, all, seg, &first);
	syms = sorted + first;
	for (i = 1; i < n; i++)
		FUZZ_CHECK(syms[i - 1].addr < syms[i].addr);
	if (n) {
		/* around the middle symbol, 4-byte buckets; then two runs of one
		 * program, overlapping, as a system profile may hold */
		origin = syms[n / 2].addr & ~3u;
		made_up(&s1, origin, origin > 0xffffffffu - WINDOW ? 0u - origin : WINDOW, 2, fine);
		segs[0] = &s1;
		check_attribution(segs, 1, 2, syms, n);
		origin = origin > WINDOW / 2 ? origin - WINDOW / 2 : 0;
		made_up(&s2, origin, WINDOW, 2, fine2);
		segs[1] = &s2;
		check_attribution(segs, 2, 2, syms, n);
	}
	/* all of 4 GiB in 16 buckets: every symbol in a straddled bucket */
	made_up(&whole, 0, 0xffffffffu, 28, coarse);
	segs[0] = &whole;
	check_attribution(segs, 1, 28, syms, n);
	/* no bytes at all, at the last symbol */
	made_up(&empty, n ? syms[n - 1].addr : 0, 0, 2, fine);
	segs[0] = &empty;
	check_attribution(segs, 1, 2, syms, n);
	free(sorted);
}

#define SEGS_CHECKED	8	/* per input: each costs a pass over the map */

void fuzz_check_map(const struct map *m)
{
	static uint8_t seen[65536];
	uint16_t order[SEGS_CHECKED];
	size_t i, nseg = 0;

	FUZZ_CHECK(memchr(m->module, 0, sizeof m->module) != NULL && m->module[0]);
	FUZZ_CHECK(m->has_fingerprint || !m->fingerprint);
	for (i = 0; i < m->n; i++) {
		FUZZ_CHECK(m->syms[i].name != NULL && m->syms[i].seg != 0);
		/* every form's names at most SHOWN_LONG bytes: longer ones shortened */
		FUZZ_CHECK(strlen(m->syms[i].name) <= SHOWN_LONG);
		if (!seen[m->syms[i].seg] && nseg < SEGS_CHECKED)
			order[nseg++] = m->syms[i].seg;
		seen[m->syms[i].seg] = 1;
	}
	for (i = 0; i < m->n; i++)
		seen[m->syms[i].seg] = 0;
	for (i = 0; i < nseg; i++)
		check_segment(m, order[i]);
}

void fuzz_map(const char *path, const uint8_t *buf, size_t len)
{
	struct map m;
	char err[300];

	if (map_parse(path, buf, len, &m, err, sizeof err)) {
		fuzz_check_reason(err, sizeof err);
		FUZZ_CHECK(m.syms == NULL && m.n == 0);
		return;
	}
	fuzz_check_map(&m);
	map_free(&m);
}

void fuzz_sink(void *ctx, const void *data, size_t len)
{
	struct bytes *b = ctx;

	if (b->len + len > b->cap) {
		b->cap = (b->len + len) * 2;
		FUZZ_CHECK((b->data = realloc(b->data, b->cap)) != NULL);
	}
	memcpy(b->data + b->len, data, len);
	b->len += len;
}
