/* test_dump_v3.c: dump format 3, the stack table (docs/dump-format.md):
 * written and read back, byte by byte where the format says, and every
 * kind of damage refused with a reason; without PT_STACKS the writer
 * still writes version 2. */
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

static uint32_t pcs_a[] = { 0x128, 0x45 };		/* inner, called from main */
static uint32_t pcs_k[] = { 0x100123, 0x100200, 0x300, 0x45 };	/* kernel 2, then the process */
static struct pdump_stack stacks[2];
#define TABLE_BYTES 33	/* the seed's stack table, as v3_layout lists it */

/* The seed's example with its stacks: 464 ticks in inner from main, 4 in
 * the kernel under a system call, 1 dropped (of the seed's 479 ticks). */
static struct pdump *seed_v3(void)
{
	struct pdump *d = tdump_seed();

	d->type |= PDUMP_TYPE_STACKS;
	stacks[0] = (struct pdump_stack){ 464, 0, 1, 0, 2, pcs_a };
	stacks[1] = (struct pdump_stack){ 4, 0, 1, 2, 4, pcs_k };
	d->nstacks = 2;
	d->stacks = stacks;
	d->dropped = 1;
	d->frames = NULL;
	return d;
}

static void free_seed(struct pdump *d)
{
	d->stacks = NULL;
	tdump_free(d);
}

