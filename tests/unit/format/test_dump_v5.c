/* test_dump_v5.c: dump format 5, the trace (docs/dump-format.md): written
 * and read back, after the stack table and the sub-profiles when there
 * are; without PDUMP_TYPE_TRACE still written as before; damage refused
 * with a reason (an entry past the buckets, more entries than ticks, a
 * period no PIT has, a cut trace, the type bit without the version). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dump.h"
#include "dumpfmt.h"
#include "testbuf.h"

/* Where ticks of the seed's example went, in order: main's bucket (17),
 * inner's two (75, 76), a kernel tick (0), and back and forth. */
static uint32_t trace[] = { 17, 17, 75, 75, 76, 0, 75, 17, 76, 76, 76, 75, 0, 0, 17, 75 };
#define NTRACE (sizeof trace / sizeof *trace)

static struct pdump *seed_v5(void)
{
	struct pdump *d = tdump_seed();

	d->type |= PDUMP_TYPE_TRACE;
	d->period_base = 681;
	d->period_spread = 1024;
	d->ntrace = NTRACE;
	d->trace = trace;
	return d;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int k = 0; k < 4; k++)
		p[k] = (uint8_t)(v >> (8 * k));
}

/* Where d's trace starts in its bytes: where the CRC is without it. */
static size_t trace_at(struct pdump *d)
{
	size_t at;

	d->type &= ~PDUMP_TYPE_TRACE;
	at = pdump_size(d) - 4;
	d->type |= PDUMP_TYPE_TRACE;
	return at;
}

static void v5_round_trip(void **state)
{
	struct pdump *d = seed_v5(), back;
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];

	(void)state;
	assert_int_equal(b.len, pdump_size(d));
	assert_int_equal(b.data[4], 5);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.version, 5);
	assert_int_equal(back.type, 5 | PDUMP_TYPE_TRACE);
	assert_int_equal(back.period_base, 681);
	assert_int_equal(back.period_spread, 1024);
	assert_int_equal(back.ntrace, NTRACE);
	assert_memory_equal(back.trace, trace, sizeof trace);
	assert_null(back.trace_index);	/* a host tool's (pinfo's runs.h), not the reader's */
	assert_int_equal(back.segs[0].counters[0x128 >> 2], 400);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	/* the same with the scan */
	if (pdump_scan(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_scan: %s", err);
	assert_memory_equal(back.trace, trace, sizeof trace);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	/* without the bit: version 2, no trace: its header and the entries
	 * fewer, three of them two bytes (changes of 75 or more) */
	assert_int_equal(trace_at(d) + 4, b.len - 12 - NTRACE - 3);
	d->type &= ~PDUMP_TYPE_TRACE;
	tbuf_free(&b);
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 2);
	d->trace = NULL;
	tbuf_free(&b);
	tdump_free(d);
}

/* Each damage, the CRC made right again so that the check names it. */
static void v5_refused(void **state)
{
	struct pdump *d = seed_v5();
	struct tbuf b = tdump_bytes(d), c;
	size_t at = trace_at(d);

	(void)state;
	assert_int_equal(b.data[at + 12], 17 << 1);	/* the first entry: +17, zigzag */
	c = (struct tbuf){ 0 };
	tbuf_put(&c, b.data, b.len);
	c.data[at + 12] = 0x01;			/* -1: past the segment's buckets */
	tdump_recrc(c.data, c.len);
	tdump_read_bad(c.data, c.len, "names bucket");
	memcpy(c.data, b.data, b.len);
	put32(c.data + at + 8, 480);		/* 480 entries of 479 ticks (and cut) */
	tdump_recrc(c.data, c.len);
	tdump_read_bad(c.data, c.len, "truncated");
	memcpy(c.data, b.data, b.len);
	put32(c.data + at + 8, PDUMP_MAXTRACE + 1);
	tdump_recrc(c.data, c.len);
	tdump_read_bad(c.data, c.len, "more than the limit");
	memcpy(c.data, b.data, b.len);
	put32(c.data + at, 0);			/* a period of 0 counts */
	tdump_recrc(c.data, c.len);
	tdump_read_bad(c.data, c.len, "not a PIT period");
	memcpy(c.data, b.data, b.len);
	c.data[8] &= (uint8_t)~PDUMP_TYPE_TRACE;	/* version 5 without the bit */
	tdump_recrc(c.data, c.len);
	tdump_read_bad(c.data, c.len, "without the trace type bit");
	memcpy(c.data, b.data, b.len);
	c.data[4] = 4;				/* the bit in a version 4 dump */
	tdump_recrc(c.data, c.len);
	tdump_read_bad(c.data, c.len, NULL);
	tdump_read_bad(b.data, b.len - 6, "truncated");	/* cut in the trace */
	tbuf_free(&c);
	tbuf_free(&b);
	d->trace = NULL;
	tdump_free(d);
}

/* More entries than ticks: refused though the bytes are whole. */
static void v5_more_than_ticks(void **state)
{
	static uint32_t many[480];
	struct pdump *d = seed_v5();
	struct tbuf b;

	(void)state;
	d->trace = many;
	d->ntrace = 480;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "more than the 479 ticks");
	tbuf_free(&b);
	d->trace = NULL;
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v5_round_trip),
		cmocka_unit_test(v5_refused),
		cmocka_unit_test(v5_more_than_ticks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
