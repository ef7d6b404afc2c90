/* test_lines.c: source lines (lines.h) and their reports (annotate.c).
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
#include <unistd.h>
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

#define PM "\xc2\xb1"	/* the interval's sign on a UTF-8 terminal (share.h) */

#ifndef LINES_ELF
#define LINES_ELF "build/tests/data/lines.elf"
#endif
#ifndef CLONES_ELF
#define CLONES_ELF "build/tests/data/clones.elf"
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
	assert_int_equal(lines_attribute(segs, 1, 2, &t, syms, 2, LINES_SPLIT_BYTES, NULL, 0, &a), 0);
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
	has(text, "Line                             Tics  Percent 95% CI   Function\n"
		  "tests/unit/data/lines.c:11         30 ( 78.95% " PM "15.29)  hot\n"
		  "tests/unit/data/lines.c:9           6 ( 15.79% " PM "14.63)  hot\n"
		  "tests/unit/data/lines.c:10          2 (  5.26% " PM "12.02)  hot\n");
	free(text);

	assert_int_equal(annotation_make(&ml, &t, "nosuch", &an), 1);
	assert_int_equal(annotation_make(&ml, &t, "hot", &an), 0);
	assert_int_equal(an.tics, 38);
	text = text_of(annotate_fn, &c);
	has(text, "Function hot (module LINES): 38 tics, 100.00% " PM "9.18 of the dump's 38\n");
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

/* ---- the split by instructions ---------------------------------------------------- */

/* hotloop's pattern (docs/pinfo.md, "Source lines"), at 0: a loop of four
 * instructions of line 20 (9 bytes) and three of line 19 (5 bytes: inc,
 * cmp, jne), then an epilogue of line 22 (pop, pop, ret) whose pops share
 * the jne's bucket, then padding after the ret, of no line. */
static uint8_t hotloop_code[] = {
	0x31, 0xc0,		/* 00 xor eax,eax	line 18 */
	0x31, 0xd2,		/* 02 xor edx,edx	line 18 */
	0x89, 0xd1,		/* 04 mov ecx,edx	line 20, the loop */
	0xc1, 0xe1, 0x05,	/* 06 shl ecx,5		line 20 */
	0x31, 0xc1,		/* 09 xor ecx,eax	line 20 */
	0x01, 0xca,		/* 0b add edx,ecx	line 20 */
	0x40,			/* 0d inc eax		line 19 */
	0x39, 0xf8,		/* 0e cmp eax,edi	line 19 */
	0x75, 0xf2,		/* 10 jne 0x04		line 19 */
	0x5e,			/* 12 pop esi		line 22 */
	0x5f,			/* 13 pop edi		line 22 */
	0xc3,			/* 14 ret		line 22 */
	0x90, 0x90, 0x90,	/* 15 padding, no line */
};
static struct line_range hotloop_rows[] = {
	{ 0x00, 0x04, 0, 18 }, { 0x04, 0x0d, 0, 20 }, { 0x0d, 0x12, 0, 19 }, { 0x12, 0x15, 0, 22 },
};

static void hotloop_table(struct line_table *t, struct line_code *code, uint8_t *bytes, size_t len)
{
	static char file[] = "hot.c", *files[] = { file };

	*code = (struct line_code){ 0, len, bytes };
	*t = (struct line_table){ .r = hotloop_rows, .n = 4, .files = files, .nfiles = 1,
				  .code = code, .ncode = 1 };
}

/* The tics of line `line` (of function 0), or -1 when it has no entry. */
static long long tics_of(const struct line_attribution *a, uint32_t file, uint32_t line)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		if (a->l[i].file == file && a->l[i].line == line && a->l[i].func == 0)
			return (long long)a->l[i].tics;
	return -1;
}

/* The attribution of the counts (nsegs segments, each its counts) by split. */
static void hotloop_split(const uint32_t *counts, size_t nb, size_t nsegs, enum lines_split split,
			  struct line_attribution *a)
{
	struct line_table t;
	struct line_code code;
	struct msym syms[] = { { 0, 1, "f" } };
	struct pdump *d = tdump_new(5, (uint32_t)nsegs);
	const struct pdump_seg *segs[2];
	size_t s, b;

