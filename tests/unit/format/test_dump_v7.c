/* test_dump_v7.c: dump format 7, an event profile's record
 * (docs/dump-format.md, "Version 7: events"): written and read back, the
 * record's bytes where the format says, and each check refusing its damage
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

/* The seed's example as a system-call profile on one CPU: its 479 samples
 * are 479 calls, 400 of class 5 and 79 of class 1 (N 1), or n given. */
static uint64_t counts[6];
static struct pdump_cpu cpu = { 479, 9, 0, 0, NULL };

static struct pdump *calls(uint32_t every, uint32_t nclass)
{
	struct pdump *d = tdump_seed();

	d->type |= PDUMP_TYPE_SYSCALL;
	d->ncpu = 1;
	d->cpus = &cpu;
	memset(counts, 0, sizeof counts);
	counts[5] = 400;
	counts[1] = 79;
	d->ev_every = every;
	d->ev_nclass = nclass;
	d->ev_count = counts;
	return d;
}

static void done(struct pdump *d)
{
	d->cpus = NULL;
	tdump_free(d);
}

static void v7_round_trip(void **state)
{
	struct pdump *d = calls(1, 6), back;
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];

	(void)state;
	assert_int_equal(b.data[4], 7);
	/* the record last before the CRC: N, the classes, their counts */
	assert_int_equal(b.len, 122 + 40 + 8 + 6 * 8);
	assert_int_equal(b.data[b.len - 4 - 56], 1);
	assert_int_equal(b.data[b.len - 4 - 52], 6);
	assert_int_equal(b.data[b.len - 4 - 8], 400 & 0xff);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.version, 7);
	assert_int_equal(back.type & PDUMP_TYPE_SYSCALL, PDUMP_TYPE_SYSCALL);
	assert_int_equal(back.ev_every, 1);
	assert_int_equal(back.ev_nclass, 6);
	assert_int_equal(back.ev_count[5], 400);
	assert_int_equal(back.ev_count[1], 79);
	assert_int_equal(back.ev_count[0], 0);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	assert_null(back.ev_count);
	tbuf_free(&b);
	done(d);
}

/* A time profile's dump is version 6 as before, its reader's record none. */
static void v7_not_for_time(void **state)
{
	struct pdump *d = calls(1, 6), back;
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct tbuf b;
	char err[200];

	(void)state;
	d->type &= ~PDUMP_TYPE_SYSCALL;
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 6);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.ev_nclass, 0);
	assert_null(back.ev_count);
	pdump_release(&back, &a);
	tbuf_free(&b);
	done(d);
}

static void v7_damage(void **state)
{
	struct pdump *d;
	struct tbuf b;

	(void)state;
	/* each event sampled, but the classes hold fewer than the samples */
	d = calls(1, 6);
	counts[1] = 78;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "classes add up to 478 and the samples to 479");
	tbuf_free(&b);
	done(d);
	/* every 10th: the samples are fewer than the calls, as they should be */
	d = calls(10, 6);
	counts[5] = 4000;
	b = tdump_bytes(d);
	{
		struct talloc t = { 0 };
		struct pdump_alloc a = talloc_make(&t);
		struct pdump back;
		char err[200];

		if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
			fail_msg("pdump_read: %s", err);
		assert_int_equal(back.ev_every, 10);
		pdump_release(&back, &a);
	}
	tbuf_free(&b);
	done(d);
	/* N 0, too many classes, both event types, the record cut short */
	d = calls(0, 6);
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "every 0th event");
	tbuf_free(&b);
	done(d);
	d = calls(1, 6);
	b = tdump_bytes(d);
	b.data[b.len - 4 - 52] = 1;	/* nclass 257 */
	b.data[b.len - 4 - 51] = 1;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "257 event classes");
	tbuf_free(&b);
	done(d);
	d = calls(1, 6);
	d->type |= PDUMP_TYPE_SWITCH;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "both event types");
	tbuf_free(&b);
	done(d);
	d = calls(1, 6);
	b = tdump_bytes(d);
	tdump_read_bad(b.data, 122 + 40 + 4, "truncated");
	tbuf_free(&b);
	done(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v7_round_trip),
		cmocka_unit_test(v7_not_for_time),
		cmocka_unit_test(v7_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