static void v3_round_trip(void **state)
{
	struct pdump *d = seed_v3(), back;
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];

	(void)state;
	assert_int_equal(b.len, pdump_size(d));
	assert_int_equal(b.data[4], 3);		/* version 3 */
	if (pdump_read(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	assert_int_equal(back.version, 3);
	assert_int_equal(back.type, 5 | PDUMP_TYPE_STACKS);
	assert_int_equal(back.dropped, 1);
	assert_int_equal(back.nstacks, 2);
	assert_int_equal(back.stacks[0].count, 464);
	assert_int_equal(back.stacks[0].useg, 1);
	assert_int_equal(back.stacks[0].kdepth, 0);
	assert_int_equal(back.stacks[0].depth, 2);
	assert_memory_equal(back.stacks[0].pcs, pcs_a, sizeof pcs_a);
	assert_int_equal(back.stacks[1].count, 4);
	assert_int_equal(back.stacks[1].kdepth, 2);
	assert_int_equal(back.stacks[1].depth, 4);
	assert_memory_equal(back.stacks[1].pcs, pcs_k, sizeof pcs_k);
	assert_int_equal(back.segs[0].counters[0x128 >> 2], 400);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	free_seed(d);
}

/* The stack table's bytes, as docs/dump-format.md lists them. */
static void v3_layout(void **state)
{
	struct pdump *d = seed_v3();
	struct tbuf b = tdump_bytes(d);
	static const uint8_t want[] = {
		1, 0, 0, 0, 0, 0, 0, 0,		/* dropped */
		2, 0, 0, 0,			/* nstacks */
		0xd0, 0x03, 1, 2, 0,		/* count 464, segment 1, depth 2, kernel 0 */
		0xa8, 0x02, 0x45,		/* 0x128, 0x45 */
		4, 1, 4, 2,			/* count 4, segment 1, depth 4, kernel 2 */
		0xa3, 0x82, 0x40, 0x80, 0x84, 0x40, 0x80, 0x06, 0x45,
	};
	size_t start = b.len - 4 - sizeof want;

	(void)state;
	assert_int_equal(sizeof want, TABLE_BYTES);
	assert_memory_equal(b.data + start, want, sizeof want);
	/* version 2 of the same: the same bytes up to the table, which it lacks */
	d->type &= ~PDUMP_TYPE_STACKS;
	{
		struct tbuf b2 = tdump_bytes(d);

		assert_int_equal(b2.len, start + 4);
		assert_int_equal(b2.data[4], 2);
		assert_memory_equal(b2.data + 6, b.data + 6, 2);
		assert_memory_equal(b2.data + 12, b.data + 12, start - 12);
		tbuf_free(&b2);
	}
	tbuf_free(&b);
	free_seed(d);
}

static void v3_corrupt_each_byte(void **state)
{
	struct pdump *d = seed_v3();
	struct tbuf b = tdump_bytes(d);

	(void)state;
	for (size_t i = 0; i < b.len; i++)
		for (int bit = 0; bit < 8; bit++) {
			b.data[i] ^= (uint8_t)(1 << bit);
			tdump_read_bad(b.data, b.len, NULL);
			b.data[i] ^= (uint8_t)(1 << bit);
		}
	for (size_t n = 0; n < b.len; n++)
		tdump_read_bad(b.data, n, NULL);	/* every cut */
	tbuf_free(&b);
	free_seed(d);
}

/* A writer's mistake with a right CRC: the field is named. */
static void v3_fields(void **state)
{
	struct pdump *d = seed_v3();
	struct tbuf b;
	size_t tab;

	(void)state;
	b = tdump_bytes(d);
	tab = b.len - 4 - TABLE_BYTES;	/* the table's start (v3_layout's bytes) */
	b.data[tab + 13] = 0x00;	/* count 0xd0 0x00: a needless zero group */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "malformed varint");
	tbuf_free(&b);

	stacks[1].count = 0;
	b = tdump_bytes(d);
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "count 0");
	tbuf_free(&b);
	stacks[1].count = 4;

	stacks[1].useg = 2;	/* the dump has one segment */
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "segment 2");
	tbuf_free(&b);
	stacks[1].useg = 1;

	stacks[1].kdepth = 5;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "kernel frames");
	tbuf_free(&b);
	stacks[1].kdepth = 2;

	stacks[1].depth = 0;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "no frame");
	tbuf_free(&b);
	stacks[1].depth = 4;

	d->dropped = 12;	/* 464 + 4 + 12 > 479 - 0 idle */
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "stacks do not add up");
	tbuf_free(&b);
	d->dropped = 11;	/* exactly all */
	b = tdump_bytes(d);
	{
		struct talloc t = { 0 };
		struct pdump_alloc a = talloc_make(&t);
		struct pdump back;
		char err[200];

		assert_int_equal(pdump_read(b.data, b.len, &back, &a, err, sizeof err), 0);
		pdump_release(&back, &a);
	}
	tbuf_free(&b);
	d->dropped = 1;

	b = tdump_bytes(d);	/* version 3 without the stacks bit */
	b.data[8 + 0] &= (uint8_t)~PDUMP_TYPE_STACKS;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "stacks type bit");
	tbuf_free(&b);

	d->type &= ~PDUMP_TYPE_STACKS;	/* version 2 with it */
	b = tdump_bytes(d);
	b.data[8] |= PDUMP_TYPE_STACKS;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "unknown profile type");
	tbuf_free(&b);
	d->type |= PDUMP_TYPE_STACKS;

	b = tdump_bytes(d);	/* too many stacks: refused before any is read */
	b.data[b.len - 4 - TABLE_BYTES + 8] = 0xff;
	b.data[b.len - 4 - TABLE_BYTES + 9] = 0xff;
	b.data[b.len - 4 - TABLE_BYTES + 10] = 0xff;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "stacks, more than the limit");
	tbuf_free(&b);

	b = tdump_bytes(d);	/* version 9: not known */
	b.data[4] = 9;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "this reader knows 1 to 8");
	tbuf_free(&b);
	free_seed(d);
}

/* Out of memory at each allocation of the second pass: nothing kept. */
static void v3_out_of_memory(void **state)
{
	struct pdump *d = seed_v3(), back;
	struct tbuf b = tdump_bytes(d);
	char err[200];

	(void)state;
	for (long k = 1; k <= 5; k++) {
		struct talloc t = { 0, 0, k };
		struct pdump_alloc a = talloc_make(&t);
		int rc = pdump_read(b.data, b.len, &back, &a, err, sizeof err);

		if (rc == 0)
			pdump_release(&back, &a);
		else
			assert_non_null(strstr(err, "out of memory"));
		assert_int_equal(t.live, 0);
	}
	tbuf_free(&b);
	free_seed(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v3_round_trip),
		cmocka_unit_test(v3_layout),
		cmocka_unit_test(v3_corrupt_each_byte),
		cmocka_unit_test(v3_fields),
		cmocka_unit_test(v3_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