	hotloop_table(&t, &code, hotloop_code, sizeof hotloop_code);
	for (s = 0; s < nsegs; s++) {
		tdump_seg(d, s, "HOT", 1, 0, (uint32_t)(4 * nb));
		for (b = 0; b < nb; b++)
			d->segs[s].counters[b] = counts[s * nb + b];
		segs[s] = &d->segs[s];
	}
	tdump_fix_totals(d);
	assert_int_equal(lines_attribute(segs, nsegs, 2, &t, syms, 1, split, NULL, 0, a), 0);
	tdump_free(d);
}

/* The model: four blocks, the padding after the ret one that cannot run. */
static void test_insns_blocks(void **state)
{
	static const uint64_t addr[] = { 0, 2, 4, 6, 9, 0xb, 0xd, 0xe, 0x10, 0x12, 0x13, 0x14,
					 0x15, 0x16, 0x17 };
	static const uint32_t block[] = { 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3 };
	struct line_table t;
	struct line_code code;
	struct msym syms[] = { { 0, 1, "f" } };
	struct line_insns li;
	size_t i;

	(void)state;
	hotloop_table(&t, &code, hotloop_code, sizeof hotloop_code);
	assert_int_equal(lines_insns(&t, syms, 1, 0, 0x18, &li), 0);
	assert_int_equal(li.n, 15);
	assert_int_equal(li.nblocks, 4);
	assert_int_equal(li.nbad, 0);
	for (i = 0; i < li.n; i++) {
		assert_int_equal(li.addr[i], addr[i]);
		assert_int_equal(li.block[i], block[i]);
	}
	assert_int_equal(li.len[8], 2);	/* jne rel8 */
	assert_true(li.live[0] && li.live[1] && li.live[2]);	/* entry, jne's target, after it */
	assert_false(li.live[3]);	/* after the ret, no jump to it */
	lines_insns_free(&li);
	/* only [lo, hi): the loop's instructions from 0x0d on */
	assert_int_equal(lines_insns(&t, syms, 1, 0x0d, 0x12, &li), 0);
	assert_int_equal(li.n, 3);
	assert_int_equal(li.addr[0], 0x0d);
	lines_insns_free(&li);
}

/* 100 tics an instruction of the loop (it runs 100 times as often as the
 * rest): line 20 has 4 instructions of it, line 19 three (the jne with the
 * pops' bucket, where the pops, run once, took 1 tic). The bytes give line
 * 20 a quarter of 0x0c's bucket (the last byte of its add) and line 22 half
 * of 0x10's; the instructions give each line its own. */
static void test_insns_hotloop(void **state)
{
	static const uint32_t counts[] = { 0, 200, 200, 200, 101, 0 };
	static const uint32_t halves[] = { 0, 100, 100, 100, 50, 0, 0, 100, 100, 100, 51, 0 };
	struct line_attribution a;

	(void)state;
	hotloop_split(counts, 6, 1, LINES_SPLIT_BYTES, &a);
	assert_int_equal(tics_of(&a, 0, 20), 450);
	assert_int_equal(tics_of(&a, 0, 19), 201);	/* 200.5, the tie to the lower address */
	assert_int_equal(tics_of(&a, 0, 22), 50);
	assert_int_equal(a.unit, 2);
	line_attribution_free(&a);

	hotloop_split(counts, 6, 1, LINES_SPLIT_INSNS, &a);
	assert_int_equal(a.tics, 701);
	assert_int_equal(a.unit, 32);
	assert_int_equal(a.byte_buckets, 0);
	assert_int_equal(tics_of(&a, 0, 20), 400);
	assert_int_equal(tics_of(&a, 0, 19), 301);
	assert_int_equal(tics_of(&a, 0, 22), 0);
	assert_int_equal(tics_of(&a, 0, 18), 0);
	line_attribution_free(&a);

	/* the same counts in two segments (a program run twice): the same */
	hotloop_split(halves, 6, 2, LINES_SPLIT_INSNS, &a);
	assert_int_equal(a.tics, 701);
	assert_int_equal(tics_of(&a, 0, 20), 400);
	assert_int_equal(tics_of(&a, 0, 19), 301);
	line_attribution_free(&a);
}

