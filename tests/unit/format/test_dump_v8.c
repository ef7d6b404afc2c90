/* test_dump_v8.c: dump format 8, the clock record of a time profile of
 * several CPUs (docs/dump-format.md, "Version 8: the clock"): written and
 * read back, its bytes where the format says; a dump without it still
 * version 6 (and an event profile's 7); every check refusing its damage
 * with a reason that names the field. */
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

/* TESTPROF's 0x128 and 0x12c are entries 75 and 76 (1 + the bucket's
 * index), the kernel segment's bucket 3 is 1551 (after TESTPROF's 1547
 * buckets); 0 a tick in none. */
static uint32_t trace[200] = { 75, 75, 76, 0, 75, 75, 1551, 76, 75, 75 };
static uint32_t cputrace[2];

/* Version 6's two CPUs (testbuf.h: 162 ticks on CPU 0, 331 on CPU 1) with
 * a trace of n entries, CPU 0's first (c0 of them), in turns. */
static struct pdump *in_turns(uint32_t n, uint32_t c0)
{
	struct pdump *d = tdump_two_cpus();

	d->type |= PDUMP_TYPE_TRACE;
	d->period_base = 80;
	d->period_spread = 78;
	d->trace = trace;
	d->ntrace = n;
	d->clock = PDUMP_CLOCK_TURNS;
	cputrace[0] = c0;
	cputrace[1] = n - c0;
	d->cputrace = cputrace;
	return d;
}

static void v8_round_trip(void **state)
{
	struct pdump *d = in_turns(10, 4), back;
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];
	static const uint8_t tail[6] = { 2, 0, 0, 0, 4, 6 };

	(void)state;
	assert_int_equal(d->cpus[0].samples, 162);
	assert_int_equal(b.data[4], 8);
	/* the record last before the CRC: the clock, then each CPU's entries */
	assert_memory_equal(b.data + b.len - 4 - 6, tail, 6);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.version, 8);
	assert_int_equal(back.clock, PDUMP_CLOCK_TURNS);
	assert_int_equal(back.ncpu, 2);
	assert_int_equal(back.cputrace[0], 4);
	assert_int_equal(back.cputrace[1], 6);
	assert_int_equal(back.ntrace, 10);
	assert_int_equal(back.trace[6], 1551);
	assert_int_equal(back.period_base, 80);
	assert_int_equal(back.period_spread, 78);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	assert_null(back.cputrace);
	assert_int_equal(back.clock, 0);
	tbuf_free(&b);
	/* the CPUs at once: clock 1; without a trace, each CPU's entries 0 */
	d->clock = PDUMP_CLOCK_CELLS;
	d->type &= ~PDUMP_TYPE_TRACE;
	cputrace[0] = cputrace[1] = 0;
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 8);
	assert_int_equal(b.data[b.len - 4 - 6], 1);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.clock, PDUMP_CLOCK_CELLS);
	assert_int_equal(back.cputrace[1], 0);
	pdump_release(&back, &a);
	tbuf_free(&b);
	d->cputrace = NULL;
	tdump_free(d);
}

/* No clock: version 6, byte for byte as before; an event profile's: 7,
 * with no clock record; no CPU records: version 5, with none either. */
static void v8_only_with_clock(void **state)
{
	struct pdump *d = in_turns(10, 4), back;
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct tbuf b8 = tdump_bytes(d), b;
	char err[200];

	(void)state;
	d->clock = 0;
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 6);
	assert_int_equal(b.len, b8.len - 6);
	assert_memory_equal(b.data + 6, b8.data + 6, b.len - 4 - 6);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.clock, 0);
	assert_null(back.cputrace);
	pdump_release(&back, &a);
	tbuf_free(&b);
	d->clock = PDUMP_CLOCK_TURNS;
	d->ncpu = 0;
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 5);
	tbuf_free(&b);
	d->ncpu = 2;
	tbuf_free(&b8);
	d->cputrace = NULL;
	tdump_free(d);
}

/* The record's bytes in d's dump, refused for want after change (at the
 * record's offset k from its start, the byte v; -1: cut there). */
static void bad_at(struct pdump *d, size_t k, int v, const char *want)
{
	struct tbuf b = tdump_bytes(d);
	size_t at = b.len - 4 - 4 - d->ncpu;	/* each CPU's entries one byte here */

	assert_int_equal(b.data[4], 8);
	if (v < 0) {
		tdump_read_bad(b.data, at + k, want);
	} else {
		b.data[at + k] = (uint8_t)v;
		tdump_recrc(b.data, b.len);
		tdump_read_bad(b.data, b.len, want);
	}
	tbuf_free(&b);
}

static void v8_damage(void **state)
{
	struct pdump *d = in_turns(10, 4);
	struct tbuf b;

	(void)state;
	bad_at(d, 0, 3, "clock 3 (1: the CPUs at once, 2: in turns)");
	bad_at(d, 0, 0, "clock 0");
	bad_at(d, 4, 5, "the CPUs' trace entries add up to 11, the trace has 10");
	bad_at(d, 5, 0x86, "truncated");	/* the varint runs into the CRC */
	/* 0x80 0x00: a needless trailing zero group */
	b = tdump_bytes(d);
	b.data[b.len - 4 - 2] = 0x80;
	b.data[b.len - 4 - 1] = 0;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: malformed varint (trace entries)");
	tbuf_free(&b);
	bad_at(d, 2, -1, "truncated: the clock record needs 4 bytes");
	bad_at(d, 5, -1, "truncated: cpu 1's trace entries");
	/* an event type is version 7's, not 8's */
	b = tdump_bytes(d);
	b.data[8] |= PDUMP_TYPE_SYSCALL;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "unknown profile type");
	tbuf_free(&b);
	/* a CPU's trace longer than its ticks: 170 of CPU 0's 162 */
	for (uint32_t i = 0; i < 200; i++)
		trace[i] = 75;
	d->ntrace = 200;
	cputrace[0] = 170;
	cputrace[1] = 30;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "cpu 0: 170 trace entries, more than its 162 ticks");
	tbuf_free(&b);
	d->cputrace = NULL;
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v8_round_trip),
		cmocka_unit_test(v8_only_with_clock),
		cmocka_unit_test(v8_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
