/* test_present.c: what the views show of how far to trust a share
 * (share.c, csv.c, truth.c; docs/pinfo.md, "Error bars"): the interval's
 * sign by the locale, the seed's layouts with --ci (golden text), the
 * truth file's reader on good and hostile text, the CSV's quoting and
 * rows, the truth's columns and lines, the note on too few samples, and
 * --diff's test of each change, on the seed's dump and map. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ci.h"
#include "csv.h"
#include "diff.h"
#include "dumpfmt.h"
#include "dump.h"
#include "html.h"
#include "maps.h"
#include "pinfo_run.h"
#include "report.h"
#include "share.h"
#include "shown.h"
#include "testbuf.h"
#include "truth.h"
#include "view.h"

#define PM "\xc2\xb1"	/* the interval's sign on a UTF-8 terminal */

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

/* A temporary file holding len bytes of data; its path (malloc'd). */
static char *temp_with(const void *data, size_t len)
{
	char *path = strdup("/tmp/test_present.XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
	return path;
}

static char *dump_file(const struct pdump *d)
{
	struct tbuf b = tdump_bytes(d);
	char *path = temp_with(b.data, b.len);

	tbuf_free(&b);
	return path;
}

static char *map_file(void)
{
	size_t len;
	char *text = tfile("data/testprof.map", &len), *path = temp_with(text, len);

	free(text);
	return path;
}

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

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = calloc(1, 1 << 16);

	assert_non_null(f);
	assert_true(fread(text, 1, (1 << 16) - 1, f) < (1 << 16) - 1);
	fclose(f);
	return text;
}

/* pinfo_run_view of dump and map with v (NULL: the seed's layout) into a
 * string; *status its return. */
static char *run(const char *dump, char *map, int flags, const struct view *v, int *status)
{
	char *text, *maps[] = { map };
	size_t len;
	FILE *f = open_memstream(&text, &len);

	*status = pinfo_run_view(dump, maps, 1, flags, v, f, stderr);
	fclose(f);
	return text;
}

static int reset(void **state)
{
	(void)state;
	memset(&present, 0, sizeof present);
	return 0;
}

/* ---- the sign by the locale ------------------------------------------------------ */

static void test_locale(void **state)
{
	char buf[16];

	(void)state;
	assert_int_equal(share_utf8(NULL, NULL, "en_US.UTF-8"), 1);
	assert_int_equal(share_utf8(NULL, NULL, "C.utf8"), 1);
	assert_int_equal(share_utf8("", "", "de_DE.utf-8"), 1);	/* empty: not set */
	assert_int_equal(share_utf8("C", NULL, "en_US.UTF-8"), 0);	/* LC_ALL first */
	assert_int_equal(share_utf8(NULL, "POSIX", "en_US.UTF-8"), 0);	/* then LC_CTYPE */
	assert_int_equal(share_utf8(NULL, "en_GB.UTF-8", "C"), 1);
	assert_int_equal(share_utf8(NULL, NULL, "en_US.ISO-8859-1"), 0);
	assert_int_equal(share_utf8(NULL, NULL, NULL), 0);
	same(share_pm(buf, 0.414), PM "0.41");
	present.ascii = 1;
	same(share_pm(buf, 12.345), "+-12.35");
}

/* ---- --ci on the seed's layouts ------------------------------------------------- */