/* Ticks on the ret's bucket go to the ret, none to the padding after it
 * (which cannot run); the bytes give the padding's 3 bytes 3 of 4. And a
 * bucket whose only instructions cannot run, yet has ticks, gives them to
 * those instructions all the same. */
static void test_insns_dead_code(void **state)
{
	static const uint32_t counts[] = { 0, 200, 200, 200, 101, 4 };
	static uint8_t after_ret[] = { 0xc3, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90 };
	static struct line_range rows[] = { { 0, 4, 0, 1 }, { 4, 8, 0, 2 } };
	static char file[] = "d.c", *files[] = { file };
	struct line_code code = { 0, sizeof after_ret, after_ret };
	struct line_table t = { .r = rows, .n = 2, .files = files, .nfiles = 1, .code = &code,
				.ncode = 1 };
	struct msym syms[] = { { 0, 1, "f" } };
	struct pdump *d = tdump_new(5, 1);
	const struct pdump_seg *segs[1];
	struct line_attribution a;

	(void)state;
	hotloop_split(counts, 6, 1, LINES_SPLIT_INSNS, &a);
	assert_int_equal(tics_of(&a, LINES_NOFILE, 0), 0);
	assert_true(tics_of(&a, 0, 22) >= 4);
	line_attribution_free(&a);
	hotloop_split(counts, 6, 1, LINES_SPLIT_BYTES, &a);
	assert_int_equal(tics_of(&a, LINES_NOFILE, 0), 3);
	line_attribution_free(&a);

	tdump_seg(d, 0, "D", 1, 0, 8);
	d->segs[0].counters[1] = 8;	/* the nops after the ret: they ran */
	tdump_fix_totals(d);
	segs[0] = &d->segs[0];
	assert_int_equal(lines_attribute(segs, 1, 2, &t, syms, 1, LINES_SPLIT_INSNS, NULL, 0, &a), 0);
	assert_int_equal(tics_of(&a, 0, 2), 8);
	assert_int_equal(a.byte_buckets, 0);
	line_attribution_free(&a);
	tdump_free(d);
}

/* Bytes capstone cannot decode (0f 04) make the rest of their function
 * bad, up to the next symbol, where the sweep starts again; a bucket of bad
 * bytes is split by bytes, and said so; an instruction cut by the end of
 * the code is bad too. */
static void test_insns_bad_bytes(void **state)
{
	static uint8_t odd[] = {
		0x40, 0x40, 0x40, 0x40,	/* 00 inc eax x4	line 1 */
		0x40, 0x0f, 0x04, 0x40,	/* 04 inc, then no instruction	line 1 / 2 */
		0x40, 0x40, 0x40, 0x40,	/* 08 g: inc x4		line 3 */
		0x40, 0x40, 0xe8, 0x01,	/* 0c inc, inc, a call cut short	line 3 / 4 */
	};
	static struct line_range rows[] = {
		{ 0, 6, 0, 1 }, { 6, 8, 0, 2 }, { 8, 14, 0, 3 }, { 14, 16, 0, 4 },
	};
	static char file[] = "o.c", *files[] = { file };
	struct line_code code = { 0, sizeof odd, odd };
	struct line_table t = { .r = rows, .n = 4, .files = files, .nfiles = 1, .code = &code,
				.ncode = 1 };
	struct msym syms[] = { { 0, 1, "f" }, { 8, 1, "g" } };
	struct pdump *d = tdump_new(5, 1);
	const struct pdump_seg *segs[1];
	struct line_attribution a;
	struct line_insns li;
	size_t i;

	(void)state;
	assert_int_equal(lines_insns(&t, syms, 2, 0, 16, &li), 0);
	assert_int_equal(li.nbad, 2);
	assert_int_equal(li.bad[0], 5);	/* from 0f 04 to g */
	assert_int_equal(li.bad[1], 8);
	assert_int_equal(li.bad[2], 14);	/* the cut call, to the end */
	assert_int_equal(li.bad[3], 16);
	for (i = 0; i < li.n; i++)	/* g's incs were decoded again */
		if (li.addr[i] == 8)
			break;
	assert_true(i < li.n);
	lines_insns_free(&li);

	tdump_seg(d, 0, "O", 1, 0, 16);
	d->segs[0].counters[0] = 4;
	d->segs[0].counters[1] = 8;	/* bytes: 2 of line 1, 2 of line 2 */
	d->segs[0].counters[2] = 4;
	d->segs[0].counters[3] = 4;	/* bytes: 2 of line 3, 2 of line 4 */
	tdump_fix_totals(d);
	segs[0] = &d->segs[0];
	assert_int_equal(lines_attribute(segs, 1, 2, &t, syms, 2, LINES_SPLIT_INSNS, NULL, 0, &a), 0);
	assert_int_equal(a.byte_buckets, 2);
	assert_int_equal(a.tics, 20);
	assert_int_equal(tics_of(&a, 0, 1), 8);	/* 4 + half of 8 */
	assert_int_equal(tics_of(&a, 0, 2), 4);
	line_attribution_free(&a);
	tdump_free(d);
}

