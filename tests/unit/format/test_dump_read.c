/* test_dump_read.c: the dump reader (format/dump_read.c) refuses every
 * kind of damage with a one-line reason, keeping nothing it allocated. */
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

/* Reads bytes back; asserts failure, a reason, and no allocation left. */
/* Any byte flipped, in any bit, is refused with a reason. */
static void test_dump_corrupt_each_byte(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	size_t i;
	int bit;

	(void)state;
	for (i = 0; i < b.len; i++)
		for (bit = 0; bit < 8; bit++) {
			b.data[i] ^= (uint8_t)(1 << bit);
			tdump_read_bad(b.data, b.len, NULL);
			b.data[i] ^= (uint8_t)(1 << bit);
		}
	tbuf_free(&b);
	tdump_free(d);
}

/* Every prefix shorter than the whole is refused as truncated (or, under 4
 * bytes of magic, as empty). */
static void test_dump_truncated_every_length(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	size_t n;

	(void)state;
	tdump_read_bad(b.data, 0, "empty");
	for (n = 1; n < b.len; n++)
		tdump_read_bad(b.data, n, "truncated");
	tbuf_free(&b);
	tdump_free(d);
}

/* Bytes after the CRC are refused. */
static void test_dump_trailing_bytes(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);

	(void)state;
	tbuf_put(&b, "\n", 1);
	tdump_read_bad(b.data, b.len, "trailing");
	tbuf_free(&b);
	tdump_free(d);
}

/* Another file, another version: refused before anything else. */
static void test_dump_foreign(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);

	(void)state;
	tdump_read_bad((const uint8_t *)"\177ELF\1\1\1", 7, "magic");
	b.data[4] = 9;	/* 3 the stack table, 4 the sub-profiles, 5 the trace, 6 the CPUs, 7 events, 8 the clock */
	tdump_read_bad(b.data, b.len, "version 9");
	b.data[4] = 0;
	tdump_read_bad(b.data, b.len, "version 0");
	tbuf_free(&b);
	tdump_free(d);
}

/* Version 1, as documented byte by byte (docs/dump-format.md): the seed's
 * example, 101 bytes, its segment header of 33 bytes without a
 * fingerprint. It reads, every fingerprint 0, version 1. */
static const uint8_t v1_seed[101] = {
	'P', 'D', 'M', 'P', 1, 0, 0, 0,			/* magic, version 1, reserved */
	5, 0, 0, 0, 2, 0, 0, 0, 0xe8, 3, 0, 0,		/* type 5, shift 2, 1000 Hz */
	0xdf, 1, 0, 0, 0, 0, 0, 0,			/* total 479 */
	9, 0, 0, 0, 0, 0, 0, 0,				/* kernel 9 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* idle, out_of_range */
	1, 0, 0, 0,					/* nseg 1 */
	'T', 'E', 'S', 'T', 'P', 'R', 'O', 'F', 0, 0, 0, 0, 0, 0, 0, 0,
	1, 0, 7, 0, 0, 0, 0, 0, 0x2c, 0x18, 0, 0,	/* segno 1, CS 7, origin 0, length */
	0x0b, 6, 0, 0, 1,				/* 0x60b buckets, sparse */
	3, 0x10, 6, 0x39, 0x90, 3, 0, 0x40,		/* 3 pairs: (16, 6) (57, 400) (0, 64) */
	0xb5, 0xb9, 0x67, 0xcd,				/* CRC-32 */
};

static void test_dump_version1(void **state)
{
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump *seed = tdump_seed(), d;
	uint8_t copy[sizeof v1_seed];
	char err[200];
	size_t n;

	(void)state;
	assert_int_equal(pdump_read(v1_seed, sizeof v1_seed, &d, &a, err, sizeof err), 0);
	assert_int_equal(d.version, 1);
	assert_int_equal(d.total, seed->total);
	assert_int_equal(d.kernel, 9);
	assert_int_equal(d.nseg, 1);
	assert_string_equal(d.segs[0].module, "TESTPROF");
	assert_int_equal(d.segs[0].length, 0x182c);
	assert_int_equal(d.segs[0].fingerprint, 0);
	assert_memory_equal(d.segs[0].counters, seed->segs[0].counters, 0x60b * 4);
	pdump_release(&d, &a);
	assert_int_equal(t.live, 0);
	/* read as version 2 (four bytes more a segment), it is short; every
	 * prefix of it is refused */
	memcpy(copy, v1_seed, sizeof copy);
	copy[4] = 2;
	tdump_recrc(copy, sizeof copy);
	tdump_read_bad(copy, sizeof copy, NULL);
	for (n = 0; n < sizeof v1_seed; n++)
		tdump_read_bad(v1_seed, n, n ? "truncated" : "empty");
	tdump_free(seed);
}