static void test_ci_layouts(void **state)
{
	struct pdump *d = tdump_seed();
	struct map m = seed_map();
	char *text, *want;
	size_t len;
	FILE *f;

	(void)state;
	present.ci = 1;
	f = open_memstream(&text, &len);
	report_summary(f, d, 0);
	fclose(f);
	want = tfile("pinfo/golden/example1-ci.txt", NULL);
	same(text, want);
	free(want);
	free(text);
	f = open_memstream(&text, &len);
	assert_int_equal(report_module(f, d, &m, PINFO_T), 0);
	fclose(f);
	want = tfile("pinfo/golden/example2-t-ci.txt", NULL);
	same(text, want);
	free(want);
	free(text);
	present.ascii = 1;	/* a terminal that is not UTF-8 */
	f = open_memstream(&text, &len);
	assert_int_equal(report_module(f, d, &m, 0), 0);
	fclose(f);
	same(text, "Module TESTPROF\n\nSegment 1:\n"
		   "0001:003e          6 (  1.25% +-1.45)    main\n"
		   "0001:0128        464 ( 96.87% +-1.97)    inner\n");
	free(text);
	present.ci = 0;	/* without --ci: the seed's, byte for byte */
	f = open_memstream(&text, &len);
	assert_int_equal(report_module(f, d, &m, PINFO_T), 0);
	fclose(f);
	want = tfile("pinfo/golden/example2-t.txt", NULL);
	same(text, want);
	free(want);
	free(text);
	map_free(&m);
	tdump_free(d);
}

/* ---- sub-profiles (format 4, PT_SPREAD) ------------------------------------------- */

/* The seed dealt into 8 sub-profiles (as test_dump_v4's): main's 6 into
 * sub-profiles 0..5, inner's 400 and 64 as 50 and 8 into each, the
 * kernel's 9 as 2 into sub-profile 7 and 1 into each other. */
static void test_subprofiles(void **state)
{
	static uint64_t subtotal[PDUMP_NSUB];
	uint64_t inner[PDUMP_NSUB], mainsub[PDUMP_NSUB], modsub[PDUMP_NSUB];
	double worst;
	struct pdump *d = tdump_seed();
	struct map m = seed_map();
	struct view v = { 1, VIEW_TICS, 0, 0 };
	uint32_t nb = pdump_nbuckets(d->segs[0].length, d->shift), *sub;
	char *text, want[300], pi[16], pm[16];
	struct ci ci, cm;
	size_t len;
	FILE *f;

	(void)state;
	sub = calloc((size_t)PDUMP_NSUB * nb, 4);
	assert_non_null(sub);
	for (int k = 0; k < PDUMP_NSUB; k++) {
		sub[k * nb + (0x40 >> 2)] = k < 6;
		sub[k * nb + (0x128 >> 2)] = 50;
		sub[k * nb + (0x12c >> 2)] = 8;
		subtotal[k] = (k < 6) + 50 + 8 + 1 + (k == 7);
		inner[k] = 58;
		mainsub[k] = k < 6;
	}
	d->type |= PDUMP_TYPE_SPREAD;
	d->segs[0].sub = sub;
	d->nsub = PDUMP_NSUB;
	d->subtotal = subtotal;
	f = open_memstream(&text, &len);
	assert_int_equal(view_module(f, d, &m, 0, &v), 0);
	fclose(f);
	/* each row's interval is the sub-profiles' (batch means), not Wilson's */
	ci = ci_share(464, 479, inner, subtotal, PDUMP_NSUB);
	cm = ci_share(6, 479, mainsub, subtotal, PDUMP_NSUB);
	share_pm(pi, ci.high - 96.8685 > 96.8685 - ci.low ? ci.high - 96.8685 : 96.8685 - ci.low);
	share_pm(pm, cm.high - 1.2526 > 1.2526 - cm.low ? cm.high - 1.2526 : 1.2526 - cm.low);
	assert_string_not_equal(pi, PM "1.97");	/* Wilson's */
	snprintf(want, sizeof want, "0001:0128        464 ( 96.87%% %s)   96.87%%   inner\n"
		 "0001:003e          6 (  1.25%% %s)   98.12%%   main\n", pi, pm);
	has(text, want);
	free(text);
	/* the CSV's: of the module's samples, the sub-profiles' shares of its
	 * ticks in each (58, or 59 in the first six) */
	for (int k = 0; k < PDUMP_NSUB; k++)
		modsub[k] = (k < 6) + 58;
	ci = ci_share(464, 470, inner, modsub, PDUMP_NSUB);
	assert_true(ci.high - ci.low > 0.01);
	f = open_memstream(&text, &len);
	assert_int_equal(csv_module(f, d, &m, &worst, NULL), 0);
	fclose(f);
	snprintf(want, sizeof want, "TESTPROF,inner,464,98.7234,%.4f,%.4f\n", ci.low, ci.high);
	has(text, want);
	assert_string_not_equal(want, "TESTPROF,inner,464,98.7234,97.2432,99.4136\n");	/* Wilson's */
	free(text);
	free(sub);
	d->segs[0].sub = NULL;
	d->subtotal = NULL;
	map_free(&m);
	tdump_free(d);
}

