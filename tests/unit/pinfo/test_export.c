/* test_export.c: the gmon.out and /proc/profile writers (export.c). The
 * files are read back here as gprof and readprofile read them, and what
 * those tools would charge is derived from the dump's counters, not copied
 * from output. pinfo_export over files: test_export_run.c. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "attrib.h"
#include "testexport.h"

/* ---- reading the files back ------------------------------------------------------ */

struct gmon {
	uint64_t *bins;		/* summed as gprof sums records of one range */
	uint32_t lo, n;		/* the union of the records, in buckets of 4 bytes */
	uint32_t records, ranges, rate;
};

/* Parses a gmon.out as gprof does: records of an equal range add up, others
 * must not overlap; every record's bins are 4 bytes (gprof's scale). */
static struct gmon gmon_parse(const uint8_t *b, size_t len, uint32_t lo, uint32_t nb)
{
	static const char dimen[15] = "seconds";
	struct gmon g = { calloc(nb ? nb : 1, 8), lo, nb, 0, 0, 0 };
	uint32_t seen_lo[64], seen_hi[64], i;
	size_t p = 20;

	assert_true(len >= 20 && !memcmp(b, "gmon", 4) && le(b + 4, 4) == 1);
	for (i = 8; i < 20; i++)
		assert_int_equal(b[i], 0);
	while (p < len) {
		uint32_t rlo, rhi, n, k;
		int same = 0;

		assert_true(p + 35 <= len && b[p] == 0);
		rlo = le(b + p + 1, 4), rhi = le(b + p + 5, 4), n = le(b + p + 9, 4);
		g.rate = le(b + p + 13, 4);
		assert_memory_equal(b + p + 17, dimen, 15);
		assert_int_equal(b[p + 32], 's');
		assert_true(n && rhi - rlo == 4 * n && rlo >= lo && (rhi - lo) / 4 <= nb);
		for (k = 0; k < g.ranges && k < 64; k++) {
			same |= seen_lo[k] == rlo && seen_hi[k] == rhi;
			assert_true(same || rhi <= seen_lo[k] || rlo >= seen_hi[k]);
		}
		if (!same && g.ranges < 64) {
			seen_lo[g.ranges] = rlo;
			seen_hi[g.ranges++] = rhi;
		}
		p += 33;
		assert_true(p + 2 * (size_t)n <= len);
		for (k = 0; k < n; k++, p += 2)
			g.bins[(rlo - lo) / 4 + k] += le(b + p, 2);
		g.records++;
	}
	return g;
}
/* ---- gmon.out ------------------------------------------------------------------- */

