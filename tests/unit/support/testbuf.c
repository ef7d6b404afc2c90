/* testbuf.c: helpers shared by the unit tests of several parts (testbuf.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testbuf.h"
#include "dumpfmt.h"

void tbuf_put(struct tbuf *b, const void *data, size_t len)
{
	if (b->len + len > b->cap) {
		b->cap = (b->len + len) * 2 + 64;
		b->data = realloc(b->data, b->cap);
		assert_non_null(b->data);
	}
	if (len)
		memcpy(b->data + b->len, data, len);
	b->len += len;
}

void tbuf_sink(void *ctx, const void *data, size_t len)
{
	tbuf_put(ctx, data, len);
}

void tbuf_puts(struct tbuf *b, const char *s)
{
	tbuf_put(b, s, strlen(s));
}

void tbuf_free(struct tbuf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

static void *t_zalloc(void *ctx, size_t size)
{
	struct talloc *t = ctx;

	t->calls++;
	if (t->fail_at && t->calls >= t->fail_at)
		return NULL;
	t->live++;
	return calloc(1, size ? size : 1);
}

static void t_free(void *ctx, void *p)
{
	struct talloc *t = ctx;

	t->live--;
	free(p);
}

struct pdump_alloc talloc_make(struct talloc *t)
{
	struct pdump_alloc a = { t_zalloc, t_free, t };

	return a;
}

struct pdump *tdump_new(uint32_t type, uint32_t nseg)
{
	struct pdump *d = calloc(1, sizeof *d);

	assert_non_null(d);
	d->version = PDUMP_VERSION;
	d->type = type;
	d->shift = 2;
	d->hz = 1000;
	d->nseg = nseg;
	d->segs = calloc(nseg ? nseg : 1, sizeof *d->segs);
	assert_non_null(d->segs);
	return d;
}

void tdump_seg(struct pdump *d, uint32_t i, const char *module, uint16_t segno,
	       uint32_t origin, uint32_t length)
{
	struct pdump_seg *s = &d->segs[i];
	uint32_t nb = pdump_nbuckets(length, d->shift);

	snprintf(s->module, sizeof s->module, "%s", module);
	s->segno = segno;
	s->selector = 0x07;
	s->origin = origin;
	s->length = length;
	/* a fingerprint of its own, not 0, to see it travel */
	s->fingerprint = crc32_update(0, module, strlen(module)) ^ segno;
	free(s->counters);
	s->counters = calloc(nb ? nb : 1, 4);
	assert_non_null(s->counters);
}

/* The seed's example: 9 kernel ticks, 470 in TESTPROF's segment 1 of
 * 0x182c bytes (6 in main at 0x3e's bucket, 464 in inner). */
struct pdump *tdump_seed(void)
{
	struct pdump *d = tdump_new(5, 1);

	tdump_seg(d, 0, "TESTPROF", 1, 0, 0x182c);
	d->segs[0].counters[0x40 >> 2] = 6;
	d->segs[0].counters[0x128 >> 2] = 400;
	d->segs[0].counters[0x12c >> 2] = 64;
	d->kernel = 9;
	tdump_fix_totals(d);
	return d;
}

void tdump_fix_totals(struct pdump *d)
{
	uint64_t sum = d->kernel + d->idle + d->out_of_range;
	uint32_t i, k;

	for (i = 0; i < d->nseg; i++)
		for (k = 0; k < pdump_nbuckets(d->segs[i].length, d->shift); k++)
			sum += d->segs[i].counters[k];
	d->total = sum;
}

/* CPU c's part of v dealt over n in proportion to c + 1. */
static uint64_t dealt(uint64_t v, uint32_t c, uint32_t n)
{
	uint64_t all = (uint64_t)n * (n + 1) / 2, upto = (uint64_t)(c + 1) * (c + 2) / 2;
	uint64_t before = (uint64_t)c * (c + 1) / 2;

	return (uint64_t)((unsigned __int128)v * upto / all - (unsigned __int128)v * before / all);
}