/* ---- the truth file ------------------------------------------------------------- */

static void parses(const char *text, const char *err_want)
{
	struct truth t;
	char err[300] = "";
	int rc = truth_parse(text, strlen(text), &t, err, sizeof err);

	if (!err_want) {
		if (rc)
			fail_msg("'%s' refused: %s", text, err);
		truth_free(&t);
		return;
	}
	if (!rc)
		fail_msg("'%s' taken; wanted '%s'", text, err_want);
	same(err, err_want);
	assert_null(t.f);	/* nothing kept */
	assert_null(t.text);
}

static void test_truth_good(void **state)
{
	static const char text[] = "# the exact counts\n\n"
				   "TESTPROF inner 900\r\n"
				   "  testprof\tmain   100  \n"
				   "TESTPROF inner 100\n"	/* a pair again: added */
				   "OTHER f 5";		/* no newline at the end */
	struct truth t;
	char err[300], longname[2000];
	double pct;

	(void)state;
	assert_int_equal(truth_parse(text, sizeof text - 1, &t, err, sizeof err), 0);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.nm, 2);
	assert_int_equal(truth_module(&t, "TestProf"), 1100);	/* modules in any case */
	assert_int_equal(truth_insns(&t, "TESTPROF", "inner"), 1000);
	assert_int_equal(truth_insns(&t, "TESTPROF", "Inner"), 0);	/* names exactly */
	assert_int_equal(truth_share(&t, "testprof", "main", &pct), 0);
	assert_true(pct > 9.0908 && pct < 9.0910);
	assert_int_equal(truth_share(&t, "TESTPROF", "exit", &pct), 0);
	assert_true(pct == 0);
	assert_int_equal(truth_share(&t, "NONE", "main", &pct), -1);
	truth_free(&t);
	/* a name longer than the maps keep is shortened as they shorten it */
	memset(longname, 'x', sizeof longname);
	memcpy(longname, "M ", 2);
	snprintf(longname + 1500, sizeof longname - 1500, " 7\n");
	assert_int_equal(truth_parse(longname, strlen(longname), &t, err, sizeof err), 0);
	assert_int_equal(strlen(t.f[0].name), SHOWN_SHORT);
	truth_free(&t);
	parses("", NULL);
	parses("\n\n# nothing\n", NULL);
}

static void test_truth_hostile(void **state)
{
	char nul[] = "A f 1\nA g\0 2\n";
	struct truth t;
	char err[300];

	(void)state;
	parses("A f\n", "1: too few fields: a line is MODULE FUNCTION INSTRUCTIONS");
	parses("A f 1\nA f 1 2\n", "2: too many fields: a line is MODULE FUNCTION INSTRUCTIONS");
	parses("A f -1\n", "1: instructions '-1': a count in decimal digits, below 2^64");
	parses("A f +1\n", "1: instructions '+1': a count in decimal digits, below 2^64");
	parses("A f 0x10\n", "1: instructions '0x10': a count in decimal digits, below 2^64");
	parses("A f 1.5\n", "1: instructions '1.5': a count in decimal digits, below 2^64");
	parses("A f 18446744073709551615\n", NULL);	/* 2^64 - 1 */
	parses("A f 18446744073709551616\n",
	       "1: instructions '18446744073709551616': a count in decimal digits, below 2^64");
	parses("A f 18446744073709551615\nA f 1\n", "instructions of module A add up past 2^64 - 1");
	parses("A f 18446744073709551615\nA g 1\n", "instructions of module A add up past 2^64 - 1");
	parses("A f \x1b[2J\n", "1: instructions '^[[2J': a count in decimal digits, below 2^64");
	assert_int_equal(truth_parse(nul, sizeof nul - 1, &t, err, sizeof err), -1);
	same(err, "2: a NUL byte: not a text line");
}

