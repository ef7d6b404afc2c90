/* test_dump_v6.c: dump format 6, each CPU's totals (docs/dump-format.md,
 * "Version 6: the CPUs"): written and read back, byte by byte where the
 * format says, with the stack table and the sub-profiles; a dump without
 * CPU records still written as version 2, 3 or 4 and the older versions
 * read as before; every check refusing its damage with a reason that
 * names the field. */
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

static void read_ok(const struct tbuf *b, struct pdump *back, struct talloc *t)
{
	struct pdump_alloc a = talloc_make(t);
	char err[200];

	if (pdump_read(b->data, b->len, back, &a, err, sizeof err))
		fail_msg("pdump_read: %s", err);
}

/* Where the CPU records start in d's bytes: they are last, before the CRC. */
static size_t cpus_at(struct pdump *d)
{
	uint32_t n = d->ncpu;
	size_t without;

	d->ncpu = 0;
	without = pdump_size(d);
	d->ncpu = n;
	return without - 4;
}

/* Written with d's bad records, refused for want. */
static void write_bad(const struct pdump *d, const char *want)
{
	struct tbuf b = tdump_bytes(d);

	assert_int_equal(b.data[4], 6);
	tdump_read_bad(b.data, b.len, want);
	tbuf_free(&b);
}

static void v6_round_trip(void **state)
{
	struct pdump *d = tdump_two_cpus(), back;
	struct tbuf b = tdump_bytes(d);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	char err[200];

	(void)state;
	assert_int_equal(d->total, 493);
	/* dealt: kernel 3 + idle 2 + out of range 0 + 156 + 1, and the rest */
	assert_int_equal(d->cpus[0].samples, 162);
	assert_int_equal(d->cpus[1].samples, 331);
	assert_int_equal(b.data[4], 6);
	read_ok(&b, &back, &t);
	assert_int_equal(back.version, 6);
	assert_int_equal(back.ncpu, 2);
	for (uint32_t c = 0; c < 2; c++) {
		assert_int_equal(back.cpus[c].samples, d->cpus[c].samples);
		assert_int_equal(back.cpus[c].kernel, d->cpus[c].kernel);
		assert_int_equal(back.cpus[c].idle, d->cpus[c].idle);
		assert_int_equal(back.cpus[c].out_of_range, d->cpus[c].out_of_range);
		for (uint32_t i = 0; i < 3; i++)
			assert_int_equal(back.cpus[c].segtics[i], d->cpus[c].segtics[i]);
	}
	assert_int_equal(back.cpus[1].segtics[0], 470 - 156);
	assert_int_equal(back.cpus[0].segtics[2], 0);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	assert_null(back.cpus);
	/* scanned, the records are read all the same */
	if (pdump_scan(b.data, b.len, &back, &a, err, sizeof err))
		fail_msg("pdump_scan: %s", err);
	assert_int_equal(back.cpus[1].kernel, 6);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	tdump_free(d);
}

/* The seed's example on one CPU whose segment ticks the writer adds up
 * (segtics NULL, as the kernel gives them): the section's 40 bytes, as
 * docs/dump-format.md lists them. */
static void v6_layout(void **state)
{
	static const uint8_t want[40] = {
		0x01, 0x00, 0x00, 0x00,				/* 1 CPU */
		0xdf, 0x01, 0, 0, 0, 0, 0, 0,			/* samples 479 */
		0x09, 0, 0, 0, 0, 0, 0, 0,			/* kernel 9 */
		0, 0, 0, 0, 0, 0, 0, 0,				/* idle 0 */
		0, 0, 0, 0, 0, 0, 0, 0,				/* out of range 0 */
		0x01, 0x00, 0xd6, 0x03,				/* 1 segment: gap 0, 470 ticks */
	};
	struct pdump *d = tdump_seed(), back;
	struct pdump_cpu cpu = { 479, 9, 0, 0, NULL };
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct tbuf b;

	(void)state;
	d->ncpu = 1;
	d->cpus = &cpu;
	b = tdump_bytes(d);
	assert_int_equal(b.len, 122 + 40);	/* the version 2 dump's 122 bytes and the section */
	assert_memory_equal(b.data + b.len - 4 - 40, want, 40);
	assert_int_equal(cpus_at(d), b.len - 4 - 40);
	read_ok(&b, &back, &t);
	assert_int_equal(back.ncpu, 1);
	assert_int_equal(back.cpus[0].segtics[0], 470);
	pdump_release(&back, &a);
	tbuf_free(&b);
	d->cpus = NULL;
	tdump_free(d);
}

