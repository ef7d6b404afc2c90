/* test_attrib.c: ticks charged to symbols (host/pinfo/read/attrib.c): straddling
 * buckets, edges, agreement with a byte-by-byte reference, and speed; a
 * module's walk, segment number by number (host/pinfo/read/modattrib.c). */
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
#include "dump.h"
#include "maps.h"
#include "modattrib.h"
#include "report.h"
#include "testbuf.h"

/* Whether owner k is below owner best; n, "no symbol", is below all. */
static int lower(size_t k, size_t best, const struct msym *syms, size_t n)
{
	if (k == n || best == n)
		return k == n;
	return syms[k].addr < syms[best].addr;
}

/* The reference: byte by byte, the owner found by a linear scan, shares in
 * 1/bucket units, then the largest remainders. */
static void reference(const struct pdump_seg *s, uint32_t shift, const struct msym *syms,
		      size_t n, uint64_t *tics /* n + 1: [n] is "no symbol" */)
{
	uint64_t *share = calloc(n + 1, sizeof *share), size = 1ull << shift, given = 0, total = 0;
	uint32_t i, b;
	size_t k, best;

	for (i = 0; i < pdump_nbuckets(s->length, shift); i++)
		for (b = 0; b < size; b++) {
			uint64_t addr = s->origin + ((uint64_t)i << shift) + b;
			size_t owner = n;

			for (k = 0; k < n; k++)
				if (syms[k].addr <= addr)
					owner = k;
			share[owner] += s->counters[i];
		}
	for (k = 0; k <= n; k++) {
		tics[k] = share[k] / size;
		given += tics[k];
		total += share[k];
	}
	total /= size;
	while (given < total) {	/* one more to the largest fraction, lower address first */
		for (best = n + 1, k = 0; k <= n; k++) {
			uint64_t f = share[k] % size;

			if (f && (best > n || f > share[best] % size ||
				  (f == share[best] % size && lower(k, best, syms, n))))
				best = k;
		}
		tics[best]++;
		share[best] -= share[best] % size;	/* taken */
		given++;
	}
	free(share);
}

static void check_against_reference(const struct pdump_seg *s, uint32_t shift,
				    const struct msym *syms, size_t n)
{
	uint64_t *want = calloc(n + 1, sizeof *want), sum = 0;
	struct attribution a;
	size_t i, k;
	const struct pdump_seg *one[1] = { s };

	reference(s, shift, syms, n, want);
	assert_int_equal(attribute(one, 1, shift, syms, n, &a), 0);
	for (i = 0; i < a.n; i++) {
		const struct owner *o = &a.owners[i];

		if (!o->name) {
			k = n;
		} else {
			for (k = 0; k < n && syms[k].name != o->name; k++)
				;
			assert_true(k < n);
		}
		if (o->tics != want[k])
			fail_msg("%s: %llu tics, the reference %llu", o->name ? o->name : "(none)",
				 (unsigned long long)o->tics, (unsigned long long)want[k]);
		want[k] = 0;
		sum += o->tics;
	}
	for (k = 0; k <= n; k++)
		assert_int_equal(want[k], 0);	/* nobody with ticks left out */
	assert_int_equal(sum, a.tics);
	attribution_free(&a);
	free(want);
}

/* A bucket across two symbols is split by the bytes each owns of it; the
 * fractions are rounded so the tics sum to the segment's. */
static void test_attrib_straddle(void **state)
{
	struct msym syms[] = { { 0, 1, "_start" }, { 0x3e, 1, "main" }, { 0x128, 1, "inner" } };
	struct pdump *d = tdump_new(5, 1);
	const struct pdump_seg *one[1];
	struct attribution a;

	(void)state;
	tdump_seg(d, 0, "T", 1, 0, 0x200);
	d->segs[0].counters[0x3c >> 2] = 3;	/* 2 bytes of _start, 2 of main: 1.5 each */
	one[0] = &d->segs[0];
	assert_int_equal(attribute(one, 1, 2, syms, 3, &a), 0);
	assert_int_equal(a.n, 3);
	/* integer parts 1 and 1; the one left goes to the lower address at a tie */
	assert_int_equal(a.owners[0].tics, 2);
	assert_int_equal(a.owners[1].tics, 1);
	assert_int_equal(a.owners[2].tics, 0);
	assert_true(a.owners[0].share == a.owners[1].share);
	attribution_free(&a);
	check_against_reference(&d->segs[0], 2, syms, 3);

	/* 7 ticks in an 8-byte bucket, 1 byte to the second symbol: 6.125 and 0.875 */
	tdump_seg(d, 0, "T", 1, 0, 0x200);
	d->segs[0].counters[0x120 >> 3] = 7;
	syms[2].addr = 0x127;
	assert_int_equal(attribute(one, 1, 3, syms, 3, &a), 0);
	assert_int_equal(a.owners[1].tics, 6);
	assert_int_equal(a.owners[2].tics, 1);
	attribution_free(&a);
	tdump_free(d);
}