/* The header and the one record of a small profile, byte by byte. */
static void test_gmon_layout(void **state)
{
	struct pdump *d = tdump_seed();
	struct gmon_stats st;
	struct tbuf b = gmon_of(d, "testprof", &st);
	uint32_t nb = (0x182c + 3) / 4;

	(void)state;
	assert_int_equal(b.len, 20 + 33 + 2 * nb);
	assert_memory_equal(b.data, "gmon\1\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 20);
	assert_int_equal(b.data[20], 0);			/* GMON_TAG_TIME_HIST */
	assert_int_equal(le(b.data + 21, 4), 0);		/* low_pc: the origin */
	assert_int_equal(le(b.data + 25, 4), 4 * nb);		/* high_pc */
	assert_int_equal(le(b.data + 29, 4), nb);
	assert_int_equal(le(b.data + 33, 4), d->hz);
	assert_int_equal(le(b.data + 53 + 2 * (0x40 >> 2), 2), 6);
	assert_int_equal(le(b.data + 53 + 2 * (0x128 >> 2), 2), 400);
	assert_int_equal(le(b.data + 53 + 2 * (0x12c >> 2), 2), 64);
	assert_int_equal(st.records, 1);
	assert_int_equal(st.hot, 0);
	tbuf_free(&b);
	tdump_free(d);
}

/* The kernel's text starts at its origin, not 0. */
static void test_gmon_kernel_origin(void **state)
{
	struct pdump *d = tdump_new(0, 1);
	struct gmon_stats st;
	struct tbuf b;
	struct gmon g;

	(void)state;
	tdump_seg(d, 0, "kernel", 1, 0x10000c, 0x700e);
	d->segs[0].counters[0x1791] = 13;
	tdump_fix_totals(d);
	b = gmon_of(d, "KERNEL", &st);
	assert_int_equal(le(b.data + 21, 4), 0x10000c);
	assert_int_equal(le(b.data + 25, 4), 0x10000c + 4 * 0x1c04);
	g = gmon_parse(b.data, b.len, 0x10000c, 0x1c04);
	assert_int_equal(g.bins[0x1791], 13);
	free(g.bins);
	tbuf_free(&b);
	tdump_free(d);
}

/* Bins above 65535 come back whole: the hot runs in layers of one range,
 * the runs between in one record each. */
static void test_gmon_hot_bins(void **state)
{
	struct pdump *d = hot_dump();
	const uint32_t *c = d->segs[0].counters;
	uint32_t nb = (0x87 + 3) / 4, i, hot = 0;
	struct gmon_stats st;
	struct tbuf b = gmon_of(d, "TINY", &st);
	struct gmon g = gmon_parse(b.data, b.len, 0, nb);

	(void)state;
	for (i = 0; i < nb; i++) {
		assert_int_equal(g.bins[i], c[i]);
		hot += c[i] > 65535;
	}
	/* runs: [0] hot (2 layers), [1] cold, [2] hot (2), [3,6) cold, [6] hot
	 * (2), [7,9) cold, [9] hot (ceil(200000 / 65535) = 4), [10,34) cold */
	assert_int_equal(g.records, 2 + 1 + 2 + 1 + 2 + 1 + 4 + 1);
	assert_int_equal(g.ranges, 8);
	assert_int_equal(st.records, g.records);
	assert_int_equal(st.hot, hot);
	assert_int_equal(st.clipped, 0);
	free(g.bins);
	tbuf_free(&b);
	tdump_free(d);
}

/* Above 2^31 - 1 gprof's int would wrap: such bins are clipped there, and
 * said to be; a program run twice sums its counters first. */
static void test_gmon_clipped(void **state)
{
	struct pdump *d = tdump_new(0, 2);
	struct gmon_stats st;
	struct tbuf b;
	struct gmon g;

	(void)state;
	tdump_seg(d, 0, "P", 1, 0, 16);
	tdump_seg(d, 1, "P", 1, 0, 8);
	d->segs[0].counters[1] = 0x80000000u;
	d->segs[1].counters[1] = 0x80000000u;
	d->segs[0].counters[3] = 5;
	d->segs[1].counters[0] = 2;
	tdump_fix_totals(d);
	b = gmon_of(d, "P", &st);
	g = gmon_parse(b.data, b.len, 0, 4);
	assert_int_equal(g.bins[0], 2);
	assert_int_equal(g.bins[1], GMON_SUM_MAX);
	assert_int_equal(g.bins[3], 5);
	assert_int_equal(st.clipped, 1);
	assert_int_equal(g.records, 1 + (GMON_SUM_MAX + 65534) / 65535 + 1);
	free(g.bins);
	tbuf_free(&b);
	tdump_free(d);
}

/* What gprof charges each function from the file (the bytes of a bin each
 * function owns, times its count) is pinfo's exact share of it. */
static void test_gmon_matches_attribution(void **state)
{
	struct pdump *d = hot_dump();
	struct msym syms[] = { { 0, 1, "helper" }, { 0x1a, 1, "hook" },
			       { 0x22, 1, "compute" }, { 0x6c, 1, "_start" } };
	const struct pdump_seg *seg = &d->segs[0];
	struct gmon_stats st;
	struct tbuf b = gmon_of(d, "TINY", &st);
	struct gmon g = gmon_parse(b.data, b.len, 0, 34);
	struct attribution a;
	size_t k;
	uint32_t i;

	(void)state;
	assert_int_equal(attribute(&seg, 1, 2, syms, 4, &a), 0);
	assert_int_equal(a.n, 4);
	for (k = 0; k < 4; k++) {
		uint64_t lo = syms[k].addr, hi = k < 3 ? syms[k + 1].addr : 34 * 4, bytes = 0;

		for (i = 0; i < g.n; i++) {
			uint64_t from = i * 4 > lo ? i * 4 : lo, to = i * 4 + 4 < hi ? i * 4 + 4 : hi;

			bytes += to > from ? g.bins[i] * (to - from) : 0;
		}
		assert_true(a.owners[k].share == bytes);	/* both in 1/4 tick */
	}
	assert_int_equal(a.owners[0].tics, 70000 + 65535 + 65536 + 50000);
	assert_int_equal(a.owners[1].tics, 50000 + 3);
	attribution_free(&a);
	free(g.bins);
	tbuf_free(&b);
	tdump_free(d);
}

/* What gprof cannot take, and modules the dump lacks, are refused. */
static void test_gmon_refusals(void **state)
{
	struct pdump *d = tdump_new(0, 4);
	struct export_src src;
	struct gmon_stats st;
	char err[200];

	(void)state;
	tdump_seg(d, 0, "A", 1, 0, 16);
	tdump_seg(d, 1, "A", 1, 4, 16);
	tdump_seg(d, 2, "B", 2, 0, 16);
	tdump_seg(d, 3, "E", 1, 0xfffff000u, 0x1000);
	assert_int_equal(export_select(d, "A", 1, &src, err, sizeof err), -1);
	assert_non_null(strstr(err, "start at 0 and 0x4"));
	assert_int_equal(export_select(d, "B", 1, &src, err, sizeof err), -1);
	assert_string_equal(err, "module B has no segment 1 in the dump");
	assert_int_equal(export_select(d, "C", 1, &src, err, sizeof err), -1);
	assert_string_equal(err, "module C is not in the dump");
	assert_int_equal(export_select(d, "E", 1, &src, err, sizeof err), 0);
	assert_int_equal(export_gmon(&src, 1000, stdout, &st, err, sizeof err), -1);
	assert_non_null(strstr(err, "32-bit"));
	src.shift = 0;
	assert_int_equal(export_gmon(&src, 1000, stdout, &st, err, sizeof err), -1);
	assert_non_null(strstr(err, "1-byte buckets"));
	export_src_free(&src);
	tdump_free(d);
}

/* ---- /proc/profile ------------------------------------------------------------------ */

/* The step, a counter a bucket, then the ticks outside: the kernel's own
 * for the kernel, the dump's out-of-range ticks for a program. */
static void test_proc_layout(void **state)
{
	struct pdump *d = tdump_new(0, 2);
	struct tbuf k, p;
	uint32_t i;

	(void)state;
	tdump_seg(d, 0, "kernel", 1, 0x100000, 0x22);
	tdump_seg(d, 1, "WORKER", 1, 0, 0x10);
	d->segs[0].counters[3] = 17;
	d->segs[0].counters[8] = 0xffffffffu;
	d->segs[1].counters[2] = 40;
	d->kernel = 11;
	d->out_of_range = 5;
	tdump_fix_totals(d);
	k = proc_of(d, "kernel");
	p = proc_of(d, "worker");
	assert_int_equal(k.len, 4 * (1 + 9 + 1));
	assert_int_equal(le(k.data, 4), 4);
	for (i = 0; i < 9; i++)
		assert_int_equal(le(k.data + 4 + 4 * i, 4), d->segs[0].counters[i]);
	assert_int_equal(le(k.data + 40, 4), 11);
	assert_int_equal(p.len, 4 * (1 + 4 + 1));
	assert_int_equal(le(p.data + 4 + 4 * 2, 4), 40);
	assert_int_equal(le(p.data + 20, 4), 5);
	tbuf_free(&k);
	tbuf_free(&p);
	tdump_free(d);
}

/* readprofile's loop (util-linux 2.38) over the file: a function [s, e)
 * sums buf[indx] while indx < (e - _stext) / step, indx going on from the
 * previous function, buf[1] being bucket 0. So it gets the buckets from the
 * last of the function before it to the one before its own last. */
static void test_proc_readprofile_shift(void **state)
{
	struct pdump *d = hot_dump();
	static const uint32_t addr[] = { 0, 0x1a, 0x22, 0x6c, 0x87 };	/* _etext last */
	struct tbuf p = proc_of(d, "TINY");
	const uint32_t *c = d->segs[0].counters;
	uint32_t indx = 1, k;

	(void)state;
	for (k = 0; k < 4; k++) {
		uint64_t got = 0, want = 0, b;

		while (indx < addr[k + 1] / 4)
			got += le(p.data + 4 * indx++, 4);
		for (b = addr[k] / 4; b < addr[k + 1] / 4; b++)	/* owner of b + 1 */
			want += b ? c[b - 1] : 0;
		assert_int_equal(got, want);
	}
	assert_int_equal(le(p.data + p.len - 4, 4), d->out_of_range);
	tbuf_free(&p);
	tdump_free(d);
}

/* Counters and the outside count saturate at 2^32 - 1, as the kernel's do. */
static void test_proc_saturates(void **state)
{
	struct pdump *d = tdump_new(5, 2);
	struct tbuf p;

	(void)state;
	tdump_seg(d, 0, "P", 1, 0, 8);
	tdump_seg(d, 1, "P", 1, 0, 8);
	d->segs[0].counters[1] = 0xfffffff0u;
	d->segs[1].counters[1] = 0x20;
	d->segs[1].counters[0] = 3;
	d->out_of_range = 0x100000000ull;
	tdump_fix_totals(d);
	p = proc_of(d, "P");
	assert_int_equal(le(p.data + 4, 4), 3);
	assert_int_equal(le(p.data + 8, 4), 0xffffffffu);
	assert_int_equal(le(p.data + 12, 4), 0xffffffffu);
	tbuf_free(&p);
	tdump_free(d);
}



/* ---- speed ------------------------------------------------------------------------------ */

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* 10^6 samples over 16 MiB (4 Mi buckets), a few above 65535: both exports
 * in one pass each, well under a second (5 s with the sanitizers). */
static void test_speed_16mib(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	uint32_t nb = 4u << 20, i, x = 12345;
	FILE *null = fopen("/dev/null", "wb");
	struct export_src src;
	struct gmon_stats st;
	char err[200];
	double t;

	(void)state;
	tdump_seg(d, 0, "BIG", 1, 0, nb * 4);
	for (i = 0; i < 1000000; i++) {
		x = x * 1103515245u + 12345u;	/* spread, deterministic */
		d->segs[0].counters[(x >> 8) % nb]++;
	}
	d->segs[0].counters[7] = 300000;
	t = seconds();
	assert_int_equal(export_select(d, "BIG", 1, &src, err, sizeof err), 0);
	assert_int_equal(export_gmon(&src, 1000, null, &st, err, sizeof err), 0);
	assert_int_equal(export_proc_profile(&src, 0, null, err, sizeof err), 0);
	t = seconds() - t;
	assert_int_equal(st.records, 1 + 5 + 1);
	assert_true(t < 5.0);
	print_message("exports of 4 Mi buckets: %.3f s\n", t);
	export_src_free(&src);
	fclose(null);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gmon_layout),
		cmocka_unit_test(test_gmon_kernel_origin),
		cmocka_unit_test(test_gmon_hot_bins),
		cmocka_unit_test(test_gmon_clipped),
		cmocka_unit_test(test_gmon_matches_attribution),
		cmocka_unit_test(test_gmon_refusals),
		cmocka_unit_test(test_proc_layout),
		cmocka_unit_test(test_proc_readprofile_shift),
		cmocka_unit_test(test_proc_saturates),
		cmocka_unit_test(test_speed_16mib),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