/* With the stack table and the sub-profiles: version 6, the CPUs last. */
static void v6_with_stacks_and_spread(void **state)
{
	static uint32_t pcs[] = { 0x128, 0x45 };
	struct pdump_stack st = { 470, 0, 1, 0, 2, pcs };
	uint64_t subtotal[2];
	struct pdump *d = tdump_two_cpus(), back;
	uint32_t nb = pdump_nbuckets(0x182c, 2), *sub = calloc((size_t)2 * nb, 4);
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct tbuf b;

	(void)state;
	assert_non_null(sub);
	sub[0x128 >> 2] = 400;		/* sub-profile 0: inner's 400; 1: the rest */
	sub[nb + (0x40 >> 2)] = 6;
	sub[nb + (0x12c >> 2)] = 64;
	subtotal[0] = 400 + 5;		/* and the kernel segment's 5 */
	subtotal[1] = d->total - subtotal[0];
	d->segs[0].sub = sub;
	d->segs[1].sub = calloc((size_t)2 * 0x400, 4);
	assert_non_null(d->segs[1].sub);
	d->segs[1].sub[3] = 5;
	d->type |= PDUMP_TYPE_STACKS | PDUMP_TYPE_SPREAD;
	d->nsub = 2;
	d->subtotal = subtotal;
	d->nstacks = 1;
	d->stacks = &st;
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 6);
	read_ok(&b, &back, &t);
	assert_int_equal(back.type, PDUMP_TYPE_STACKS | PDUMP_TYPE_SPREAD);
	assert_int_equal(back.nstacks, 1);
	assert_int_equal(back.stacks[0].count, 470);
	assert_int_equal(back.nsub, 2);
	assert_int_equal(back.segs[0].sub[nb + (0x12c >> 2)], 64);
	assert_int_equal(back.ncpu, 2);
	assert_int_equal(back.cpus[1].segtics[1], d->cpus[1].segtics[1]);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	free(sub);
	free(d->segs[1].sub);
	d->segs[0].sub = d->segs[1].sub = NULL;
	d->subtotal = NULL;
	d->stacks = NULL;
	tdump_free(d);
}

/* Without CPU records the writer writes the versions before (2 to 5), and
 * they, and version 1, read as before: no CPUs. */
static void v6_old_versions(void **state)
{
	struct pdump *d = tdump_seed(), back;
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct tbuf b = tdump_bytes(d);
	static const char *const files[] = { "data/hot.pro", "data/hot-v1.pro" };
	char err[200];

	(void)state;
	assert_int_equal(b.data[4], 2);
	assert_int_equal(b.len, 122);
	read_ok(&b, &back, &t);
	assert_int_equal(back.version, 2);
	assert_int_equal(back.ncpu, 0);
	assert_null(back.cpus);
	pdump_release(&back, &a);
	tbuf_free(&b);
	d->type |= PDUMP_TYPE_STACKS;	/* an empty stack table: version 3 */
	b = tdump_bytes(d);
	assert_int_equal(b.data[4], 3);
	read_ok(&b, &back, &t);
	assert_int_equal(back.ncpu, 0);
	pdump_release(&back, &a);
	tbuf_free(&b);
	for (size_t k = 0; k < 2; k++) {
		size_t len;
		char *bytes = tfile(files[k], &len);

		if (pdump_read((const uint8_t *)bytes, len, &back, &a, err, sizeof err))
			fail_msg("%s: %s", files[k], err);
		assert_int_equal(back.version, 2 - k);
		assert_int_equal(back.ncpu, 0);
		assert_null(back.cpus);
		pdump_release(&back, &a);
		free(bytes);
	}
	assert_int_equal(t.live, 0);
	tdump_free(d);
}

