/* test_dump_v4.c: dump format 4, the sub-profiles (docs/dump-format.md):
 * written and read back, with and without the stack table; a dump
 * without PT_SPREAD still written as version 2 or 3; damage refused with
 * a reason (a count of sub-profiles out of bounds, totals or segments
 * that do not add up, an unknown encoding, a cut section). */
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

static uint64_t subtotal[PDUMP_NSUB];

/* The seed's example (470 ticks in TESTPROF, 9 in the kernel) dealt into 8
 * sub-profiles: main's 6 into sub-profiles 0..5, inner's 400 and 64 50 and
 * 8 into each; the kernel's 9: 2 into sub-profile 7, 1 into each other. */
static struct pdump *seed_v4(void)
{
	struct pdump *d = tdump_seed();
	uint32_t nb = pdump_nbuckets(d->segs[0].length, d->shift), *sub;

	d->type |= PDUMP_TYPE_SPREAD;
	sub = calloc((size_t)PDUMP_NSUB * nb, 4);
	assert_non_null(sub);
	for (int k = 0; k < PDUMP_NSUB; k++) {
		sub[k * nb + (0x40 >> 2)] = k < 6;
		sub[k * nb + (0x128 >> 2)] = 50;
		sub[k * nb + (0x12c >> 2)] = 8;
		subtotal[k] = (k < 6) + 50 + 8 + 1 + (k == 7);
	}
	d->segs[0].sub = sub;
	d->nsub = PDUMP_NSUB;
	d->subtotal = subtotal;
	return d;
}

static void free_seed(struct pdump *d)
{
	free(d->segs[0].sub);
	d->segs[0].sub = NULL;
	d->subtotal = NULL;
	tdump_free(d);
}

static void check_back(const struct pdump *back, uint32_t nb)
{
	assert_int_equal(back->nsub, PDUMP_NSUB);
	for (int k = 0; k < PDUMP_NSUB; k++) {
		assert_int_equal(back->subtotal[k], (k < 6) + 59 + (k == 7));
		assert_int_equal(back->segs[0].sub[k * nb + (0x40 >> 2)], k < 6);
		assert_int_equal(back->segs[0].sub[k * nb + (0x128 >> 2)], 50);
		assert_int_equal(back->segs[0].sub[k * nb + (0x12c >> 2)], 8);
		assert_int_equal(back->segs[0].sub[k * nb + 1], 0);
	}
	assert_int_equal(back->segs[0].counters[0x128 >> 2], 400);
	assert_int_equal(back->total, 479);
}

static void v4_round_trip(void **state)
{
	struct pdump *d = seed_v4(), back;
	uint32_t nb = pdump_nbuckets(d->segs[0].length, d->shift);
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];

	(void)state;
	assert_int_equal(b.len, pdump_size(d));
	assert_int_equal(b.data[4], 4);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.version, 4);
	assert_int_equal(back.type, 5 | PDUMP_TYPE_SPREAD);
	check_back(&back, nb);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	/* scanned, the sub-profiles are decoded all the same */
	if (pdump_scan(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_scan: %s", err);
	assert_int_equal(back.segs[0].sub[3 * nb + (0x128 >> 2)], 50);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	free_seed(d);
}

/* With the stack table too: version 4, the stacks first. */
static void v4_with_stacks(void **state)
{
	static uint32_t pcs[] = { 0x128, 0x45 };
	struct pdump_stack st = { 470, 0, 1, 0, 2, pcs };
	struct pdump *d = seed_v4(), back;
	struct tbuf b;
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];

	(void)state;
	d->type |= PDUMP_TYPE_STACKS;
	d->nstacks = 1;
	d->stacks = &st;
	d->dropped = 0;
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 4);
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.nstacks, 1);
	assert_int_equal(back.stacks[0].count, 470);
	check_back(&back, pdump_nbuckets(d->segs[0].length, d->shift));
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	d->stacks = NULL;
	d->nstacks = 0;
	free_seed(d);
}

/* Without PT_SPREAD, whatever nsub says: version 2, byte for byte as before. */
static void v4_not_without_spread(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf plain = tdump_bytes(d), again;

	(void)state;
	d->nsub = 0x5a5a5a5a;	/* not read */
	d->subtotal = NULL;
	again = tdump_bytes(d);
	assert_int_equal(plain.data[4], 2);
	assert_int_equal(plain.len, again.len);
	assert_memory_equal(plain.data, again.data, plain.len);
	tbuf_free(&plain);
	tbuf_free(&again);
	tdump_free(d);
}

/* The section starts right after the segments: where its count lies. */
static size_t spread_at(const struct tbuf *b)
{
	/* 8 sparse bodies: an encoding byte, the count, then 3 entries (6 of
	 * them) or 2 (the last 2), each a one-byte gap and count */
	return b->len - 4 - (4 + PDUMP_NSUB * 8) - (6 * 8 + 2 * 6);
}

static void v4_damage(void **state)
{
	struct pdump *d = seed_v4();
	struct tbuf b = tdump_bytes(d);
	size_t at = spread_at(&b);

	(void)state;
	assert_int_equal(b.data[at], PDUMP_NSUB);	/* the count, as laid out */
	b.data[at] = 1;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "1 sub-profiles (a dump has 2 to 64)");
	b.data[at] = PDUMP_NSUB;
	b.data[at + 4] ^= 1;	/* sub-profile 0's total */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "the sub-profiles' totals add up to");
	b.data[at + 4] ^= 1;
	assert_int_equal(b.data[at + 4 + PDUMP_NSUB * 8 + 5], 50);
	b.data[at + 4 + PDUMP_NSUB * 8 + 5] = 51;	/* sub-profile 0: 51 at inner's first bucket */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "its sub-profiles hold 471 ticks, its counters 470");
	tbuf_free(&b);
	b = tdump_bytes(d);
	b.data[at + 4 + PDUMP_NSUB * 8] = 7;	/* an encoding that is none */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "unknown sub-profile encoding 7");
	tbuf_free(&b);
	b = tdump_bytes(d);
	for (size_t cut = at; cut < b.len - 4; cut += 3) {	/* cut short, the CRC moved up */
		struct tbuf c = tdump_bytes(d);

		memmove(c.data + cut, c.data + b.len - 4, 4);
		tdump_recrc(c.data, cut + 4);
		tdump_read_bad(c.data, cut + 4, NULL);	/* (the CRC read as data: any reason) */
		tbuf_free(&c);
	}
	/* a segment of 2^22 buckets (sparse, a few bytes) in 8 sub-profiles: 2^25, refused */
	{
		struct pdump *big = seed_v4();
		struct tbuf g;

		free(big->segs[0].sub);
		big->segs[0].sub = NULL;
		big->segs[0].length = 1u << 24;
		free(big->segs[0].counters);
		big->segs[0].counters = NULL;
		big->total = big->kernel;
		for (int k = 0; k < PDUMP_NSUB; k++)
			subtotal[k] = k == 7 ? big->kernel : 0;
		g = tdump_bytes(big);
		tdump_read_bad(g.data, g.len, "more than 16777216 buckets in all the sub-profiles");
		tbuf_free(&g);
		free_seed(big);
	}
	/* version 4 without the type bit */
	b.data[8] &= (uint8_t)~PDUMP_TYPE_SPREAD;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "version 4 dump without the sub-profiles type bit");
	tbuf_free(&b);
	free_seed(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v4_round_trip),
		cmocka_unit_test(v4_with_stacks),
		cmocka_unit_test(v4_not_without_spread),
		cmocka_unit_test(v4_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