/* Code that is no code: a table without code (not an i386 ELF file) splits
 * every bucket by bytes; an ELF file whose code section points past its
 * end is read without its code, or refused, never read out of bounds. */
static void test_insns_no_code(void **state)
{
	uint8_t *buf;
	size_t len, i;
	char err[300];
	struct line_table t;
	uint32_t shoff;
	uint16_t shnum, shentsize;
	int found = 0;

	(void)state;
	if (read_regular(LINES_ELF, &buf, &len, err, sizeof err))
		fail_msg("%s: %s", LINES_ELF, err);
	assert_int_equal(lines_load(buf, len, &t, err, sizeof err), 0);
	assert_int_equal(t.ncode, 1);	/* .text */
	lines_free(&t);

	buf[18] = 62;	/* e_machine: x86-64 */
	assert_int_equal(lines_load(buf, len, &t, err, sizeof err), 0);
	assert_int_equal(t.ncode, 0);
	assert_null(t.code);
	lines_free(&t);
	buf[18] = 3;	/* EM_386 again */

	memcpy(&shoff, buf + 0x20, 4);
	memcpy(&shentsize, buf + 0x2e, 2);
	memcpy(&shnum, buf + 0x30, 2);
	assert_true(shoff + (size_t)shnum * shentsize <= len);
	for (i = 0; i < shnum; i++) {
		uint8_t *sh = buf + shoff + i * shentsize;
		uint32_t flags, big = 0x7ffffff0, off = (uint32_t)len - 2;

		memcpy(&flags, sh + 8, 4);
		if (flags & 4) {	/* SHF_EXECINSTR: its bytes past the file's end */
			memcpy(sh + 0x10, &off, 4);
			memcpy(sh + 0x14, &big, 4);
			found = 1;
		}
	}
	assert_true(found);
	if (!lines_load(buf, len, &t, err, sizeof err)) {
		assert_int_equal(t.ncode, 0);
		lines_free(&t);
	} else {
		assert_true(err[0] != 0);
	}
	free(buf);
}

/* Two executable sections over the same addresses (a hostile file): the
 * second is clipped to where the first ends, so the sweep's addresses only
 * grow. */
static void test_code_overlap(void **state)
{
	uint8_t *buf;
	size_t len, i;
	char err[300];
	struct line_table t;
	uint32_t shoff, text_addr = 0, text_size = 0, flags, type;
	uint16_t shnum, shentsize;
	uint8_t *other = NULL;

	(void)state;
	if (read_regular(LINES_ELF, &buf, &len, err, sizeof err))
		fail_msg("%s: %s", LINES_ELF, err);
	memcpy(&shoff, buf + 0x20, 4);
	memcpy(&shentsize, buf + 0x2e, 2);
	memcpy(&shnum, buf + 0x30, 2);
	for (i = 0; i < shnum; i++) {
		uint8_t *sh = buf + shoff + i * shentsize;

		memcpy(&type, sh + 4, 4);
		memcpy(&flags, sh + 8, 4);
		if (type == 1 && (flags & 4)) {	/* PROGBITS, SHF_EXECINSTR: .text */
			memcpy(&text_addr, sh + 0x0c, 4);
			memcpy(&text_size, sh + 0x14, 4);
		} else if (type == 1 && (flags & 2) && !other) {	/* another allocated one */
			other = sh;
		}
	}
	assert_true(text_size > 8 && other);
	flags = 6;	/* SHF_ALLOC | SHF_EXECINSTR, at .text's address + 4 */
	memcpy(other + 8, &flags, 4);
	text_addr += 4;
	memcpy(other + 0x0c, &text_addr, 4);
	assert_int_equal(lines_load(buf, len, &t, err, sizeof err), 0);
	assert_int_equal(t.ncode, 2);
	assert_true(t.code[1].addr >= t.code[0].addr + t.code[0].size);
	lines_free(&t);
	free(buf);
}