static void test_truth_load(void **state)
{
	static const char bad[] = "A f 1\n\nA g x\n";
	char *path = temp_with(bad, sizeof bad - 1), want[400], err[400];
	struct truth t;

	(void)state;
	assert_int_equal(truth_load(path, &t, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:3: instructions 'x': a count in decimal digits, below 2^64",
		 path);
	same(err, want);
	unlink(path);
	assert_int_equal(truth_load(path, &t, err, sizeof err), -1);	/* gone */
	has(err, path);
	assert_int_equal(truth_load("/tmp", &t, err, sizeof err), -1);
	has(err, "/tmp: not a regular file");
	free(path);
}

/* ---- the CSV ------------------------------------------------------------------------ */

static void test_csv_field(void **state)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	csv_field(f, "plain");
	fputc('|', f);
	csv_field(f, "a,b");
	fputc('|', f);
	csv_field(f, "say \"hi\"");
	fputc('|', f);
	csv_field(f, "two\nlines\r");
	fputc('|', f);
	csv_field(f, "");
	fputc('|', f);
	/* a spreadsheet's formula, whatever its first character: text */
	csv_field(f, "=1+1");
	fputc('|', f);
	csv_field(f, "@SUM(1),\"x\"");
	fputc('|', f);
	csv_field(f, "a=b-c");	/* (only the first character counts) */
	fputc('|', f);
	csv_field(f, "'=1");	/* a first ' gets one more: a reader takes one off */
	fclose(f);
	same(text, "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\r\"||\"'=1+1\"|\"'@SUM(1),\"\"x\"\"\"|a=b-c|"
		   "\"''=1\"");
	free(text);
}

/* A map's names a spreadsheet would run as formulas (OWASP's CSV
 * injection: a first =, +, -, @, tab or CR) in --csv and --diff --csv:
 * each the exact cell that keeps it text, on the seed's module. */
static void test_csv_hostile(void **state)
{
	static const char map[] = " TESTPROF\n\n  Address         Publics by Value\n\n"
		" 0001:00000000       _start\n"
		" 0001:00000100       =cmd|'\\x20/C\\x20calc'!A0\n"
		" 0001:00000200       +1\n"
		" 0001:00000300       -2\n"
		" 0001:00000400       @SUM(1)\n"
		" 0001:00000500       say\"hi\",there\n"
		" 0001:00000600       \\x09tab\n"
		" 0001:00000700       \\x0dcr\n"
		" 0001:00000800       a=b\n";
	/* the cells, in address order */
	static const char *const cells[] = {
		"\"'=cmd|' /C calc'!A0\"", "\"'+1\"", "\"'-2\"", "\"'@SUM(1)\"",
		"\"say\"\"hi\"\",there\"", "\"'\ttab\"", "\"'\rcr\"", "a=b",
	};
	struct pdump *d = tdump_seed();
	char *mpath = temp_with(map, sizeof map - 1), *maps[] = { mpath }, *dump, *text, *rows, *at;
	char *csv = strdup("/tmp/test_present.csv.XXXXXX"), want[80];
	size_t k, len;
	int status, fd = mkstemp(csv);
	FILE *f;

	(void)state;
	close(fd);
	memset(d->segs[0].counters, 0, pdump_nbuckets(d->segs[0].length, d->shift) * 4);
	for (k = 0; k < 8; k++)
		d->segs[0].counters[(0x100 * (k + 1)) >> 2] = (uint32_t)(10 * (k + 1));
	tdump_fix_totals(d);
	dump = dump_file(d);
	present.csv = csv;
	text = run(dump, mpath, 0, NULL, &status);
	assert_int_equal(status, 0);
	rows = slurp(csv);
	at = strchr(rows, '\n');	/* past the header */
	for (k = 0; k < 8; k++) {
		snprintf(want, sizeof want, "\nTESTPROF,%s,%zu,", cells[k], 10 * (k + 1));
		if (!at || strncmp(at, want, strlen(want)))
			fail_msg("row %zu: wanted '%s' in:\n%s", k + 1, want + 1, rows);
		at = strchr(at + 1, '\n');
	}
	free(rows);
	free(text);
	f = open_memstream(&text, &len);	/* --diff --csv: the same cells */
	assert_int_equal(pinfo_diff(dump, dump, maps, 1, 0, f, stderr), 0);
	fclose(f);
	rows = slurp(csv);
	for (k = 0; k < 8; k++) {
		snprintf(want, sizeof want, "\nTESTPROF,%s,", cells[k]);
		has(rows, want);
	}
	free(rows);
	free(text);
	unlink(csv);
	unlink(dump);
	unlink(mpath);
	free(csv);
	free(dump);
	free(mpath);
	tdump_free(d);
}