/* A function at an odd address shares its first bucket with the one before
 * it: the bucket is split by bytes, 1 to the neighbour, 3 to it (gprof,
 * in 2-byte units, would read it as starting at 0x10 and give it all 4). */
static void test_attrib_odd_address(void **state)
{
	struct msym syms[] = { { 0, 1, "before" }, { 0x11, 1, "odd" } };
	struct pdump *d = tdump_new(5, 1);
	const struct pdump_seg *one[1];
	struct attribution a;

	(void)state;
	tdump_seg(d, 0, "T", 1, 0, 0x40);
	d->segs[0].counters[0x10 >> 2] = 4;
	one[0] = &d->segs[0];
	assert_int_equal(attribute(one, 1, 2, syms, 2, &a), 0);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.owners[0].tics, 1);
	assert_int_equal(a.owners[1].tics, 3);
	attribution_free(&a);
	tdump_free(d);
}

/* Bytes before the first symbol are charged to "no symbol"; a symbol below
 * the segment's origin owns its start (the kernel's text). */
static void test_attrib_edges(void **state)
{
	struct msym syms[] = { { 0xff000, 1, "early" }, { 0x100010, 1, "f" }, { 0x200000, 1, "far" } };
	struct pdump *d = tdump_new(0, 1);
	const struct pdump_seg *one[1];
	struct attribution a;

	(void)state;
	tdump_seg(d, 0, "kernel", 1, 0x100000, 0x40);
	d->segs[0].counters[0] = 4;
	d->segs[0].counters[15] = 5;
	one[0] = &d->segs[0];
	assert_int_equal(attribute(one, 1, 2, syms, 3, &a), 0);
	assert_int_equal(a.n, 2);	/* "far" is past the end */
	assert_string_equal(a.owners[0].name, "early");
	assert_int_equal(a.owners[0].lo, 0x100000);
	assert_int_equal(a.owners[0].tics, 4);
	assert_int_equal(a.owners[1].tics, 5);
	attribution_free(&a);

	assert_int_equal(attribute(one, 1, 2, syms + 1, 2, &a), 0);
	assert_null(a.owners[0].name);
	assert_int_equal(a.owners[0].tics, 4);
	attribution_free(&a);
	assert_int_equal(attribute(one, 1, 2, NULL, 0, &a), 0);
	assert_int_equal(a.n, 1);
	assert_int_equal(a.owners[0].tics, 9);
	attribution_free(&a);
	tdump_free(d);
}

/* Random counts and unaligned symbols, at several shifts: the merge agrees
 * with the byte-by-byte reference. */
static void test_attrib_random(void **state)
{
	struct msym syms[40];
	char names[40][8];
	struct pdump *d = tdump_new(5, 1);
	uint32_t seed = 12345, shift, i, k;

	(void)state;
	for (shift = 0; shift <= 5; shift++)
		for (k = 0; k < 20; k++) {
			uint32_t addr = 0;

			d->shift = shift;
			tdump_seg(d, 0, "R", 1, 0x40, 0x600);
			for (i = 0; i < pdump_nbuckets(0x600, shift); i++) {
				seed = seed * 1103515245 + 12345;
				d->segs[0].counters[i] = (seed >> 16) % 4 ? 0 : (seed >> 8) % 1000;
			}
			for (i = 0; i < 40; i++) {
				seed = seed * 1103515245 + 12345;
				addr += 1 + (seed >> 16) % 50;
				snprintf(names[i], sizeof names[i], "s%u", i);
				syms[i].addr = addr;
				syms[i].seg = 1;
				syms[i].name = names[i];
			}
			check_against_reference(&d->segs[0], shift, syms, 40);
		}
	tdump_free(d);
}

/* Sorting a map's segment: by address; at one address the alias rule. */
static void test_attrib_segment_symbols(void **state)
{
	struct msym list[] = { { 0x30, 1, "b" }, { 0x10, 2, "data" }, { 0x10, 1, "a" },
			       { 0x30, 1, "alias" }, { 0, 1, "start" } };
	struct map m = { .module = "M", .form = MAP_NM, .syms = list, .n = 5, .cap = 5 };
	struct msym *sorted, *out;
	size_t n, first = 99;

	(void)state;
	n = map_sorted_symbols(&m, &sorted);
	assert_int_equal(n, 4);		/* "b" goes: "alias" is the lower name at 0x30 */
	assert_int_equal(msym_segment(sorted, n, 1, &first), 3);
	assert_int_equal(first, 0);
	out = sorted + first;
	assert_string_equal(out[0].name, "start");
	assert_string_equal(out[1].name, "a");
	assert_string_equal(out[2].name, "alias");
	assert_int_equal(msym_segment(sorted, n, 2, &first), 1);
	assert_string_equal(sorted[first].name, "data");
	assert_int_equal(msym_segment(sorted, n, 3, &first), 0);
	free(sorted);
}

