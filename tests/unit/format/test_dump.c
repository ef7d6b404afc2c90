/* test_dump.c: the dump writer (format/dump.c, crc32.c): the CRC,
 * round trips through the reader, sizes. Damage is test_dump_read.c's. */
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

/* Reads bytes back; asserts success and that nothing leaks on release. */
static void read_ok(const struct tbuf *b, struct pdump *out, struct talloc *t)
{
	struct pdump_alloc a = talloc_make(t);
	char err[200];
	int rc = pdump_read(b->data, b->len, out, &a, err, sizeof err);

	if (rc)
		fail_msg("pdump_read: %s", err);
}

static void assert_same(const struct pdump *a, const struct pdump *b)
{
	uint32_t i;

	assert_int_equal(b->version, PDUMP_VERSION);
	assert_int_equal(a->type, b->type);
	assert_int_equal(a->shift, b->shift);
	assert_int_equal(a->hz, b->hz);
	assert_true(a->total == b->total && a->kernel == b->kernel);
	assert_true(a->idle == b->idle && a->out_of_range == b->out_of_range);
	assert_int_equal(a->nseg, b->nseg);
	for (i = 0; i < a->nseg; i++) {
		const struct pdump_seg *x = &a->segs[i], *y = &b->segs[i];
		uint32_t nb = pdump_nbuckets(x->length, a->shift);

		assert_string_equal(x->module, y->module);
		assert_int_equal(x->segno, y->segno);
		assert_int_equal(x->selector, y->selector);
		assert_int_equal(x->origin, y->origin);
		assert_int_equal(x->length, y->length);
		assert_int_equal(x->fingerprint, y->fingerprint);
		if (nb)
			assert_memory_equal(x->counters, y->counters, (size_t)nb * 4);
	}
}

/* Writes d, reads it back, checks equality and that release frees all. */
static void round_trip(const struct pdump *d)
{
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump back;

	read_ok(&b, &back, &t);
	assert_same(d, &back);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
}

/* ---- CRC ------------------------------------------------------------------- */

/* The standard check value, and chaining equals one pass. */
static void test_crc32_vector(void **state)
{
	(void)state;
	assert_int_equal(crc32_update(0, "123456789", 9), 0xCBF43926u);
	assert_int_equal(crc32_update(crc32_update(0, "1234", 4), "56789", 5), 0xCBF43926u);
	assert_int_equal(crc32_update(0, "", 0), 0);
	assert_int_equal(crc32_update(0, "a", 1), 0xE8B7BE43u);
}

/* n zero bytes in O(log n): the same as feeding them, from any CRC. */
static void test_crc32_zeros(void **state)
{
	static uint8_t zeros[(1 << 20) + 3];
	uint64_t n;

	(void)state;
	for (n = 0; n < 600; n++) {
		assert_int_equal(crc32_zeros(0, n), crc32_update(0, zeros, (size_t)n));
		assert_int_equal(crc32_zeros(0xCBF43926u, n), crc32_update(0xCBF43926u, zeros, (size_t)n));
	}
	n = sizeof zeros;
	assert_int_equal(crc32_zeros(crc32_update(0, "123456789", 9), n),
			 crc32_update(crc32_update(0, "123456789", 9), zeros, (size_t)n));
	assert_int_equal(crc32_zeros(crc32_zeros(7, 1u << 30), 1u << 30), crc32_zeros(7, 1ull << 31));
}

/* ---- round trips ----------------------------------------------------------- */

/* A few hot buckets in a long segment travel sparse and come back equal. */
static void test_dump_roundtrip_sparse(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);

	(void)state;
	assert_int_equal(tdump_encoding(&b), PDUMP_ENC_SPARSE);
	round_trip(d);
	tbuf_free(&b);
	tdump_free(d);
}

/* Every bucket nonzero: dense is smaller, and comes back equal. */
static void test_dump_roundtrip_dense(void **state)
{
	struct pdump *d = tdump_new(0, 1);
	struct tbuf b;
	uint32_t k;

	(void)state;
	tdump_seg(d, 0, "kernel", 1, 0x100000, 4096);
	for (k = 0; k < 1024; k++)
		d->segs[0].counters[k] = 1000 + k * 7919;
	d->idle = 5;
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	assert_int_equal(tdump_encoding(&b), PDUMP_ENC_DENSE);
	assert_int_equal(b.len, PDUMP_HDR_SIZE + PDUMP_SEGHDR_SIZE + 4096 + PDUMP_CRC_SIZE);
	round_trip(d);
	tbuf_free(&b);
	tdump_free(d);
}

/* No segments; and segments of length 0 or with no ticks. */
static void test_dump_roundtrip_empty(void **state)
{
	struct pdump *d = tdump_new(5, 0);
	struct tbuf b = tdump_bytes(d);

	(void)state;
	assert_int_equal(b.len, PDUMP_HDR_SIZE + PDUMP_CRC_SIZE);
	round_trip(d);
	tbuf_free(&b);
	tdump_free(d);

	d = tdump_new(0, 2);
	tdump_seg(d, 0, "EMPTY", 1, 0, 0);
	tdump_seg(d, 1, "QUIET", 1, 0, 1 << 20);
	d->idle = 3;
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	/* a quiet segment costs its header and one byte (zero entries) */
	assert_int_equal(b.len, PDUMP_HDR_SIZE + 2 * PDUMP_SEGHDR_SIZE + 1 + PDUMP_CRC_SIZE);
	round_trip(d);
	tbuf_free(&b);
	tdump_free(d);
}