/* The CSV's percent of name (rows) printed as the sorted view's Sampled
 * cell (text: "Address Tics ( Percent ±H) Cumul. Sampled Exact Diff Name"). */
static void sampled_is(const char *text, const char *rows, const char *name)
{
	char key[64], cell[32], line[300], words[10][40];
	const char *at;
	double pct;

	snprintf(key, sizeof key, "\nTESTPROF,%s,", name);
	at = strstr(rows, key);
	assert_non_null(at);
	assert_int_equal(sscanf(at + strlen(key), "%*u,%lf,", &pct), 1);
	snprintf(cell, sizeof cell, "%.2f%%", pct);
	for (at = text; at && *at; at = strchr(at, '\n'), at = at ? at + 1 : NULL) {
		snprintf(line, sizeof line, "%.*s", (int)strcspn(at, "\n"), at);
		if (sscanf(line, "%39s %39s %39s %39s %39s %39s %39s %39s %39s %39s", words[0], words[1],
			   words[2], words[3], words[4], words[5], words[6], words[7], words[8], words[9]) == 10 &&
		    !strcmp(words[9], name)) {
			same(words[6], cell);
			return;
		}
	}
	fail_msg("no row of %s in:\n%s", name, text);
}

/* pinfo --csv FILE over the seed: a row a function of samples, its share
 * of the module's samples; with the truth, exact and diff, and the
 * report's last line. */
static void test_csv_and_truth(void **state)
{
	static const char truth[] = "testprof inner 950\ntestprof main 40\ntestprof exit 10\n";
	struct pdump *d = tdump_seed();
	char *dump = dump_file(d), *map = map_file(), *csv = strdup("/tmp/test_present.csv.XXXXXX");
	char *tpath = temp_with(truth, sizeof truth - 1), *text, *rows, err[300];
	const char *last = "\ntruth: testprof worst difference 3.72 points\n";
	struct view v = { 1, VIEW_TICS, 0, 0 };
	struct truth t;
	int status, fd = mkstemp(csv);

	(void)state;
	close(fd);
	present.csv = csv;
	text = run(dump, map, 0, NULL, &status);
	assert_int_equal(status, 0);
	rows = slurp(csv);
	/* shares of the module's 470 samples, not of the dump's 479 (the
	 * kernel's 9): Wilson's intervals of 6 and 464 of 470 */
	same(rows, "module,function,tics,percent,ci_low,ci_high\n"
		   "TESTPROF,main,6,1.2766,0.5864,2.7568\n"
		   "TESTPROF,inner,464,98.7234,97.2432,99.4136\n");
	free(rows);
	free(text);
	assert_int_equal(truth_load(tpath, &t, err, sizeof err), 0);
	present.truth = &t;
	text = run(dump, map, 0, &v, &status);
	assert_int_equal(status, 0);
	/* inner: 464 of the module's 470 samples, 98.72%; exactly 95.00% */
	has(text, "Address         Tics  Percent 95% CI   Cumul.  Sampled    Exact    Diff   Name\n"
		  "0001:0128        464 ( 96.87% " PM "1.97)   96.87%   98.72%   95.00%   +3.72   inner\n"
		  "0001:003e          6 (  1.25% " PM "1.45)   98.12%    1.28%    4.00%   -2.72   main\n");
	/* the report's last line (exit, no sample and 1% of the instructions, is reckoned) */
	assert_true(strlen(text) > strlen(last));
	same(text + strlen(text) - strlen(last), last);
	rows = slurp(csv);
	same(rows, "module,function,tics,percent,ci_low,ci_high,exact,diff\n"
		   "TESTPROF,main,6,1.2766,0.5864,2.7568,4.0000,-2.7234\n"
		   "TESTPROF,inner,464,98.7234,97.2432,99.4136,95.0000,3.7234\n"
		   "TESTPROF,exit,0,0.0000,0.0000,0.8107,1.0000,-1.0000\n");
	/* each row's percent is the report's Sampled, its diff percent less exact */
	sampled_is(text, rows, "inner");
	sampled_is(text, rows, "main");
	free(rows);
	free(text);
	truth_free(&t);
	unlink(tpath);
	unlink(csv);
	unlink(dump);
	unlink(map);
	free(tpath);
	free(csv);
	free(dump);
	free(map);
	tdump_free(d);
}

