/* test_rounding.c: the largest remainder method (host/pinfo/read/rounding.c)
 * on its own: the tics sum to the total, the largest fractions win, ties go
 * to the lower key whatever the order listed, shares wider than 64 bits,
 * items laid out as a packed struct, and the shares left as they were. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "rounding.h"

struct item {
	uint64_t key;
	unsigned __int128 share;
	uint64_t tics;
};

static const struct round_layout layout = {
	sizeof(struct item), offsetof(struct item, share), offsetof(struct item, key),
	offsetof(struct item, tics)
};

/* Shares given in 1/2^shift tic; returns the sum of the tics. */
static uint64_t round_all(struct item *it, size_t n, uint32_t shift, uint64_t total)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		it[i].tics = 0xdeadbeef;	/* every one written */
	assert_int_equal(largest_remainder(it, n, &layout, shift, total), 0);
	for (i = 0; i < n; i++)
		sum += it[i].tics;
	return sum;
}

/* 1.25, 1.5, 1.75 of 5: the integer parts 1, 1, 1, then .75 and .5 win. */
static void test_largest_fractions(void **state)
{
	struct item it[] = { { 100, 5, 0 }, { 200, 6, 0 }, { 300, 7, 0 } };

	(void)state;
	assert_int_equal(round_all(it, 3, 2, 5), 5);
	assert_int_equal(it[0].tics, 1);
	assert_int_equal(it[1].tics, 2);
	assert_int_equal(it[2].tics, 2);
	assert_true(it[0].share == 5 && it[1].share == 6 && it[2].share == 7);	/* left as they were */
}

/* Three of 1.5 and 5 to give: the two extra tics to the two lower keys,
 * listed highest key first. */
static void test_ties_lower_key(void **state)
{
	struct item it[] = { { 0x30, 3, 0 }, { 0x10, 3, 0 }, { 0x20, 3, 0 } };

	(void)state;
	assert_int_equal(round_all(it, 3, 1, 5), 5);
	assert_int_equal(it[0].tics, 1);	/* key 0x30: the tie lost */
	assert_int_equal(it[1].tics, 2);
	assert_int_equal(it[2].tics, 2);
}

/* A whole share gets nothing more, even with the lowest key. */
static void test_whole_shares(void **state)
{
	struct item it[] = { { 1, 8, 0 }, { 2, 4 + 1, 0 }, { 3, 1, 0 } };	/* 2, 1.25, 0.25 of 4 */

	(void)state;
	assert_int_equal(round_all(it, 3, 2, 4), 4);
	assert_int_equal(it[0].tics, 2);
	assert_int_equal(it[1].tics, 2);	/* .25 at a tie with .25: the lower key */
	assert_int_equal(it[2].tics, 0);
}

/* The total bounds what is given: fewer than the fractions (the largest
 * first), or more than they can take (one each, no more). */
static void test_total_bounds(void **state)
{
	struct item it[] = { { 1, 1, 0 }, { 2, 3, 0 }, { 3, 2, 0 } };	/* .25, .75, .5 */

	(void)state;
	assert_int_equal(round_all(it, 3, 2, 1), 1);
	assert_int_equal(it[1].tics, 1);
	assert_int_equal(it[0].tics + it[2].tics, 0);
	assert_int_equal(round_all(it, 3, 2, 10), 3);	/* each fraction one tic, not ten */
	assert_int_equal(round_all(it, 0, 2, 10), 0);	/* none: nothing to give */
}

/* Shares of 2^32 units (the split by instructions) above 2^64: the
 * integer part keeps its high bits; the half wins over a quarter. */
static void test_wide_shares(void **state)
{
	unsigned __int128 one = (unsigned __int128)1 << 32;
	struct item it[] = { { 7, 5000000000ull * one + one / 4, 0 },
			     { 9, 6000000000ull * one + one / 2, 0 } };

	(void)state;
	assert_int_equal(round_all(it, 2, 32, 11000000001ull), 11000000001ull);
	assert_int_equal(it[0].tics, 5000000000ull);
	assert_int_equal(it[1].tics, 6000000001ull);
}

/* Unit shares (shift 0): no fraction, the tics the shares themselves. */
static void test_shift_zero(void **state)
{
	struct item it[] = { { 1, 3, 0 }, { 2, 4, 0 } };

	(void)state;
	assert_int_equal(round_all(it, 2, 0, 7), 7);
	assert_int_equal(it[0].tics, 3);
	assert_int_equal(it[1].tics, 4);
}

/* Items as attrib.c's owners are: packed, the share at no 16-byte
 * boundary (read and written byte-wise: the sanitizers' build checks). */
struct packed_item {
	char pad;
	uint64_t tics;
	unsigned __int128 share;
	uint64_t key;
} __attribute__((packed));

static void test_packed(void **state)
{
	static const struct round_layout pl = {
		sizeof(struct packed_item), offsetof(struct packed_item, share),
		offsetof(struct packed_item, key), offsetof(struct packed_item, tics)
	};
	struct packed_item it[3];
	size_t i;

	(void)state;
	memset(it, 0, sizeof it);
	for (i = 0; i < 3; i++) {
		it[i].key = 30 - 10 * i;	/* 30, 20, 10 */
		it[i].share = 3;		/* 1.5 each, shift 1 */
	}
	assert_int_equal(largest_remainder(it, 3, &pl, 1, 4), 0);
	assert_int_equal(it[0].tics, 1);
	assert_int_equal(it[1].tics, 1);
	assert_int_equal(it[2].tics, 2);	/* key 10 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_largest_fractions),
		cmocka_unit_test(test_ties_lower_key),
		cmocka_unit_test(test_whole_shares),
		cmocka_unit_test(test_total_bounds),
		cmocka_unit_test(test_wide_shares),
		cmocka_unit_test(test_shift_zero),
		cmocka_unit_test(test_packed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