/* Saturated counters survive both encodings; totals pass 32 bits. */
static void test_dump_roundtrip_saturated(void **state)
{
	struct pdump *d = tdump_new(5, 2);
	uint32_t k;

	(void)state;
	tdump_seg(d, 0, "SAT", 1, 0, 64);
	tdump_seg(d, 1, "SAT", 2, 0, 1 << 16);
	for (k = 0; k < 16; k++)
		d->segs[0].counters[k] = 0xFFFFFFFFu;
	d->segs[1].counters[0] = 0xFFFFFFFFu;
	d->segs[1].counters[(1 << 14) - 1] = 0xFFFFFFFFu;
	d->out_of_range = 0xFFFFFFFFFull;
	tdump_fix_totals(d);
	assert_true(d->total > 0xFFFFFFFFull);
	round_trip(d);
	tdump_free(d);
}

/* The most segments a reader takes, with names of every length up to 15. */
static void test_dump_roundtrip_many_segs(void **state)
{
	struct pdump *d = tdump_new(0, PDUMP_MAXSEGS);
	char name[16];
	uint32_t i;

	(void)state;
	for (i = 0; i < PDUMP_MAXSEGS; i++) {
		snprintf(name, sizeof name, "%.*s", (int)(1 + i % 15), "M123456789ABCDEFG");
		tdump_seg(d, i, name, (uint16_t)(1 + i % 3), i * 16, 64 + i);
		d->segs[i].counters[i % 16] = i + 1;
	}
	tdump_fix_totals(d);
	round_trip(d);
	d->nseg = PDUMP_MAXSEGS;
	tdump_free(d);
}

/* A name of 33 bytes or more is cut to 32 plus the NUL, not overrun; one
 * of 32 (a program's name may have that many) goes whole. */
static void test_dump_long_module_name(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	struct tbuf b;
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump back;

	(void)state;
	tdump_seg(d, 0, "X", 1, 0, 16);
	memcpy(d->segs[0].module, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456", 33);	/* no NUL */
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	read_ok(&b, &back, &t);
	assert_string_equal(back.segs[0].module, "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345");
	pdump_release(&back, &a);
	tbuf_free(&b);
	memcpy(d->segs[0].module, "A_RATHER_LONG_BENCHMARK_NAME", 29);
	b = tdump_bytes(d);
	read_ok(&b, &back, &t);
	assert_string_equal(back.segs[0].module, "A_RATHER_LONG_BENCHMARK_NAME");
	pdump_release(&back, &a);
	tbuf_free(&b);
	tdump_free(d);
}

/* Version 2 on the wire: the version in the header, and each segment's
 * fingerprint, little-endian, after its encoding byte (docs/dump-format.md). */
static void test_dump_fingerprint_bytes(void **state)
{
	struct pdump *d = tdump_new(0, 2);
	struct tbuf b;
	const uint8_t *seg1;

	(void)state;
	tdump_seg(d, 0, "A", 1, 0, 16);
	tdump_seg(d, 1, "B", 1, 0, 16);
	d->segs[0].fingerprint = 0x11223344u;
	d->segs[1].fingerprint = 0xDEADBEEFu;
	d->version = 1;		/* the writer writes its own version, whatever this says */
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	assert_int_equal(b.data[4] | b.data[5] << 8, 2);
	assert_int_equal(PDUMP_SEG_FINGERPRINT, 50);	/* docs/dump-format.md */
	assert_memory_equal(b.data + PDUMP_HDR_SIZE + 50, "\x44\x33\x22\x11", 4);
	/* no ticks: segment 0 is its header and one byte (n = 0) */
	seg1 = b.data + PDUMP_HDR_SIZE + PDUMP_SEGHDR_SIZE + 1;
	assert_memory_equal(seg1, "B", 2);
	assert_memory_equal(seg1 + 50, "\xEF\xBE\xAD\xDE", 4);
	d->version = 2;
	round_trip(d);
	tbuf_free(&b);
	tdump_free(d);
}

/* ---- sizes ----------------------------------------------------------------- */

/* A dump's size follows its ticks: at most 12 bytes per nonzero bucket,
 * about 3 for neighbouring buckets with small counts. */
static void test_dump_size_per_bucket(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	const size_t fixed = PDUMP_HDR_SIZE + PDUMP_SEGHDR_SIZE + PDUMP_CRC_SIZE;
	uint32_t k, nnz = 0, nb = (16u << 20) >> 2;
	size_t size;

	(void)state;
	/* worst case: far apart, huge counts */
	tdump_seg(d, 0, "BIG", 1, 0, 16u << 20);
	for (k = 0; k < nb; k += 1 + (k * 2654435761u) % 50000, nnz++)
		d->segs[0].counters[k] = 0xF0000000u + k;
	tdump_fix_totals(d);
	size = pdump_size(d);
	assert_true(size - fixed <= 5 + (size_t)nnz * 12);
	round_trip(d);

	/* typical: a hot loop, neighbouring buckets, counts below 128 */
	tdump_seg(d, 0, "BIG", 1, 0, 16u << 20);
	for (k = 0, nnz = 0; k < 3000; k++, nnz++)
		d->segs[0].counters[1000 + k] = 1 + k % 127;
	tdump_fix_totals(d);
	size = pdump_size(d);
	assert_true(size - fixed <= 5 + (size_t)nnz * 2);
	round_trip(d);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc32_vector),
		cmocka_unit_test(test_crc32_zeros),
		cmocka_unit_test(test_dump_fingerprint_bytes),
		cmocka_unit_test(test_dump_roundtrip_sparse),
		cmocka_unit_test(test_dump_roundtrip_dense),
		cmocka_unit_test(test_dump_roundtrip_empty),
		cmocka_unit_test(test_dump_roundtrip_saturated),
		cmocka_unit_test(test_dump_roundtrip_many_segs),
		cmocka_unit_test(test_dump_long_module_name),
		cmocka_unit_test(test_dump_size_per_bucket),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