/* ---- the HTML report ------------------------------------------------------------------ */

static void test_html(void **state)
{
	struct pdump *d = tdump_seed();
	char *dump = dump_file(d), *map = map_file(), *maps[] = { map }, *html, *text;
	int fd;

	(void)state;
	html = strdup("/tmp/test_present.html.XXXXXX");
	fd = mkstemp(html);
	close(fd);
	assert_int_equal(pinfo_html(html, dump, NULL, maps, 1, 0, 0, stderr), 0);
	text = slurp(html);
	/* both tables: a 95% column; inner's and TESTPROF's cells (Wilson's: 94.90 .. 98.09) */
	has(strstr(text, "id=\"moduletable\""), "<th data-num>Percent</th><th data-num>95%</th><th data-num></th></tr></thead>");
	has(text, "<td class=\"n\" data-v=\"96.8685\">96.87</td><td class=\"n\" data-v=\"1.9705\" "
		  "title=\"95%: 94.90 to 98.09\">" PM "1.97</td>");
	has(strstr(text, "id=\"moduletable\""), "<td class=\"n\" data-v=\"98.1211\">98.12</td><td class=\"n\" data-v=\"1.6530\" "
		  "title=\"95%: 96.47 to 99.01\">" PM "1.65</td>");
	free(text);
	unlink(html);
	unlink(dump);
	unlink(map);
	free(html);
	free(dump);
	free(map);
	tdump_free(d);
}

/* ---- enough samples? ---------------------------------------------------------------- */

static void test_too_few(void **state)
{
	struct pdump *d = tdump_seed();
	char *dump, *map = map_file(), *text;
	struct view v = { 1, VIEW_TICS, 0, 0 };
	struct share s = share_of(464, 479);
	int status;

	(void)state;
	dump = dump_file(d);
	text = run(dump, map, 0, &v, &status);
	/* inner, 464 of 479: Wilson's 94.8980 to 98.0932 (as ci.c has it; test_ci checks
	 * it against Newcombe's values), the larger side 1.9705; 1.9705^2 = 3.883 times
	 * the samples, 1859.9 of them, 3882.9 Hz at 1000 */
	assert_true(s.half > 1.9704 && s.half < 1.9706);
	has(text, "   main\n\nToo few samples: the hottest function, inner, is 96.87% " PM "1.97 (95%); "
		  "1860 samples would bring it to " PM "1.00: HZ=3883 or a run 3.9x as long\n");
	free(text);
	text = run(dump, map, 0, NULL, &status);	/* the seed's layout: no note */
	assert_null(strstr(text, "Too few"));
	free(text);
	present.ci = 1;
	text = run(dump, map, 0, NULL, &status);
	has(text, "Too few samples: the hottest function, inner,");
	free(text);
	unlink(dump);
	free(dump);
	d->hz = 10000;	/* 3.883 x 10000 Hz is past make run's 20000: the run's length alone */
	dump = dump_file(d);
	text = run(dump, map, 0, NULL, &status);
	has(text, "1860 samples would bring it to " PM "1.00: a run 3.9x as long\n");
	free(text);
	unlink(dump);
	free(dump);
	/* 100 times the samples: +-0.20, no note */
	d->segs[0].counters[0x128 >> 2] *= 100;
	d->segs[0].counters[0x12c >> 2] *= 100;
	d->segs[0].counters[0x40 >> 2] *= 100;
	d->kernel *= 100;
	tdump_fix_totals(d);
	dump = dump_file(d);
	text = run(dump, map, 0, &v, &status);
	assert_null(strstr(text, "Too few"));
	free(text);
	unlink(dump);
	unlink(map);
	free(dump);
	free(map);
	tdump_free(d);
}