/* Each field out of bounds, with a right CRC, gets its own reason. */
static void test_dump_bad_fields(void **state)
{
	static const struct {
		size_t off;	/* from the start; >= 1000: from segment 0's header */
		int width;	/* bytes of val written, little-endian; 33: a zeroed name */
		uint32_t val;
		const char *want;
	} cases[] = {
		{ 6, 2, 1, "reserved" },
		{ 8, 4, 0x25, "type" },
		{ 12, 4, 32, "shift" },
		{ 16, 4, 0, "0 Hz" },
		{ 20, 4, 256, "do not add up" },	/* total 479 -> 256 */
		{ 1000 + 0, 33, 0, "empty module name" },
		{ 1000 + 29, 1, 'X', "padding" },
		{ 1000 + 3, 1, ' ', "byte 0x00000020" },
		{ 1000 + 33 + PDUMP_SEG_SEGNO, 2, 0, "segment number 0" },
		{ 1000 + 33 + PDUMP_SEG_ORIGIN, 4, 0xFFFFFF00u, "passes 4 GiB" },
		{ 1000 + 33 + PDUMP_SEG_NBUCKETS, 4, 0x600, "1536 buckets, but" },
		{ 1000 + 33 + PDUMP_SEG_ENC, 1, 7, "encoding 7" },
	};
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	uint8_t *copy = malloc(b.len);
	size_t i;
	int k;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t off = cases[i].off;

		if (off >= 1000)
			off += PDUMP_HDR_SIZE - 1000;
		memcpy(copy, b.data, b.len);
		for (k = 0; k < cases[i].width; k++)
			copy[off + k] = k < 4 ? (uint8_t)(cases[i].val >> (8 * k)) : 0;
		tdump_recrc(copy, b.len);
		tdump_read_bad(copy, b.len, cases[i].want);
	}
	free(copy);
	tbuf_free(&b);
	tdump_free(d);
}

/* Sparse lists: out-of-range index, zero count, bad varints, too many entries. */
static void test_dump_bad_sparse(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	struct tbuf b;
	size_t body;
	uint8_t *p;

	(void)state;
	tdump_seg(d, 0, "S", 1, 0, 64);	/* 16 buckets */
	d->segs[0].counters[3] = 5;
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	body = PDUMP_HDR_SIZE + PDUMP_SEGHDR_SIZE;	/* n=1, gap=3, count=5 */
	p = b.data + body;
	assert_int_equal(tdump_encoding(&b), PDUMP_ENC_SPARSE);
	assert_memory_equal(p, "\1\3\5", 3);

	p[1] = 16, tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "out of range");
	p[1] = 3, p[2] = 0, tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "zero count");
	p[2] = 0x85, tdump_recrc(b.data, b.len);	/* continues into the CRC's bytes */
	tdump_read_bad(b.data, b.len, NULL);
	p[2] = 5, p[0] = 17, tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, NULL);
	tbuf_free(&b);

	/* a varint with a needless zero byte, and one of six bytes */
	b = tdump_bytes(d);
	p = b.data + body;
	{
		struct tbuf c = { 0 };

		tbuf_put(&c, b.data, body);
		tbuf_put(&c, "\1\3\x85\x00", 4);
		tbuf_put(&c, "CRC!", 4);
		tdump_recrc(c.data, c.len);
		tdump_read_bad(c.data, c.len, "malformed varint");
		c.len = body;
		tbuf_put(&c, "\1\3\x80\x80\x80\x80\x80\x01", 8);
		tbuf_put(&c, "CRC!", 4);
		tdump_recrc(c.data, c.len);
		tdump_read_bad(c.data, c.len, "longer than 5");
		tbuf_free(&c);
	}
	tbuf_free(&b);
	tdump_free(d);
}

/* More segments than PDUMP_MAXSEGS, or buckets past the reader's limit. */
static void test_dump_limits(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	struct tbuf b;

	(void)state;
	tdump_seg(d, 0, "L", 1, 0, 64);
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	b.data[52] = 0x01, b.data[53] = 0x10;	/* nseg 4097 */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "more than the limit");
	tbuf_free(&b);

	/* shift 0, 4 GiB - 1 of one-byte buckets, none counted: patched in,
	 * since writing it would walk 2^32 counters */
	b = tdump_bytes(d);
	memset(b.data + 12, 0, 4);
	memset(b.data + PDUMP_HDR_SIZE + PDUMP_SEG_NAME + PDUMP_SEG_LENGTH, 0xff, 8);
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "buckets in all");
	tbuf_free(&b);
	tdump_free(d);
}