/* The switch of lines.c: its cases, reached only through the jump table in
 * .rodata, are blocks that can run, found from the table's words; without
 * the table they would follow a jmp and not run. */
static void test_switch_table(void **state)
{
	struct map m;
	struct line_table t;
	struct line_insns li;
	struct msym *sorted;
	size_t n, first, nsyms, i, k, cases = 0;
	uint32_t sw;
	uint64_t *ptrs;

	(void)state;
	load_elf(LINES_ELF, &m, &t);
	sw = sym(&m, "sw");
	assert_true((n = map_sorted_symbols(&m, &sorted)) != (size_t)-1);
	nsyms = msym_segment(sorted, n, 1, &first);
	for (i = 0; i < t.nptrs; i++)
		cases += t.ptrs[i] > sw && t.ptrs[i] < sw + 0x80;
	assert_int_equal(cases, 6);	/* case 0 to case 5 */
	assert_int_equal(lines_insns(&t, sorted + first, nsyms, 0, 0x1000, &li), 0);
	for (i = 0; i < t.nptrs; i++) {
		for (k = 0; k < li.n && li.addr[k] != t.ptrs[i]; k++)
			;
		assert_true(k < li.n);	/* an instruction starts there */
		assert_true(k > 0 && li.block[k] != li.block[k - 1]);	/* it leads a block */
		assert_true(li.live[li.block[k]]);
	}
	lines_insns_free(&li);
	ptrs = t.ptrs;	/* without the table: the cases cannot run */
	n = t.nptrs;
	t.nptrs = 0;
	assert_int_equal(lines_insns(&t, sorted + first, nsyms, 0, 0x1000, &li), 0);
	for (i = 0; i < n; i++) {
		for (k = 0; k < li.n && li.addr[k] != ptrs[i]; k++)
			;
		assert_true(k < li.n);
		assert_false(li.live[li.block[k]]);
	}
	lines_insns_free(&li);
	t.nptrs = n;
	free(sorted);
	lines_free(&t);
	map_free(&m);
}

/* pinfo -l as pinfo runs it, on lines.c's ELF: one tic on each instruction
 * of hot() (as if it ran once), none on cold(). The bucket 0x18..0x1b
 * holds hot()'s last three instructions (line 12, after the label mark_11)
 * and cold()'s first (line 15): the instructions give line 12 its 3 tics, cold() none (its next
 * bucket has none); the bytes give a quarter of them to cold(). */
static void test_pinfo_lines_split(void **state)
{
	struct map m;
	struct line_table t;
	struct pdump *d;
	struct tbuf b;
	char path[] = "/tmp/test_lines_XXXXXX", *elfs[] = { (char *)LINES_ELF };
	char *text, *errs;
	size_t len, elen;
	FILE *out, *err;
	int fd;

	(void)state;
	load_elf(LINES_ELF, &m, &t);
	assert_int_equal(sym(&m, "cold"), 0x1b);	/* as gcc -O0 lays it out: checked */
	d = tdump_new(5, 1);
	tdump_seg(d, 0, "LINES", 1, 0, 0x100);
	d->segs[0].counters[0] = 3;	/* push, mov (line 8), nop (line 9) */
	d->segs[0].counters[1] = 4;	/* nop, nop, nop (line 9), mov (line 10) */
	d->segs[0].counters[3] = 2;	/* add, mov (line 10) */
	d->segs[0].counters[5] = 4;	/* nops (line 11) */
	d->segs[0].counters[6] = 3;	/* nop, pop, ret (line 12); cold's push */
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
	close(fd);

	out = open_memstream(&text, &len);
	err = open_memstream(&errs, &elen);
	assert_int_equal(pinfo_lines(path, elfs, 1, NULL, 0, LINES_SPLIT_INSNS, out, err), 0);
	fclose(out);
	fclose(err);
	has(text, "tests/unit/data/lines.c:12          3 ( 18.75% " PM "24.26)  mark_11\n");
	assert_null(strstr(text, "cold"));
	free(text);
	free(errs);

	out = open_memstream(&text, &len);
	err = open_memstream(&errs, &elen);
	assert_int_equal(pinfo_lines(path, elfs, 1, NULL, 0, LINES_SPLIT_BYTES, out, err), 0);
	fclose(out);
	fclose(err);
	has(text, "tests/unit/data/lines.c:12          2 ( 12.50% " PM "23.52)  mark_11\n");
	has(text, "tests/unit/data/lines.c:15          1 (  6.25% " PM "22.08)  cold\n");
	free(text);
	free(errs);

	unlink(path);
	tbuf_free(&b);
	tdump_free(d);
	lines_free(&t);
	map_free(&m);
}