/* The alias rule, whatever the order listed: a global over a local, then a
 * name without a leading underscore, then the lower name. */
static void test_attrib_alias_rule(void **state)
{
	struct msym list[] = { { 0x10, 1, "zed" }, { 0x10, 1, "_zed" }, { 0x20, 1, "_f" },
			       { 0x20, 1, "f" }, { 0x30, 1, "g" }, { 0x30, 1, "_g" },
			       { 0x40, 1, "__h" }, { 0x40, 1, "_h" } };
	uint8_t local[] = { 1, 0, 0, 0, 1, 1, 0, 0 };
	const char *want[] = { "_zed", "f", "g", "__h" };
	struct map m = { .module = "M", .form = MAP_NM, .syms = list, .n = 8, .cap = 8, .local = local };
	struct msym *sorted;
	size_t n, i, k;

	(void)state;
	for (k = 0; k < 2; k++) {	/* as listed, then each pair the other way round */
		n = map_sorted_symbols(&m, &sorted);
		assert_int_equal(n, 4);
		for (i = 0; i < n; i++)
			assert_string_equal(sorted[i].name, want[i]);
		free(sorted);
		for (i = 0; i < 8; i += 2) {
			struct msym t = list[i];
			uint8_t l = local[i];

			list[i] = list[i + 1], list[i + 1] = t;
			local[i] = local[i + 1], local[i + 1] = l;
		}
	}
}

/* ~10^6 samples over a 16 MiB segment with a 100,000-symbol map: fast. */
static void test_attrib_speed(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	struct msym *syms = malloc(100000 * sizeof *syms);
	struct map m = { .module = "BIG", .form = MAP_NM, .syms = syms, .n = 100000, .cap = 100000 };
	uint32_t i, seed = 1;
	clock_t t0;
	double secs;
	char *text;
	size_t len;
	FILE *f;

	(void)state;
	tdump_seg(d, 0, "BIG", 1, 0, 16u << 20);
	for (i = 0; i < 1000000; i++) {
		seed = seed * 1103515245 + 12345;
		d->segs[0].counters[(seed >> 4) % ((16u << 20) >> 2)]++;
	}
	tdump_fix_totals(d);
	for (i = 0; i < 100000; i++) {
		syms[i].addr = (100000 - 1 - i) * 167 + (i % 3);	/* listed backwards */
		syms[i].seg = 1;
		syms[i].name = "f";
	}
	t0 = clock();
	f = open_memstream(&text, &len);
	assert_int_equal(report_module(f, d, &m, 0), 0);
	fclose(f);
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	assert_true(secs < 5.0);	/* about 0.1 s plain; generous for the sanitizers */
	free(text);
	free(syms);
	tdump_free(d);
}

/* A module's walk: its segments (the module's name in any case) by number,
 * a number's runs together in the dump's order, each number's ticks
 * charged to its own symbols; a map listed out of order is sorted, one in
 * order used as it is; a module the dump lacks is 1. */