/* The sums: each CPU's, the CPUs' against the header's and each segment's. */
static void v6_sums(void **state)
{
	struct pdump *d = tdump_two_cpus();
	struct pdump_cpu *c0 = &d->cpus[0], *c1 = &d->cpus[1];

	(void)state;
	c1->samples++;
	write_bad(d, "cpu 1: samples 332, but kernel + idle + out_of_range + its segments' ticks = 331");
	c1->kernel++;		/* CPU 1 adds up; the CPUs do not */
	write_bad(d, "the CPUs' samples add up to 494, the dump's are 493");
	c1->samples--;
	c1->segtics[0]--;	/* the samples do; the kernel's do not */
	write_bad(d, "the CPUs' kernel ticks add up to 10, the dump's are 9");
	c1->kernel--;
	c1->idle++;
	write_bad(d, "the CPUs' idle ticks add up to 8, the dump's are 7");
	c1->idle--;
	c1->out_of_range++;
	write_bad(d, "the CPUs' out_of_range ticks add up to 3, the dump's are 2");
	c1->out_of_range--;
	c1->segtics[1]++;	/* a tick of TESTPROF's on CPU 1 counted in the kernel's segment */
	write_bad(d, "segment 0: the CPUs hold 469 ticks, its counters 470");
	c1->segtics[1]--;
	c1->segtics[0]++;
	c0->kernel = UINT64_MAX;
	write_bad(d, "cpu 0: kernel + idle + out_of_range + its segments' ticks overflow 64 bits");
	c0->kernel = 3;
	tdump_free(d);
}

/* The section's bytes damaged, the CRC made right: each refused by name. */
static void v6_fields(void **state)
{
	struct pdump *d = tdump_two_cpus();
	struct tbuf b = tdump_bytes(d);
	size_t at = cpus_at(d), c1;

	(void)state;
	/* CPU 0's record: 32 bytes, n 2 (TESTPROF, kernel), 0 156, 0 1 */
	assert_int_equal(b.data[at + 4 + 32], 2);
	assert_int_equal(b.data[at + 4 + 33], 0);
	c1 = at + 4 + 32 + 1 + 1 + 2 + 1 + 1;	/* CPU 1's record */
	assert_int_equal(b.data[c1 - 1], 1);
	b.data[at] = 0;			/* no CPU */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "0 CPUs (a dump has 1 to 256)");
	b.data[at] = 1;
	b.data[at + 1] = 1;		/* 257 */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "257 CPUs (a dump has 1 to 256)");
	b.data[at] = 3;			/* 3: no room for the third record, refused */
	b.data[at + 1] = 0;		/* before anything is allocated for them */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "truncated: 3 CPUs' records need 99 bytes");
	b.data[at] = 2;
	{	/* one CPU with 4 segments listed, of 3 */
		static const uint8_t rec[] = { 4, 0, 1, 0, 1, 0, 1, 0, 1 };
		struct tbuf f = { 0 };

		tbuf_put(&f, b.data, at);
		tbuf_put(&f, "\1\0\0\0", 4);
		tbuf_put(&f, b.data + at + 4, 32);
		tbuf_put(&f, rec, sizeof rec);
		tbuf_put(&f, "CRC!", 4);
		tdump_recrc(f.data, f.len);
		tdump_read_bad(f.data, f.len, "cpu 0: 4 segments with ticks, but the dump has 3");
		tbuf_free(&f);
	}
	b.data[at + 4 + 36] = 2;	/* the kernel's entry moved past the last segment */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: segment 3 out of range (3 segments)");
	b.data[at + 4 + 36] = 0;
	b.data[c1 - 1] = 0;		/* zero ticks listed */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: zero ticks listed for segment 1");
	b.data[c1 - 1] = 0x80;		/* 0x80 0x00: a needless zero group */
	b.data[c1] = 0;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: malformed varint (segment ticks)");
	b.data[c1 - 1] = 1;
	b.data[c1] = 0x4b;		/* CPU 1's 331 samples */
	b.data[at + 4 + 33] = 0x80;	/* the gap 0 as 0x80 0x00 */
	b.data[at + 4 + 34] = 0;
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: malformed varint (segment gap)");
	tbuf_free(&b);
	tdump_free(d);
}

/* Varints of 64 bits: ticks of 2^64 - 1 (10 bytes) read; a 10th byte
 * past 64 bits, or a needless zero group, do not. */