/* Allocation failing at any point: refused, nothing left allocated. */
static void test_dump_alloc_failure(void **state)
{
	struct pdump *d = tdump_new(5, 3);
	struct tbuf b;
	long k;

	(void)state;
	tdump_seg(d, 0, "A", 1, 0, 64);
	tdump_seg(d, 1, "B", 1, 0, 64);
	tdump_seg(d, 2, "C", 1, 0, 64);
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	for (k = 1; k <= 4; k++) {
		struct talloc t = { 0, 0, k };
		struct pdump_alloc a = talloc_make(&t);
		struct pdump back;
		char err[100];

		assert_int_equal(pdump_read(b.data, b.len, &back, &a, err, sizeof err), -1);
		assert_non_null(strstr(err, "out of memory"));
		assert_int_equal(t.live, 0);
	}
	tbuf_free(&b);
	tdump_free(d);
}

/* A tiny error buffer gets a cut, NUL-terminated reason; NULL is allowed. */
/* The cursor's buckets of a scanned segment: each nonzero one, in order. */
static void check_cursor(const struct pdump_seg *s, const uint32_t *want, uint32_t nb)
{
	struct pdump_cursor c;
	uint32_t idx[3], cnt[3], next = 0, k;
	size_t n, i;

	pdump_cursor_start(&c, s, 2);
	while ((n = pdump_cursor_next(&c, idx, cnt, 3))) {	/* small batches: resumed */
		for (i = 0; i < n; i++) {
			for (k = next; k < idx[i]; k++)
				assert_int_equal(want[k], 0);
			assert_int_equal(cnt[i], want[idx[i]]);
			assert_int_not_equal(cnt[i], 0);
			next = idx[i] + 1;
		}
	}
	for (k = next; k < nb; k++)
		assert_int_equal(want[k], 0);
}

/* pdump_scan checks the whole dump but decodes nothing: each segment keeps
 * its ticks and where its counters lie; the cursor walks them in place, and
 * pdump_load_seg decodes only the segment asked for. */
static void test_dump_scan_lazy(void **state)
{
	struct pdump *d = tdump_new(0, 2);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump back;
	struct tbuf b;
	char err[200];
	uint32_t i;

	(void)state;
	tdump_seg(d, 0, "DENSE", 1, 0, 0x100);		/* every bucket counted: dense */
	tdump_seg(d, 1, "SPARSE", 1, 0, 0x40000);	/* a few of 64 Ki: sparse */
	for (i = 0; i < 0x40; i++)	/* 5-byte varints: sparse would be larger */
		d->segs[0].counters[i] = i % 9 ? 0x10000000u + i : 0;
	d->segs[1].counters[0] = 7;
	d->segs[1].counters[200] = 300;		/* a two-byte count */
	d->segs[1].counters[20000] = 1;		/* a three-byte gap */
	d->segs[1].counters[0xffff] = 70000;
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	assert_int_equal(pdump_scan(b.data, b.len, &back, &a, err, sizeof err), 0);
	assert_int_equal(back.nseg, 2);
	assert_int_equal(back.segs[0].encoding, PDUMP_ENC_DENSE);
	assert_int_equal(back.segs[1].encoding, PDUMP_ENC_SPARSE);
	for (i = 0; i < 2; i++) {
		uint32_t nb = pdump_nbuckets(d->segs[i].length, 2), k;
		uint64_t sum = 0;

		for (k = 0; k < nb; k++)
			sum += d->segs[i].counters[k];
		assert_null(back.segs[i].counters);
		assert_true(back.segs[i].tics == sum);
		check_cursor(&back.segs[i], d->segs[i].counters, nb);
	}
	assert_int_equal(pdump_load_seg(&back.segs[1], back.shift, &a), 0);
	assert_null(back.segs[0].counters);	/* not asked for: not decoded */
	assert_memory_equal(back.segs[1].counters, d->segs[1].counters, 0x10000 * 4);
	check_cursor(&back.segs[1], d->segs[1].counters, 0x10000);	/* from the counters now */
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	tdump_free(d);
}

static void test_dump_small_err_buffer(void **state)
{
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump d;
	char err[8];

	(void)state;
	assert_int_equal(pdump_read((const uint8_t *)"nope", 4, &d, &a, err, sizeof err), -1);
	assert_int_equal(strlen(err), 7);
	assert_int_equal(pdump_read((const uint8_t *)"nope", 4, &d, &a, NULL, 0), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dump_corrupt_each_byte),
		cmocka_unit_test(test_dump_truncated_every_length),
		cmocka_unit_test(test_dump_trailing_bytes),
		cmocka_unit_test(test_dump_foreign),
		cmocka_unit_test(test_dump_version1),
		cmocka_unit_test(test_dump_bad_fields),
		cmocka_unit_test(test_dump_bad_sparse),
		cmocka_unit_test(test_dump_limits),
		cmocka_unit_test(test_dump_alloc_failure),
		cmocka_unit_test(test_dump_small_err_buffer),
		cmocka_unit_test(test_dump_scan_lazy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