/* With call stacks (a version 3 dump) that hold every tick of the segment,
 * each stack's leaf is the sampled address itself: lines.c's bucket
 * 0x18..0x1b, of 4 tics, had 1 on hot()'s pop (line 12) and 3 on cold()'s
 * push (line 15), which no split of the bucket could know. A sample
 * dropped, a leaf short of its bucket's count, or --split=bytes: the
 * leaves are not used. */
static void test_leaves_exact(void **state)
{
	struct map m;
	struct line_table t;
	struct module_lines ml;
	struct pdump *d;
	uint32_t pop = 0x19, push = 0x1b, deep[] = { 0x100010, 0x19 };
	struct pdump_stack st[] = {
		{ 1, 0, 1, 0, 1, &pop },	/* count, hash, segment 1, kdepth 0, depth 1 */
		{ 3, 0, 1, 0, 1, &push },
		{ 5, 0, 1, 1, 2, deep },	/* in the kernel: not the program's tick */
	};
	const struct line_tics *l;
	size_t i;
	int line12 = -1, line15 = -1;

	(void)state;
	load_elf(LINES_ELF, &m, &t);
	drop_marks(&m);
	assert_int_equal(sym(&m, "cold"), 0x1b);
	d = tdump_new(5, 1);
	tdump_seg(d, 0, "LINES", 1, 0, 0x100);
	d->segs[0].counters[0x18 >> 2] = 4;
	tdump_fix_totals(d);
	d->stacks = st;
	d->nstacks = 3;

	assert_int_equal(module_lines_make(d, &m, &t, LINES_SPLIT_INSNS, &ml), 0);
	assert_true(ml.la.exact);
	for (i = 0; i < ml.la.n; i++) {
		l = &ml.la.l[i];
		if (l->line == 12)
			line12 = (int)l->tics;
		if (l->line == 15)
			line15 = (int)l->tics;
	}
	assert_int_equal(line12, 1);
	assert_int_equal(line15, 3);
	module_lines_free(&ml);

	d->dropped = 1;	/* one sample without its stack: estimated */
	assert_int_equal(module_lines_make(d, &m, &t, LINES_SPLIT_INSNS, &ml), 0);
	assert_false(ml.la.exact);
	assert_int_equal(ml.la.tics, 4);
	module_lines_free(&ml);
	d->dropped = 0;

	st[1].count = 2;	/* the bucket's 4 not all in leaves */
	assert_int_equal(module_lines_make(d, &m, &t, LINES_SPLIT_INSNS, &ml), 0);
	assert_false(ml.la.exact);
	module_lines_free(&ml);
	st[1].count = 3;

	assert_int_equal(module_lines_make(d, &m, &t, LINES_SPLIT_BYTES, &ml), 0);
	assert_false(ml.la.exact);
	module_lines_free(&ml);

	d->stacks = NULL;
	d->nstacks = 0;
	tdump_free(d);
	lines_free(&t);
	map_free(&m);
}

/* GCC's copies of a function, by their suffixes: one or more of
 * .constprop.N, .isra.N, .part.N, .cold (.cold.N), and nothing else. */