void tdump_cpus(struct pdump *d, uint32_t n)
{
	uint32_t c, i, k;

	free(d->cpus);
	free(d->cputics);
	d->ncpu = n;
	d->cpus = calloc(n ? n : 1, sizeof *d->cpus);
	d->cputics = calloc((size_t)(n ? n : 1) * (d->nseg ? d->nseg : 1), 8);
	assert_non_null(d->cpus);
	assert_non_null(d->cputics);
	for (c = 0; c < n; c++) {
		struct pdump_cpu *p = &d->cpus[c];

		p->segtics = d->cputics + (size_t)c * d->nseg;
		p->kernel = dealt(d->kernel, c, n);
		p->idle = dealt(d->idle, c, n);
		p->out_of_range = dealt(d->out_of_range, c, n);
		p->samples = p->kernel + p->idle + p->out_of_range;
		for (i = 0; i < d->nseg; i++) {
			uint64_t sum = 0;

			for (k = 0; k < pdump_nbuckets(d->segs[i].length, d->shift); k++)
				sum += d->segs[i].counters[k];
			p->segtics[i] = dealt(sum, c, n);
			p->samples += p->segtics[i];
		}
	}
}

struct pdump *tdump_two_cpus(void)
{
	struct pdump *d = tdump_new(0, 3);

	tdump_seg(d, 0, "TESTPROF", 1, 0, 0x182c);
	d->segs[0].counters[0x40 >> 2] = 6;
	d->segs[0].counters[0x128 >> 2] = 400;
	d->segs[0].counters[0x12c >> 2] = 64;
	tdump_seg(d, 1, "kernel", 1, 0x100000, 0x1000);
	d->segs[1].counters[3] = 5;
	tdump_seg(d, 2, "WORKER", 1, 0, 0x100);
	d->kernel = 9;
	d->idle = 7;
	d->out_of_range = 2;
	tdump_fix_totals(d);
	tdump_cpus(d, 2);
	return d;
}

void tdump_free(struct pdump *d)
{
	uint32_t i;

	free(d->cpus);
	free(d->cputics);
	for (i = 0; i < d->nseg; i++)
		free(d->segs[i].counters);
	free(d->segs);
	free(d);
}

struct tbuf tdump_bytes(const struct pdump *d)
{
	struct tbuf b = { 0 };
	size_t n = pdump_write(d, tbuf_sink, &b);

	assert_int_equal(n, b.len);
	assert_int_equal(n, pdump_size(d));
	return b;
}

char *tfile(const char *path, size_t *len)
{
	char full[1024];
	const char *here = __FILE__, *slash = strrchr(here, '/');
	FILE *f;
	struct tbuf b = { 0 };
	char chunk[4096];
	size_t n;

	/* tests/unit/: the folder above this file's (support/) */
	snprintf(full, sizeof full, "%.*s/../%s", slash ? (int)(slash - here) : 1,
		 slash ? here : ".", path);
	f = fopen(full, "rb");
	if (!f)
		fail_msg("cannot open %s", full);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		tbuf_put(&b, chunk, n);
	fclose(f);
	tbuf_put(&b, "", 1);	/* a NUL after the bytes, for text */
	if (len)
		*len = b.len - 1;
	return (char *)b.data;
}

uint8_t tdump_encoding(const struct tbuf *b)
{
	return b->data[PDUMP_HDR_SIZE + PDUMP_SEG_ENCODING];
}

void tdump_read_bad(const uint8_t *buf, size_t len, const char *want)
{
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump d;
	char err[200];

	memset(&d, 0x5a, sizeof d);
	assert_int_equal(pdump_read(buf, len, &d, &a, err, sizeof err), -1);
	assert_true(strlen(err) > 0);
	assert_null(strchr(err, '\n'));
	assert_int_equal(t.live, 0);
	assert_int_equal(d.nseg, 0x5a5a5a5a);	/* *d untouched */
	if (want && !strstr(err, want))
		fail_msg("reason \"%s\" does not mention \"%s\"", err, want);
}

void tdump_recrc(uint8_t *buf, size_t len)
{
	uint32_t c = crc32_update(0, buf, len - 4);

	for (int k = 0; k < 4; k++)
		buf[len - 4 + k] = (uint8_t)(c >> (8 * k));
}
