/* test_lines.c: source lines (lines.c) and their reports (annotate.c).
 * The line table is checked on an ELF built at test time from
 * tests/unit/data/lines.c, whose mark_N labels sit on line N by
 * construction; the splitting of buckets on a table made here by hand. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "annotate.h"
#include "attrib.h"
#include "dump.h"
#include "hostio.h"
#include "lines.h"
#include "maps.h"
#include "pinfo_lines.h"
#include "pinfo_run.h"
#include "testbuf.h"

#ifndef LINES_ELF
#define LINES_ELF "build/tests/data/lines.elf"
#endif

static void load_elf(const char *path, struct map *m, struct line_table *t)
{
	uint8_t *buf;
	size_t len;
	char err[300];

	if (read_regular(path, &buf, &len, err, sizeof err))
		fail_msg("%s: %s", path, err);
	if (map_parse(path, buf, len, m, err, sizeof err))
		fail_msg("%s: %s", path, err);
	if (lines_load(buf, len, t, err, sizeof err))
		fail_msg("%s: %s", path, err);
	free(buf);
}

static uint32_t sym(const struct map *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (!strcmp(m->syms[i].name, name))
			return m->syms[i].addr;
	fail_msg("no symbol %s", name);
	return 0;
}

static const struct line_range *range_of(const struct line_table *t, uint64_t addr)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->r[i].lo <= addr && addr < t->r[i].hi)
			return &t->r[i];
	return NULL;
}

static void ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	if (n < k || strcmp(s + n - k, tail))
		fail_msg("'%s' does not end with '%s'", s, tail);
}

/* Each mark_N is on line N of lines.c, its 4 nops and nothing else. */
static void test_line_table(void **state)
{
	static const unsigned marks[] = { 9, 11, 16 };
	struct map m;
	struct line_table t;
	size_t i;

	(void)state;
	load_elf(LINES_ELF, &m, &t);
	for (i = 1; i < t.n; i++)	/* sorted, not overlapping */
		assert_true(t.r[i - 1].hi <= t.r[i].lo);
	for (i = 0; i < 3; i++) {
		char name[16];
		uint32_t a;
		const struct line_range *r;

		snprintf(name, sizeof name, "mark_%u", marks[i]);
		a = sym(&m, name);
		assert_non_null(r = range_of(&t, a));
		assert_int_equal(r->line, marks[i]);
		assert_int_equal(r->lo, a);	/* the asm statement starts its line */
		assert_int_equal(r->hi, a + 4);	/* and holds its 4 nops alone */
		ends_with(t.files[r->file], "tests/unit/data/lines.c");
	}
	lines_free(&t);
	map_free(&m);
}

/* A file without DWARF is refused with a reason, and nothing kept. */
static void test_no_dwarf(void **state)
{
	size_t len;
	char *elf = tfile("data/tiny.elf", &len), err[300];
	struct line_table t;

	(void)state;
	assert_int_equal(lines_load((uint8_t *)elf, len, &t, err, sizeof err), -1);
	assert_non_null(strstr(err, "no DWARF"));
	assert_null(t.r);
	assert_int_equal(lines_load((uint8_t *)"not elf", 7, &t, err, sizeof err), -1);
	assert_non_null(strstr(err, "not an ELF file"));
	free(elf);
}

/* --split=bytes: a bucket over two lines is split by the bytes of each,
 * then rounded by the largest remainder (ties: the lower address); a symbol
 * inside a line makes two entries of it, one a function. */
static void test_bucket_split(void **state)
{
	struct line_range r[] = {
		{ 0, 2, 0, 1 },		/* line 1: bytes 0-1 */
		{ 2, 4, 0, 2 },		/* line 2: bytes 2-3 */
		{ 4, 12, 0, 3 },	/* line 3: bytes 4-11, cut by symbol g at 6 */
		{ 13, 16, 0, 4 },	/* line 4: 13-15; byte 12 has no line */
	};
	char file[] = "f.c", *files[] = { file };
	struct line_table t = { .r = r, .n = 4, .files = files, .nfiles = 1 };
	struct msym syms[] = { { 0, 1, "f" }, { 6, 1, "g" } };
	struct pdump *d = tdump_new(5, 1);
	const struct pdump_seg *segs[1];
	struct line_attribution a;
	uint64_t want[][4] = {	/* line, function, tics, exact share in quarters */
		{ 1, 0, 2, 6 }, { 2, 0, 2, 6 }, { 3, 0, 2, 10 }, { 3, 1, 6, 26 }, { 4, 1, 3, 12 },
	};
	uint64_t sum = 0;
	size_t i, k;

	(void)state;
	tdump_seg(d, 0, "T", 1, 0, 16);
	/* integer parts 1, 1, 2, 6, 1 (no line), 3 make 14 of 16: the two
	 * left go to the equal fractions (each 1/2) of the lowest addresses */
	d->segs[0].counters[0] = 3;	/* 1.5 to line 1, 1.5 to line 2 */
	d->segs[0].counters[1] = 5;	/* 2.5 to line 3 in f, 2.5 in g */
	d->segs[0].counters[2] = 4;	/* line 3 in g whole */
	d->segs[0].counters[3] = 4;	/* 1 to no line, 3 to line 4 (in g) */
	tdump_fix_totals(d);
	segs[0] = &d->segs[0];
	assert_int_equal(lines_attribute(segs, 1, 2, &t, syms, 2, LINES_SPLIT_BYTES, &a), 0);
	assert_int_equal(a.tics, 16);
	for (k = 0; k < sizeof want / sizeof want[0]; k++) {
		for (i = 0; i < a.n; i++)
			if (a.l[i].file == 0 && a.l[i].line == want[k][0] && a.l[i].func == want[k][1])
				break;
		if (i == a.n)
			fail_msg("no entry for line %llu in function %llu",
				 (unsigned long long)want[k][0], (unsigned long long)want[k][1]);
		assert_int_equal(a.l[i].tics, want[k][2]);
		assert_true(a.l[i].share == (unsigned __int128)want[k][3]);
	}
	for (i = 0; i < a.n; i++) {
		sum += a.l[i].tics;
		if (a.l[i].file == LINES_NOFILE) {
			assert_int_equal(a.l[i].tics, 1);	/* byte 12: no line, in g */
			assert_int_equal(a.l[i].func, 1);
		}
	}
	assert_int_equal(sum, 16);	/* the tics sum to the segment's */
	line_attribution_free(&a);
	tdump_free(d);
}