static void test_clone_names(void **state)
{
	(void)state;
	assert_true(annotate_clone_of("hotspot.constprop.0", "hotspot"));
	assert_true(annotate_clone_of("hotspot.isra.12", "hotspot"));
	assert_true(annotate_clone_of("hotspot.part.0", "hotspot"));
	assert_true(annotate_clone_of("hotspot.cold", "hotspot"));
	assert_true(annotate_clone_of("hotspot.cold.3", "hotspot"));
	assert_true(annotate_clone_of("hotspot.constprop.0.cold", "hotspot"));
	assert_true(annotate_clone_of("hotspot.isra.0.part.1", "hotspot"));
	assert_true(annotate_clone_of("hotspot.constprop.0.cold", "hotspot.constprop.0"));
	assert_false(annotate_clone_of("hotspot", "hotspot"));	/* itself, not a copy */
	assert_false(annotate_clone_of("hotspot2", "hotspot"));
	assert_false(annotate_clone_of("hotspot.constprop", "hotspot"));
	assert_false(annotate_clone_of("hotspot.constprop.", "hotspot"));
	assert_false(annotate_clone_of("hotspot.constprop.x", "hotspot"));
	assert_false(annotate_clone_of("hotspot.coldx", "hotspot"));
	assert_false(annotate_clone_of("hotspot.localalias", "hotspot"));
	assert_false(annotate_clone_of("hotspot.part.0x", "hotspot"));
	assert_false(annotate_clone_of("hotspo", "hotspot"));
	assert_false(annotate_clone_of("xhotspot.part.0", "hotspot"));
	assert_false(annotate_clone_of(".part.0", ""));
}

/* pinfo --annotate NAME as pinfo runs it on clones.c's ELF (gcc -O2):
 * status, what it printed, what it said. */
static int annotate_run(const char *dump, const char *func, char **text, char **errs)
{
	char *elfs[] = { (char *)CLONES_ELF };
	size_t len, elen;
	FILE *out = open_memstream(text, &len), *err = open_memstream(errs, &elen);
	int rc = pinfo_lines(dump, elfs, 1, func, 0, LINES_SPLIT_INSNS, out, err);

	fclose(out);
	fclose(err);
	return rc;
}

static void hasnt(const char *text, const char *unwanted)
{
	if (strstr(text, unwanted))
		fail_msg("'%s' in:\n%s", unwanted, text);
}

/* --annotate finds GCC's copies of a function by its name: every copy
 * (hotspot: hotspot.constprop.0 and hotspot.constprop.0.cold, by address),
 * not another function whose name begins alike (hotspot2); a symbol of
 * the very name given wins over its copies (hotspot.constprop.0 alone). */
static void test_annotate_clones(void **state)
{
	struct map m;
	struct line_table t;
	struct pdump *d;
	struct tbuf b;
	char path[] = "/tmp/test_clones_XXXXXX", *text, *errs;
	uint32_t hot, cold, isra, part, other;
	int fd;

	(void)state;
	load_elf(CLONES_ELF, &m, &t);
	/* what gcc -O2 made of clones.c: checked, not assumed */
	hot = sym(&m, "hotspot.constprop.0");
	cold = sym(&m, "hotspot.constprop.0.cold");
	isra = sym(&m, "scan.isra.0");
	part = sym(&m, "slowpath.part.0");
	other = sym(&m, "hotspot2");
	d = tdump_new(5, 1);
	tdump_seg(d, 0, "CLONES", 1, 0, 0x100);
	assert_true(hot < 0xfc && cold < 0xf8 && isra < 0xfc && part < 0xfc && other < 0xfc);
	d->segs[0].counters[(hot + 3) >> 2] = 5;
	d->segs[0].counters[(cold + 3) >> 2] = 2;
	d->segs[0].counters[(isra + 3) >> 2] = 3;
	d->segs[0].counters[(part + 3) >> 2] = 4;
	d->segs[0].counters[(other + 3) >> 2] = 1;
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
	close(fd);

	assert_int_equal(annotate_run(path, "hotspot", &text, &errs), 0);
	has(text, "Function hotspot.constprop.0 (module CLONES): ");
	has(text, "Function hotspot.constprop.0.cold (module CLONES): ");
	/* by address: gcc put the unlikely part in .text.unlikely, first */
	assert_true(cold < hot);
	assert_true(strstr(text, "Function hotspot.constprop.0.cold") < strstr(text, "Function hotspot.constprop.0 "));
	has(text, "Source tests/unit/data/clones.c, lines ");
	hasnt(text, "hotspot2");
	free(text);
	free(errs);

	assert_int_equal(annotate_run(path, "hotspot.constprop.0", &text, &errs), 0);
	has(text, "Function hotspot.constprop.0 (module CLONES): ");
	hasnt(text, ".cold");
	free(text);
	free(errs);

	assert_int_equal(annotate_run(path, "scan", &text, &errs), 0);
	has(text, "Function scan.isra.0 (module CLONES): 3 tics");
	free(text);
	free(errs);

	assert_int_equal(annotate_run(path, "slowpath", &text, &errs), 0);
	has(text, "Function slowpath.part.0 (module CLONES): 4 tics");
	free(text);
	free(errs);

	assert_int_equal(annotate_run(path, "hotspot2", &text, &errs), 0);
	has(text, "Function hotspot2 (module CLONES): 1 tics");
	hasnt(text, "constprop");
	free(text);
	free(errs);

	assert_int_not_equal(annotate_run(path, "hotspo", &text, &errs), 0);
	assert_string_equal(text, "");
	has(errs, "no function hotspo (nor a copy GCC made of it");
	free(text);
	free(errs);

	unlink(path);
	tbuf_free(&b);
	tdump_free(d);
	lines_free(&t);
	map_free(&m);
}