static void test_modattrib_walk(void **state)
{
	struct pdump *d = tdump_new(5, 5);
	struct msym list[] = { { 0x20, 1, "g" }, { 0x0, 2, "data" }, { 0x0, 1, "f" } };
	struct msym inorder[] = { { 0x0, 1, "f" }, { 0x20, 1, "g" }, { 0x0, 2, "data" } };
	struct map m = { .module = "A", .form = MAP_NM, .syms = list, .n = 3, .cap = 3 };
	struct modattrib w;
	int pass;

	(void)state;
	tdump_seg(d, 0, "A", 2, 0, 0x10);
	tdump_seg(d, 1, "B", 1, 0, 0x40);
	tdump_seg(d, 2, "a", 1, 0, 0x40);
	tdump_seg(d, 3, "A", 1, 0, 0x40);
	tdump_seg(d, 4, "A", 2, 0, 0x10);
	d->segs[0].counters[0] = 5;
	d->segs[1].counters[0] = 100;	/* B's: not A's */
	d->segs[2].counters[0] = 3;	/* f */
	d->segs[2].counters[9] = 4;	/* g (0x24) */
	d->segs[3].counters[1] = 2;	/* f */
	d->segs[4].counters[2] = 7;
	tdump_fix_totals(d);
	for (pass = 0; pass < 2; pass++) {
		assert_int_equal(modattrib_start(&w, d, &m), 0);
		assert_true(pass ? w.sorted == NULL && w.syms == inorder : w.sorted != NULL);
		assert_int_equal(w.n, 4);
		assert_int_equal(w.tics, 5 + 3 + 4 + 2 + 7);
		assert_int_equal(modattrib_next(&w), 1);
		assert_int_equal(w.nrun, 2);
		assert_ptr_equal(w.run[0], &d->segs[2]);
		assert_ptr_equal(w.run[1], &d->segs[3]);
		assert_int_equal(w.a.tics, 9);
		assert_int_equal(w.a.n, 2);
		assert_string_equal(w.a.owners[0].name, "f");
		assert_int_equal(w.a.owners[0].tics, 5);
		assert_string_equal(w.a.owners[1].name, "g");
		assert_int_equal(w.a.owners[1].tics, 4);
		assert_int_equal(modattrib_next(&w), 1);
		assert_int_equal(w.nrun, 2);
		assert_ptr_equal(w.run[0], &d->segs[0]);
		assert_ptr_equal(w.run[1], &d->segs[4]);
		assert_int_equal(w.a.n, 1);
		assert_string_equal(w.a.owners[0].name, "data");
		assert_int_equal(w.a.owners[0].tics, 12);
		assert_int_equal(modattrib_next(&w), 0);
		assert_int_equal(w.nrun, 0);
		modattrib_end(&w);
		m.syms = inorder;	/* then as mkmap writes it */
	}
	memcpy(m.module, "C", 2);
	assert_int_equal(modattrib_start(&w, d, &m), 1);
	tdump_free(d);
}

/* The sub-profiles by symbol (attribute_sub, through the walk): two runs
 * of segment 1 add up; a bucket across f and g goes whole to f, the owner
 * of its first byte; a dump without them leaves a.sub NULL. */
static void test_modattrib_sub(void **state)
{
	struct pdump *d = tdump_new(5, 2);
	struct msym syms[] = { { 0x0, 1, "f" }, { 0x22, 1, "g" } };
	struct map m = { .module = "A", .form = MAP_NM, .syms = syms, .n = 2, .cap = 2 };
	uint64_t subtotal[2] = { 0, 0 };
	struct modattrib w;
	uint32_t nb = 0x10;

	(void)state;
	tdump_seg(d, 0, "A", 1, 0, 0x40);
	tdump_seg(d, 1, "A", 1, 0, 0x40);
	d->segs[0].counters[1] = 3;	/* f */
	d->segs[0].counters[8] = 2;	/* 0x20..0x23: f's 2 bytes, g's 2 */
	d->segs[1].counters[9] = 4;	/* g */
	tdump_fix_totals(d);
	assert_int_equal(modattrib_start(&w, d, &m), 0);	/* no sub-profiles */
	assert_int_equal(modattrib_next(&w), 1);
	assert_null(w.a.sub);
	assert_int_equal(w.a.nsub, 0);
	modattrib_end(&w);
	for (int i = 0; i < 2; i++) {
		d->segs[i].sub = calloc(2 * nb, 4);
		assert_non_null(d->segs[i].sub);
	}
	d->segs[0].sub[0 * nb + 1] = 1, d->segs[0].sub[1 * nb + 1] = 2;
	d->segs[0].sub[0 * nb + 8] = 2;
	d->segs[1].sub[0 * nb + 9] = 1, d->segs[1].sub[1 * nb + 9] = 3;
	d->nsub = 2;
	d->subtotal = subtotal;
	assert_int_equal(modattrib_start(&w, d, &m), 0);
	assert_int_equal(modattrib_next(&w), 1);
	assert_int_equal(w.a.nsub, 2);
	assert_string_equal(w.a.owners[0].name, "f");
	assert_int_equal(w.a.sub[0 * 2 + 0], 1 + 2);
	assert_int_equal(w.a.sub[0 * 2 + 1], 2);
	assert_int_equal(w.a.sub[1 * 2 + 0], 1);
	assert_int_equal(w.a.sub[1 * 2 + 1], 3);
	assert_int_equal(modattrib_next(&w), 0);
	modattrib_end(&w);
	for (int i = 0; i < 2; i++) {
		free(d->segs[i].sub);
		d->segs[i].sub = NULL;
	}
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_attrib_straddle),
		cmocka_unit_test(test_modattrib_sub),
		cmocka_unit_test(test_attrib_edges),
		cmocka_unit_test(test_attrib_random),
		cmocka_unit_test(test_attrib_segment_symbols),
		cmocka_unit_test(test_attrib_alias_rule),
		cmocka_unit_test(test_attrib_odd_address),
		cmocka_unit_test(test_attrib_speed),
		cmocka_unit_test(test_modattrib_walk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