/* ---- --diff: change or noise ---------------------------------------------------------- */

static void test_diff_significance(void **state)
{
	struct pdump *a = tdump_seed(), *b = tdump_seed();
	char *base, *new, *map = map_file(), *maps[] = { map }, *t, *csv, *rows;
	size_t len;
	FILE *f;
	int fd;

	(void)state;
	/* inner falls 10 points (50 to 40 of 100): within the noise of 100 samples;
	 * main rises 5 (0 to 5 of 100): beyond it. The smaller change comes first. */
	a->segs[0].counters[0x40 >> 2] = 0;
	a->segs[0].counters[0x128 >> 2] = 50;
	a->segs[0].counters[0x12c >> 2] = 0;
	a->kernel = 50;
	b->segs[0].counters[0x40 >> 2] = 5;
	b->segs[0].counters[0x128 >> 2] = 40;
	b->segs[0].counters[0x12c >> 2] = 0;
	b->kernel = 55;
	tdump_fix_totals(a);
	tdump_fix_totals(b);
	base = dump_file(a);
	new = dump_file(b);
	csv = strdup("/tmp/test_present.csv.XXXXXX");
	fd = mkstemp(csv);
	close(fd);
	present.csv = csv;
	f = open_memstream(&t, &len);
	assert_int_equal(pinfo_diff(base, new, maps, 1, 0, f, stderr), 0);
	fclose(f);
	has(t, "    Base      New   Change  95%   Function\n"
	       "   0.00%    5.00%    +5.00    *   TESTPROF main\n"
	       "  50.00%   40.00%   -10.00        TESTPROF inner\n"
	       "\n1 of 2 functions changed beyond noise (*: at the 95% level)\n");
	rows = slurp(csv);
	same(rows, "module,function,percent_a,percent_b,change,significant\n"
		   "TESTPROF,main,0.0000,5.0000,5.0000,1\n"
		   "TESTPROF,inner,50.0000,40.0000,-10.0000,0\n");
	free(rows);
	free(t);
	unlink(csv);
	unlink(base);
	unlink(new);
	unlink(map);
	free(csv);
	free(base);
	free(new);
	free(map);
	tdump_free(a);
	tdump_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_locale, reset),
		cmocka_unit_test_setup(test_ci_layouts, reset),
		cmocka_unit_test_setup(test_subprofiles, reset),
		cmocka_unit_test_setup(test_truth_good, reset),
		cmocka_unit_test_setup(test_truth_hostile, reset),
		cmocka_unit_test_setup(test_truth_load, reset),
		cmocka_unit_test_setup(test_csv_field, reset),
		cmocka_unit_test_setup(test_csv_and_truth, reset),
		cmocka_unit_test_setup(test_csv_hostile, reset),
		cmocka_unit_test_setup(test_html, reset),
		cmocka_unit_test_setup(test_too_few, reset),
		cmocka_unit_test_setup(test_diff_significance, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