/* The sources from any working directory: lines.c's ELF names its file
 * as gcc was given it, tests/unit/data/lines.c, relative to the folder it
 * was built in (DW_AT_comp_dir). From /, --annotate still reads the text
 * (of mark_9: the map keeps the labels here),
 * and the table names the file by its real path. */
static void test_sources_elsewhere(void **state)
{
	struct map m;
	struct line_table t;
	struct pdump *d;
	struct tbuf b;
	char path[] = "/tmp/test_elsewhere_XXXXXX", *elfs[1], *text, *errs, cwd[4096], *elf, *src;
	size_t i, len, elen;
	FILE *out, *err;
	int fd, rc;

	(void)state;
	load_elf(LINES_ELF, &m, &t);
	assert_non_null(src = realpath("tests/unit/data/lines.c", NULL));
	for (i = 0; i < t.nfiles && strcmp(t.files[i], src); i++)
		;
	if (i == t.nfiles)
		fail_msg("no file %s in the table (its first: %s)", src, t.nfiles ? t.files[0] : "none");
	free(src);
	d = lines_dump(&m);
	b = tdump_bytes(d);
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
	close(fd);
	assert_non_null(elf = realpath(LINES_ELF, NULL));
	elfs[0] = elf;
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir("/"), 0);
	out = open_memstream(&text, &len);
	err = open_memstream(&errs, &elen);
	rc = pinfo_lines(path, elfs, 1, "mark_9", 0, LINES_SPLIT_INSNS, out, err);
	fclose(out);
	fclose(err);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(rc, 0);
	has(text, "Function mark_9 (module LINES): ");
	has(text, "   75.00%      9  \t__asm__ volatile(\".globl mark_9\\nmark_9: nop;");
	hasnt(text, "could not be read");
	hasnt(errs, "cannot be read");
	free(text);
	free(errs);
	free(elf);
	unlink(path);
	tbuf_free(&b);
	tdump_free(d);
	lines_free(&t);
	map_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_table),
		cmocka_unit_test(test_no_dwarf),
		cmocka_unit_test(test_bucket_split),
		cmocka_unit_test(test_list_and_annotate),
		cmocka_unit_test(test_insns_blocks),
		cmocka_unit_test(test_insns_hotloop),
		cmocka_unit_test(test_insns_dead_code),
		cmocka_unit_test(test_insns_bad_bytes),
		cmocka_unit_test(test_insns_no_code),
		cmocka_unit_test(test_code_overlap),
		cmocka_unit_test(test_switch_table),
		cmocka_unit_test(test_pinfo_lines_split),
		cmocka_unit_test(test_leaves_exact),
		cmocka_unit_test(test_clone_names),
		cmocka_unit_test(test_annotate_clones),
		cmocka_unit_test(test_sources_elsewhere),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