/* The lines' dump: 30 tics on mark_11's bucket, 8 on the bucket that holds
 * the last 3 bytes of mark_9's line and the first of line 10. */
static struct pdump *lines_dump(const struct map *m)
{
	struct pdump *d = tdump_new(5, 1);
	uint32_t a9 = sym(m, "mark_9"), a11 = sym(m, "mark_11");

	assert_int_equal(a9 % 4, 3);	/* as gcc -O0 lays hot() out: checked, not assumed */
	assert_int_equal(a11 % 4, 0);
	tdump_seg(d, 0, "LINES", 1, 0, 0x100);
	d->segs[0].counters[a11 >> 2] = 30;
	d->segs[0].counters[(a9 + 1) >> 2] = 8;	/* 6 to line 9, 2 to line 10 */
	tdump_fix_totals(d);
	return d;
}

/* The map without the mark_ labels, so that hot() is one function. */
static void drop_marks(struct map *m)
{
	size_t i, k = 0;

	for (i = 0; i < m->n; i++)
		if (strncmp(m->syms[i].name, "mark_", 5))
			m->syms[k++] = m->syms[i];
	m->n = k;
}

static char *text_of(void (*fn)(FILE *, void *), void *arg)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	fn(f, arg);
	fclose(f);
	return text;
}

struct ctx {
	struct pdump *d;
	struct module_lines *ml;
	struct line_table *t;
	struct annotation *an;
};

static void list_fn(FILE *f, void *arg)
{
	struct ctx *c = arg;

	assert_int_equal(annotate_list(f, c->d, c->ml, c->t), 0);
}

static void annotate_fn(FILE *f, void *arg)
{
	struct ctx *c = arg;

	annotate_print(f, c->d, "LINES", c->ml, c->t, c->an);
}

static void has(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("no '%s' in:\n%s", want, text);
}

static void test_list_and_annotate(void **state)
{
	struct map m;
	struct line_table t;
	struct module_lines ml;
	struct annotation an;
	struct pdump *d;
	struct ctx c;
	char *text, *src, **lines = NULL, want[300];
	size_t nlines = 0, i, len;

	(void)state;
	load_elf(LINES_ELF, &m, &t);
	d = lines_dump(&m);
	drop_marks(&m);
	assert_int_equal(module_lines_make(d, &m, &t, LINES_SPLIT_INSNS, &ml), 0);
	c = (struct ctx){ d, &ml, &t, &an };
	text = text_of(list_fn, &c);
	/* by tics: line 11 (30), 9 (6), 10 (2); percent of the dump's 38 */
	has(text, "Module LINES\n\nSegment 1:\nLine");
	has(text, "tests/unit/data/lines.c:11         30 ( 78.95%)   hot\n"
		  "tests/unit/data/lines.c:9           6 ( 15.79%)   hot\n"
		  "tests/unit/data/lines.c:10          2 (  5.26%)   hot\n");
	free(text);

	assert_int_equal(annotation_make(&ml, &t, "nosuch", &an), 1);
	assert_int_equal(annotation_make(&ml, &t, "hot", &an), 0);
	assert_int_equal(an.tics, 38);
	text = text_of(annotate_fn, &c);
	has(text, "Function hot (module LINES): 38 tics, 100.00% of the dump's 38\n");
	/* from the declaration (line 7, "void hot(void)") to the closing brace */
	has(text, "Source tests/unit/data/lines.c, lines 7 to 12\n");
	/* the source's own lines, with the margin: read here from the file */
	src = tfile("data/lines.c", &len);
	for (i = 0; i < len; i++)
		if (i == 0 || src[i - 1] == '\n') {
			lines = realloc(lines, (nlines + 1) * sizeof *lines);
			lines[nlines++] = src + i;
		}
	for (i = 0; i < len; i++)
		if (src[i] == '\n')
			src[i] = 0;
	snprintf(want, sizeof want, "\n        30   78.95%%     11  %s\n", lines[10]);
	has(text, want);
	snprintf(want, sizeof want, "\n         6   15.79%%      9  %s\n", lines[8]);
	has(text, want);
	snprintf(want, sizeof want, "\n                        12  %s\n", lines[11]);
	has(text, want);	/* a line without tics: an empty margin */
	assert_null(strstr(text, lines[15]));	/* cold()'s line is not hot()'s */
	free(text);
	free(src);
	free(lines);
	annotation_free(&an);
	module_lines_free(&ml);
	lines_free(&t);
	map_free(&m);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_table),
		cmocka_unit_test(test_no_dwarf),
		cmocka_unit_test(test_bucket_split),
		cmocka_unit_test(test_list_and_annotate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
