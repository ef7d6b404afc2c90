/* test_views.c: the sorted per-symbol view (view.c), --diff and --merge
 * (diff.c), and the HTML report (html.c), on the seed's dump and map. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "dump.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "lines.h"
#include "diff.h"
#include "html.h"
#include "htmlflame.h"
#include "maps.h"
#include "pinfo_run.h"
#include "report.h"
#include "testbuf.h"
#include "view.h"

#define PM "\xc2\xb1"	/* the interval's sign on a UTF-8 terminal (share.h) */

static struct map seed_map(void)
{
	size_t len;
	char *text = tfile("data/testprof.map", &len), err[200];
	struct map m;

	if (map_parse("testprof.map", (uint8_t *)text, len, &m, err, sizeof err))
		fail_msg("%s", err);
	free(text);
	return m;
}

static char *view_text(const struct pdump *d, const struct map *m, int flags, const struct view *v)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	assert_int_equal(view_module(f, d, m, flags, v), 0);
	fclose(f);
	return text;
}

static void same(const char *got, const char *want)
{
	if (strcmp(got, want))
		fail_msg("got:\n%s\nwanted:\n%s", got, want);
}

static void has(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("no '%s' in:\n%s", want, text);
}

/* A file holding the dump's bytes; its path (malloc'd). */
static char *dump_file(const struct pdump *d)
{
	char *path = strdup("/tmp/test_views.XXXXXX");
	struct tbuf b = tdump_bytes(d);
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
	close(fd);
	tbuf_free(&b);
	return path;
}

static char *map_file(void)
{
	char *path = strdup("/tmp/test_views.XXXXXX");
	size_t len;
	char *text = tfile("data/testprof.map", &len);
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	free(text);
	return path;
}

/* The seed's dump (479 ticks: main 6, inner 464, kernel 9). */
static void test_sort_top_limit(void **state)
{
	struct pdump *d = tdump_seed();
	struct map m = seed_map();
	struct view v = { 1, VIEW_TICS, 0, 0 };
	char *t;

	(void)state;
	t = view_text(d, &m, 0, &v);
	same(t, "Module TESTPROF\n\nSegment 1:\n"
		"Address         Tics  Percent 95% CI   Cumul.   Name\n"
		"0001:0128        464 ( 96.87% " PM "1.97)   96.87%   inner\n"
		"0001:003e          6 (  1.25% " PM "1.45)   98.12%   main\n");
	free(t);
	v.sort = VIEW_ADDRESS;
	t = view_text(d, &m, PINFO_T, &v);
	same(t, "Module TESTPROF\n\nSegment 1:\n"
		"Address         Tics  Percent 95% CI   Cumul.   Name\n"
		"0001:003e          6 (  1.25% " PM "1.45)    1.25%   main\n"
		"0001:0128        464 ( 96.87% " PM "1.97)   98.12%   inner\n"
		"Total            470 ( 98.12% " PM "1.65)\n");
	free(t);
	v.sort = VIEW_NAME;	/* "inner" < "main" */
	t = view_text(d, &m, 0, &v);
	has(t, "   inner\n0001:003e");
	free(t);
	v.sort = VIEW_ADDRESS;
	v.top = 1;	/* the one of most tics, whatever the order shown */
	t = view_text(d, &m, 0, &v);
	same(t, "Module TESTPROF\n\nSegment 1:\n"
		"Address         Tics  Percent 95% CI   Cumul.   Name\n"
		"0001:0128        464 ( 96.87% " PM "1.97)   96.87%   inner\n"
		"(1 more symbol: 6 tics, 1.25% " PM "1.45)\n");
	free(t);
	v.top = 0;
	v.limit = 1.26;	/* main is 1.25% */
	t = view_text(d, &m, 0, &v);
	has(t, "inner\n(1 more symbol: 6 tics, 1.25% " PM "1.45)\n");
	free(t);
	v.limit = 1.25;
	t = view_text(d, &m, 0, &v);
	has(t, "main\n");
	assert_null(strstr(t, "more symbol"));
	free(t);
	map_free(&m);
	tdump_free(d);
}