static void v6_varint64(void **state)
{
	struct pdump *d = tdump_new(0, 1), back;
	struct talloc t = { 0 };
	struct pdump_alloc a = talloc_make(&t);
	struct pdump_cpu cpus[2] = { { 0 }, { 0 } };
	uint64_t tics[2];
	struct tbuf b;
	size_t end;

	(void)state;
	tdump_seg(d, 0, "BIG", 1, 0, 0);	/* no buckets: its ticks are the reader's sum, 0 */
	d->ncpu = 1;
	d->cpus = cpus;
	cpus[0].segtics = tics;
	tics[0] = UINT64_MAX;
	cpus[0].samples = 0;		/* 2^64 - 1 + 1: overflow */
	cpus[0].kernel = 1;
	d->kernel = 1;
	d->total = 1;
	b = tdump_bytes(d);
	end = b.len - 4;
	assert_int_equal(b.data[end - 1], 0x01);	/* the 10th byte of 2^64 - 1 */
	assert_int_equal(b.data[end - 2], 0xff);
	tdump_read_bad(b.data, b.len, "cpu 0: kernel + idle + out_of_range + its segments' ticks overflow 64 bits");
	b.data[end - 1] = 0x02;		/* bit 64 */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: malformed varint (segment ticks)");
	b.data[end - 1] = 0x00;		/* a needless zero group */
	tdump_recrc(b.data, b.len);
	tdump_read_bad(b.data, b.len, "cpu 0: malformed varint (segment ticks)");
	tbuf_free(&b);
	cpus[0].kernel = 0;		/* as a segment's counters cannot hold it: refused by the sums */
	cpus[0].samples = UINT64_MAX;
	d->kernel = 0;
	d->total = 0;
	b = tdump_bytes(d);
	tdump_read_bad(b.data, b.len, "the CPUs' samples add up to 18446744073709551615, the dump's are 0");
	tbuf_free(&b);
	tics[0] = 0;			/* and a CPU without ticks: n = 0 */
	cpus[0].samples = 0;
	b = tdump_bytes(d);
	assert_int_equal(b.data[b.len - 5], 0);
	read_ok(&b, &back, &t);
	assert_int_equal(back.cpus[0].segtics[0], 0);
	pdump_release(&back, &a);
	assert_int_equal(t.live, 0);
	tbuf_free(&b);
	d->cpus = NULL;
	tdump_free(d);
}

/* Any byte of the section changed, the CRC made right, is refused; left
 * wrong, refused too (a CRC mismatch, or the structure before it); cut
 * anywhere, refused; out of memory at
 * each allocation, nothing kept. */
static void v6_damage(void **state)
{
	struct pdump *d = tdump_two_cpus();
	struct tbuf b = tdump_bytes(d);
	size_t at = cpus_at(d), k;
	struct talloc t = { 0 };
	struct pdump_alloc a;
	struct pdump back;
	char err[200];

	(void)state;
	for (k = at; k < b.len - 4; k++) {
		for (int bit = 0; bit < 8; bit++) {
			b.data[k] ^= (uint8_t)(1u << bit);
			tdump_read_bad(b.data, b.len, NULL);	/* the CRC, or the structure first */
			tdump_recrc(b.data, b.len);
			tdump_read_bad(b.data, b.len, NULL);
			b.data[k] ^= (uint8_t)(1u << bit);
			tdump_recrc(b.data, b.len);
		}
	}
	for (size_t cut = at; cut < b.len - 4; cut++) {	/* cut short, the CRC moved up */
		struct tbuf c = tdump_bytes(d);

		memmove(c.data + cut, c.data + b.len - 4, 4);
		tdump_recrc(c.data, cut + 4);
		tdump_read_bad(c.data, cut + 4, NULL);
		tbuf_free(&c);
	}
	for (long fail = 1;; fail++) {
		t = (struct talloc){ .fail_at = fail };
		a = talloc_make(&t);
		if (!pdump_read(b.data, b.len, &back, &a, err, sizeof err)) {
			pdump_release(&back, &a);
			assert_int_equal(t.live, 0);
			assert_true(fail > 3);	/* segments, CPUs, their ticks at least */
			break;
		}
		assert_int_equal(t.live, 0);
		assert_non_null(strstr(err, "out of memory"));
	}
	tbuf_free(&b);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v6_round_trip),
		cmocka_unit_test(v6_layout),
		cmocka_unit_test(v6_with_stacks_and_spread),
		cmocka_unit_test(v6_old_versions),
		cmocka_unit_test(v6_sums),
		cmocka_unit_test(v6_fields),
		cmocka_unit_test(v6_varint64),
		cmocka_unit_test(v6_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