static void test_header_and_default(void **state)
{
	struct pdump *d = tdump_seed();
	char *dump = dump_file(d), *map = map_file(), *maps[] = { map }, *t, *golden;
	struct view off = { 0 }, on = { 1, VIEW_TICS, 0, 0 };
	char head[300], type[120];
	size_t len;
	FILE *f;

	(void)state;
	/* without the options: the seed's layout, byte for byte */
	f = open_memstream(&t, &len);
	assert_int_equal(pinfo_run_view(dump, maps, 1, 0, &off, f, stderr), 0);
	fclose(f);
	golden = tfile("pinfo/golden/example2.txt", NULL);
	same(t, golden);
	free(golden);
	free(t);
	/* with them: the dump's facts first */
	f = open_memstream(&t, &len);
	assert_int_equal(pinfo_run_view(dump, maps, 1, 0, &on, f, stderr), 0);
	fclose(f);
	snprintf(head, sizeof head, "Dump %s: a user profile (type 5: PT_USER|PT_USEKP), 1000 Hz, "
		 "479 samples, format version 2\n\nModule TESTPROF\n", dump);
	assert_int_equal(strncmp(t, head, strlen(head)), 0);
	free(t);
	same(view_type_name(0, type, sizeof type), "system profile (type 0: PT_SYSTEM)");
	same(view_type_name(8, type, sizeof type), "system profile (type 8: PT_VERBOSE)");
	same(view_type_name(16, type, sizeof type), "system profile (type 16: PT_STACKS)");
	same(view_type_name(21, type, sizeof type), "user profile (type 21: PT_USER|PT_USEKP|PT_STACKS)");
	same(view_type_name(0x44, type, sizeof type), "system profile (type 68: PT_USEKP|0x40)");
	unlink(dump);
	unlink(map);
	free(dump);
	free(map);
	tdump_free(d);
}

static void test_diff(void **state)
{
	struct pdump *a = tdump_seed(), *b = tdump_seed();
	char *base, *new, *map = map_file(), *maps[] = { map }, *t;
	size_t len;
	FILE *f;

	(void)state;
	b->segs[0].counters[0x128 >> 2] = 100;	/* inner 164 of 179: 91.62%; main 3.35% */
	tdump_fix_totals(b);
	base = dump_file(a);
	new = dump_file(b);
	f = open_memstream(&t, &len);
	assert_int_equal(pinfo_diff(base, new, maps, 1, 0, f, stderr), 0);
	fclose(f);
	/* inner's fall is beyond noise (*), main's rise of 6 tics in 479 to 6 in 179 is not */
	has(t, "    Base      New   Change  95%   Function\n"
	       "  96.87%   91.62%    -5.25    *   TESTPROF inner\n"
	       "   1.25%    3.35%    +2.10        TESTPROF main\n"
	       "\n1 of 2 functions changed beyond noise (*: at the 95% level)\n");
	free(t);
	unlink(base);
	unlink(new);
	unlink(map);
	free(base);
	free(new);
	free(map);
	tdump_free(a);
	tdump_free(b);
}

static struct pdump *read_back(const char *path)
{
	uint8_t *buf;
	size_t len;
	char err[300];
	struct pdump *d = calloc(1, sizeof *d);

	assert_int_equal(read_regular(path, &buf, &len, err, sizeof err), 0);
	if (pdump_read(buf, len, d, &host_alloc, err, sizeof err))
		fail_msg("%s", err);
	free(buf);
	return d;
}

/* dumps[1] written again from b (its old file removed), then merged into
 * out with dumps[0]: must be refused with a reason holding want, and
 * nothing written. */
static void merge_refused(char *dumps[2], const struct pdump *b, const char *out, const char *want,
			  const char *want2)
{
	char *msg;
	size_t len;
	FILE *f;

	unlink(dumps[1]);
	free(dumps[1]);
	dumps[1] = dump_file(b);
	f = open_memstream(&msg, &len);
	assert_int_equal(pinfo_merge(out, dumps, 2, f), 1);
	fclose(f);
	has(msg, want);
	has(msg, want2 ? want2 : "nothing written");
	assert_int_equal(access(out, F_OK), -1);
	free(msg);
}

static void test_merge(void **state)
{
	struct pdump *a = tdump_seed(), *b = tdump_seed(), *m;
	char *pa, *pb, out[] = "/tmp/test_views.merged.pro", *dumps[2];

	(void)state;
	b->segs[0].counters[0x40 >> 2] = 0xfffffff9;	/* 6 + that: 2^32 - 1, the most */
	b->segs[0].counters[0x10 >> 2] = 7;
	tdump_fix_totals(b);
	pa = dump_file(a);
	pb = dump_file(b);
	dumps[0] = pa;
	dumps[1] = pb;
	unlink(out);
	assert_int_equal(pinfo_merge(out, dumps, 2, stderr), 0);
	m = read_back(out);
	assert_int_equal(m->nseg, 1);
	assert_int_equal(m->segs[0].fingerprint, a->segs[0].fingerprint);
	assert_int_equal(m->segs[0].counters[0x40 >> 2], 0xffffffffu);
	assert_int_equal(m->hz, 1000);
	assert_int_equal(m->version, 2);
	assert_int_equal(m->segs[0].counters[0x128 >> 2], 800);
	assert_int_equal(m->segs[0].counters[0x12c >> 2], 128);
	assert_int_equal(m->segs[0].counters[0x10 >> 2], 7);
	assert_int_equal(m->total, a->total + b->total);
	assert_int_equal(m->kernel, 18);
	pdump_release(m, &host_alloc);
	free(m);
	unlink(out);

	/* other code under the same module: refused, nothing written */
	b->segs[0].fingerprint ^= 1;
	merge_refused(dumps, b, out, "module TESTPROF segment 1: code fingerprint",
		      "not the same code; nothing written");

	/* a bucket past 2^32 - 1: refused (a dump cannot hold it) */
	b->segs[0].fingerprint ^= 1;
	b->segs[0].counters[0x40 >> 2] = 0xfffffffa;
	tdump_fix_totals(b);
	merge_refused(dumps, b, out, "would pass 2^32 - 1 ticks", NULL);

	/* another rate: refused too */
	b->hz = 250;
	merge_refused(dumps, b, out, "only dumps of one kind, rate and bucket size add up", NULL);
	unlink(pa);
	unlink(dumps[1]);	/* merge_refused's latest (pb is gone) */
	free(pa);
	free(dumps[1]);
	tdump_free(a);
	tdump_free(b);
}

/* An event profile's dump (format 7) first or later: refused, nothing
 * written (its counts are not ticks; first, its event record was read
 * after the dump was freed). */
static void test_merge_events(void **state)
{
	struct pdump *a = tdump_seed(), *e = tdump_seed();
	static uint64_t counts[6] = { 0, 79, 0, 0, 0, 400 };
	char out[] = "/tmp/test_views.mevents.pro", *pa, *pe, *dumps[2], *msg;
	size_t len, k;
	FILE *f;

	(void)state;
	e->type |= PDUMP_TYPE_SYSCALL;
	tdump_cpus(e, 1);
	e->ev_every = 1;
	e->ev_nclass = 6;
	e->ev_count = counts;
	pa = dump_file(a);
	pe = dump_file(e);
	for (k = 0; k < 2; k++) {
		dumps[k] = pe;
		dumps[!k] = pa;
		unlink(out);
		f = open_memstream(&msg, &len);
		assert_int_equal(pinfo_merge(out, dumps, 2, f), 1);
		fclose(f);
		has(msg, "an event profile's dump: its counts are system calls, not ticks");
		has(msg, "nothing written");
		assert_int_equal(access(out, F_OK), -1);
		free(msg);
	}
	e->ev_count = NULL;
	unlink(pa);
	unlink(pe);
	free(pa);
	free(pe);
	tdump_free(a);
	tdump_free(e);
}

/* Two modules in one order, then the other: a merged stack keeps naming
 * its own module, identical stacks count once, and a dump with stacks
 * does not add up with one without. */
static uint32_t pc_ab[] = { 0x10, 0x20 }, pc_c[] = { 0x30 }, pc_k[] = { 0x100123 };

static struct pdump *stacks_dump(int swapped, struct pdump_stack *st, uint32_t n, uint64_t dropped)
{
	struct pdump *d = tdump_new(5 | PDUMP_TYPE_STACKS, 2);

	tdump_seg(d, swapped, "ALPHA", 1, 0, 0x100);
	tdump_seg(d, !swapped, "BETA", 1, 0, 0x100);
	d->kernel = 100;
	d->stacks = st;
	d->nstacks = n;
	d->dropped = dropped;
	tdump_fix_totals(d);
	return d;
}

static void test_merge_stacks(void **state)
{
	/* a: ALPHA is segment 1, BETA 2; b: BETA is 1, ALPHA 2 */
	struct pdump_stack sa[] = { { 10, 0, 1, 0, 2, pc_ab }, { 5, 0, 2, 0, 2, pc_ab } };
	struct pdump_stack sb[] = { { 3, 0, 2, 0, 2, pc_ab }, { 4, 0, 1, 0, 1, pc_c },
				    { 2, 0, 0, 1, 1, pc_k } };
	struct pdump *a = stacks_dump(0, sa, 2, 1), *b = stacks_dump(1, sb, 3, 2), *m;
	char *pa = dump_file(a), *pb = dump_file(b), out[] = "/tmp/test_views.mstacks.pro";
	char *dumps[2] = { pa, pb };
	uint32_t i, seen = 0;

	(void)state;
	unlink(out);
	assert_int_equal(pinfo_merge(out, dumps, 2, stderr), 0);
	m = read_back(out);
	assert_int_equal(m->version, 3);
	assert_int_equal(m->nstacks, 4);
	assert_int_equal(m->dropped, 3);
	assert_string_equal(m->segs[0].module, "ALPHA");
	for (i = 0; i < m->nstacks; i++) {
		const struct pdump_stack *st = &m->stacks[i];
		const char *mod = st->useg ? m->segs[st->useg - 1].module : "";

		if (st->depth == 2 && !strcmp(mod, "ALPHA") && st->pcs[1] == 0x20)
			assert_int_equal(st->count, 13), seen |= 1;
		else if (st->depth == 2 && !strcmp(mod, "BETA") && st->pcs[0] == 0x10)
			assert_int_equal(st->count, 5), seen |= 2;
		else if (st->depth == 1 && !strcmp(mod, "BETA") && st->pcs[0] == 0x30)
			assert_int_equal(st->count, 4), seen |= 4;
		else if (st->depth == 1 && st->useg == 0 && st->kdepth == 1)
			assert_int_equal(st->count, 2), seen |= 8;
		else
			fail_msg("stack %u: not one of the dumps'", i);
	}
	assert_int_equal(seen, 15);
	pdump_release(m, &host_alloc);
	free(m);
	unlink(out);

	/* one with stacks, one without: refused, nothing written */
	b->type &= ~PDUMP_TYPE_STACKS;
	b->nstacks = 0;
	b->dropped = 0;
	merge_refused(dumps, b, out, "call stacks", NULL);
	unlink(pa);
	unlink(dumps[1]);	/* merge_refused's latest (pb is gone) */
	free(pa);
	free(dumps[1]);
	a->stacks = b->stacks = NULL;
	tdump_free(a);
	tdump_free(b);
}

static void test_html(void **state)
{
	struct pdump *d = tdump_seed();
	char *dump = dump_file(d), *map = map_file(), *maps[] = { map }, *t, *p;
	char out[] = "/tmp/test_views.report.html";
	size_t len;

	(void)state;
	unlink(out);
	assert_int_equal(pinfo_html(out, dump, NULL, maps, 1, 0, LINES_SPLIT_INSNS, stderr), 0);
	assert_int_equal(read_regular(out, (uint8_t **)&t, &len, NULL, 0), 0);
	t = realloc(t, len + 1);
	t[len] = 0;
	has(t, "<!DOCTYPE html>");
	has(t, "<dd id=\"rate\">1000 Hz</dd>");
	has(t, "<dd id=\"samples\">479 ");
	/* the functions by tics: inner, then main */
	assert_non_null(p = strstr(t, "<table class=\"sortable\" id=\"functions\">"));
	assert_non_null(p = strstr(p, "<tr><td>inner</td><td>TESTPROF</td><td data-v=\"296\">0001:0128"));
	assert_non_null(strstr(p, "<tr><td>main</td>"));
	assert_null(strstr(t, "id=\"flame\""));	/* no stacks in the dump */
	assert_null(strstr(t, "http://") != strstr(t, "http://www.w3.org/2000/svg") ? "a link" : NULL);
	assert_null(strstr(t, "src=\""));	/* nothing loaded from anywhere */
	free(t);
	unlink(out);
	unlink(dump);
	unlink(map);
	free(dump);
	free(map);
	tdump_free(d);
}

static void test_flamegraph(void **state)
{
	const char *s1[] = { "main", "a", "b" }, *s2[] = { "main", "a", "c<x>" }, *s3[] = { "main", "d" };
	const char *s4[] = { "main", "a", "b" };
	struct folded_stack st[] = { { s1, 3, 5 }, { s2, 3, 3 }, { s3, 2, 2 }, { s4, 3, 1 } };
	char *t, *p;
	size_t len, boxes = 0;
	FILE *f = open_memstream(&t, &len);

	(void)state;
	assert_int_equal(html_flamegraph(f, st, 4, 11, 0), 0);
	fclose(f);
	for (p = t; (p = strstr(p, "<g class=\"frame\">")); p++)
		boxes++;
	assert_int_equal(boxes, 5);	/* main, a, b, c<x>, d */
	has(t, "<title>main (11 samples, 100.00%)</title>");
	has(t, "<title>b (6 samples, 54.55%)</title>");	/* the two b stacks as one box */
	has(t, "<title>c&lt;x&gt; (3 samples, 27.27%)</title>");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_top_limit),
		cmocka_unit_test(test_header_and_default),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_merge_stacks),
		cmocka_unit_test(test_merge_events),
		cmocka_unit_test(test_html),
		cmocka_unit_test(test_flamegraph),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
