/* test_pinfo.c: pinfo's report layouts against golden text (report.c) and
 * its runs over files (pinfo_run.c). Expected numbers are computed here
 * from the counts; the golden text is the seed's. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "dump.h"
#include "maps.h"
#include "pinfo_run.h"
#include "report.h"
#include "testbuf.h"

/* A system dump: kernel text, three programs, one without ticks. */
static struct pdump *system_dump(void)
{
	struct pdump *d = tdump_new(0, 4);

	tdump_seg(d, 0, "kernel", 1, 0x100000, 0x6000);
	d->segs[0].counters[7] = 20;
	tdump_seg(d, 1, "TESTPROF", 1, 0, 0x182c);
	d->segs[1].counters[0x4a] = 300;
	tdump_seg(d, 2, "HELLO", 1, 0, 0x100);
	tdump_seg(d, 3, "PSET", 1, 0, 0xa00);
	d->segs[3].counters[3] = 115;
	d->kernel = 10;
	d->idle = 50;
	d->out_of_range = 5;
	tdump_fix_totals(d);
	return d;
}

static struct map load_map(const char *path)
{
	size_t len;
	char *text = tfile(path, &len), err[200];
	struct map m;

	if (map_parse(path, (uint8_t *)text, len, &m, err, sizeof err))
		fail_msg("%s: %s", path, err);
	free(text);
	return m;
}

static void assert_golden(const char *text, const char *golden)
{
	char *want = tfile(golden, NULL);

	if (strcmp(text, want))
		fail_msg("%s differs; got:\n%s", golden, text);
	free(want);
}

static char *summary(const struct pdump *d, int flags)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	report_summary(f, d, flags);
	fclose(f);
	return text;
}

static char *module(const struct pdump *d, const struct map *m, int flags)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	assert_int_equal(report_module(f, d, m, flags), 0);
	fclose(f);
	return text;
}

/* ---- layouts ------------------------------------------------------------------ */

/* The seed's example 1, character for character. */
static void test_report_example1(void **state)
{
	struct pdump *d = tdump_seed();
	char *text = summary(d, 0);

	(void)state;
	assert_golden(text, "pinfo/golden/example1.txt");
	free(text);
	tdump_free(d);
}

/* A system dump: kernel (its own segment folded in), idle, out of range,
 * programs; a program without ticks only with -z. */
static void test_report_example1_system(void **state)
{
	struct pdump *d = system_dump();
	char *text = summary(d, 0), *z = summary(d, PINFO_Z);

	(void)state;
	assert_golden(text, "pinfo/golden/example1-system.txt");
	assert_golden(z, "pinfo/golden/example1-system-z.txt");
	free(text);
	free(z);
	tdump_free(d);
}

/* The seed's example 2, and its -e, -t and -tz variants. */
static void test_report_example2(void **state)
{
	struct pdump *d = tdump_seed();
	struct map m = load_map("data/testprof.map");
	static const struct {
		int flags;
		const char *golden;
	} cases[] = {
		{ 0, "pinfo/golden/example2.txt" },
		{ PINFO_E, "pinfo/golden/example2-e.txt" },
		{ PINFO_T, "pinfo/golden/example2-t.txt" },
		{ PINFO_T | PINFO_Z, "pinfo/golden/example2-tz.txt" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = module(d, &m, cases[i].flags);

		assert_golden(text, cases[i].golden);
		free(text);
	}
	map_free(&m);
	tdump_free(d);
}

/* Percentages are of all the dump's tics, as printf rounds them. */
static void test_report_percentages(void **state)
{
	struct pdump *d = tdump_seed();
	struct map m = load_map("data/testprof.map");
	char *text = module(d, &m, 0), want[64];
	uint32_t inner = d->segs[0].counters[0x128 >> 2] + d->segs[0].counters[0x12c >> 2];

	(void)state;
	snprintf(want, sizeof want, "(%6.2f%%)   inner", 100.0 * inner / (double)d->total);
	assert_non_null(strstr(text, want));
	snprintf(want, sizeof want, "%10u (", inner);
	assert_non_null(strstr(text, want));
	free(text);
	map_free(&m);
	tdump_free(d);
}

/* The kernel's segment: 8-digit offsets; module names match in any case. */
static void test_report_kernel_module(void **state)
{
	struct pdump *d = system_dump();
	struct msym syms[] = { { 0x100000, 1, "_start" }, { 0x100010, 1, "clockintr" } };
	struct map m = { .module = "KERNEL", .form = MAP_NM, .syms = syms, .n = 2, .cap = 2 };
	char *text = module(d, &m, 0);

	(void)state;
	assert_string_equal(text, "Module kernel\n\nSegment 1:\n"
			    "0001:00100010         20 (  4.00%)   clockintr\n");
	free(text);
	strcpy(m.module, "NOSUCH");
	assert_int_equal(report_module(stdout, d, &m, 0), 1);
	tdump_free(d);
}

/* A module without a tic (HELLO) reports nothing, as the summary leaves its
 * segment out; with -z, its symbols with their zeros. */
static void test_report_module_without_tics(void **state)
{
	struct pdump *d = system_dump();
	struct msym syms[] = { { 0, 1, "_start" }, { 0x40, 1, "main" } };
	struct map m = { .module = "HELLO", .form = MAP_NM, .syms = syms, .n = 2, .cap = 2 };
	char *text = module(d, &m, 0), *z = module(d, &m, PINFO_Z);

	(void)state;
	assert_string_equal(text, "");
	assert_string_equal(z, "Module HELLO\n\nSegment 1:\n"
			    "0001:0000          0 (  0.00%)   _start\n"
			    "0001:0040          0 (  0.00%)   main\n");
	free(text);
	free(z);
	tdump_free(d);
}

/* ---- runs over files ------------------------------------------------------------ */

static char scratch_dir[64];

/* tag is the file's name, in a scratch folder of its own: a map's module
 * comes from its file name. */
static char *scratch_file(const char *tag, const void *data, size_t len)
{
	char *path = malloc(128);
	FILE *f;

	if (!scratch_dir[0]) {
		snprintf(scratch_dir, sizeof scratch_dir, "/tmp/test_pinfo.XXXXXX");
		assert_non_null(mkdtemp(scratch_dir));
	}
	snprintf(path, 128, "%s/%s", scratch_dir, tag);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
	return path;
}

static int run(const char *dump, char **maps, size_t nmaps, int flags, char **out, char **err)
{
	size_t a, b;
	FILE *fo = open_memstream(out, &a), *fe = open_memstream(err, &b);
	int rc = pinfo_run(dump, maps, nmaps, flags, fo, fe);

	fclose(fo);
	fclose(fe);
	return rc;
}

/* A damaged dump: one "pinfo: FILE: reason" line, nothing on stdout. */
static void test_run_bad_dump(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	char *path, *out, *err;

	(void)state;
	b.data[b.len - 1] ^= 1;
	path = scratch_file("bad.pro", b.data, b.len);
	assert_int_equal(run(path, NULL, 0, 0, &out, &err), PINFO_FAIL);
	assert_string_equal(out, "");
	assert_true(!strncmp(err, "pinfo: ", 7) && strstr(err, "CRC mismatch"));
	assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
	free(out);
	free(err);
	unlink(path);
	free(path);
	tbuf_free(&b);
	tdump_free(d);
}

/* Several maps: the good ones reported; a map of a module not in the dump,
 * or malformed, is named on stderr, and the status is 1. */
static void test_run_maps(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	char *dump = scratch_file("t.pro", b.data, b.len);
	char *other = scratch_file("other.sym", "00000000 T f\n", 13);
	char *broken = scratch_file("broken.sym", "00000000 T f\nzz T g\n", 20);
	char *good = malloc(strlen(__FILE__) + 40), *out, *err, note[600];
	char *maps[3];

	(void)state;
	snprintf(good, strlen(__FILE__) + 40, "%.*s../data/testprof.map",
		 (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__);
	maps[0] = good;
	assert_int_equal(run(dump, maps, 1, 0, &out, &err), PINFO_OK);
	assert_golden(out, "pinfo/golden/example2.txt");
	snprintf(note, sizeof note, "pinfo: note: %s: no code fingerprint (a map not made by "
		 "mkmap): not checked against %s\n", good, dump);
	assert_string_equal(err, note);	/* the seed's map has none */
	free(out);
	free(err);

	maps[1] = other;
	maps[2] = broken;
	assert_int_equal(run(dump, maps, 3, 0, &out, &err), PINFO_FAIL);
	assert_golden(out, "pinfo/golden/example2.txt");
	assert_non_null(strstr(err, "module OTHER is not in the dump (its modules: TESTPROF)"));
	assert_non_null(strstr(err, "broken.sym: line 2: address \"zz\" is not hex"));
	free(out);
	free(err);
	unlink(dump);
	unlink(other);
	unlink(broken);
	free(dump);
	free(other);
	free(broken);
	free(good);
	tbuf_free(&b);
	tdump_free(d);
}

/* --skip-absent: every map of a run given at once; the maps of modules the
 * dump lacks are passed over without a word, the report is the one of the
 * matching map alone. Only when no map matches is it an error. */
static void test_run_skip_absent(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	char *dump = scratch_file("s.pro", b.data, b.len);
	char *other = scratch_file("other.sym", "00000000 T f\n", 13);
	char *kernel = scratch_file("kernel.sym", "00100000 T start\n", 17);
	char *good = malloc(strlen(__FILE__) + 40), *out, *err;
	char *maps[3], note[600];

	(void)state;
	snprintf(good, strlen(__FILE__) + 40, "%.*s../data/testprof.map",
		 (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__);
	snprintf(note, sizeof note, "pinfo: note: %s: no code fingerprint (a map not made by "
		 "mkmap): not checked against %s\n", good, dump);
	maps[0] = other;
	maps[1] = good;
	maps[2] = kernel;
	assert_int_equal(run(dump, maps, 3, PINFO_SKIP_ABSENT, &out, &err), PINFO_OK);
	assert_golden(out, "pinfo/golden/example2.txt");
	assert_string_equal(err, note);	/* the seed's map has no fingerprint; the skipped say nothing */
	free(out);
	free(err);

	/* --summary: in one run, what the dump alone gives, a form feed line,
	 * then what the maps give */
	{
		char *alone, *aerr, *both, *berr, *want;

		assert_int_equal(run(dump, NULL, 0, 0, &alone, &aerr), PINFO_OK);
		assert_int_equal(run(dump, maps, 3, PINFO_SKIP_ABSENT, &out, &err), PINFO_OK);
		assert_int_equal(run(dump, maps, 3, PINFO_SKIP_ABSENT | PINFO_SUMMARY, &both, &berr),
				 PINFO_OK);
		want = malloc(strlen(alone) + strlen(out) + 3);
		sprintf(want, "%s\f\n%s", alone, out);
		assert_string_equal(both, want);
		assert_string_equal(berr, note);
		free(want);
		free(alone);
		free(aerr);
		free(both);
		free(berr);
		free(out);
		free(err);
	}

	/* with -etz flags too: the same blocks as without the skipped maps */
	assert_int_equal(run(dump, maps, 3, PINFO_SKIP_ABSENT | PINFO_E, &out, &err), PINFO_OK);
	assert_golden(out, "pinfo/golden/example2-e.txt");
	assert_string_equal(err, note);	/* the seed's map has no fingerprint; the skipped say nothing */
	free(out);
	free(err);

	/* none matches: one line saying so, naming the dump's modules */
	maps[1] = kernel;
	assert_int_equal(run(dump, maps, 2, PINFO_SKIP_ABSENT, &out, &err), PINFO_FAIL);
	assert_string_equal(out, "");
	assert_non_null(strstr(err, "no map given is of a module of the dump (its modules: TESTPROF)"));
	assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
	free(out);
	free(err);
	unlink(dump);
	unlink(other);
	unlink(kernel);
	free(dump);
	free(other);
	free(kernel);
	free(good);
	tbuf_free(&b);
	tdump_free(d);
}

/* Anything but a regular file, as a dump or a map, is refused at once with
 * one line saying what it is, never read: /dev/zero would never end, a
 * FIFO without a writer would wait for ever. */
static void test_run_not_regular(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	char *dump = scratch_file("r.pro", b.data, b.len), fifo[300], *out, *err;
	char *maps[1];
	static const struct { const char *path, *kind; } odd[] = {
		{ "/dev/zero", "a character device" },
		{ "/dev/null", "a character device" },
		{ "/tmp", "a folder" },
		{ NULL, "a FIFO" },
	};
	size_t i;

	(void)state;
	snprintf(fifo, sizeof fifo, "%s/fifo", scratch_dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	for (i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		const char *path = odd[i].path ? odd[i].path : fifo;
		char want[400];

		snprintf(want, sizeof want, "pinfo: %s: not a regular file (%s)\n", path, odd[i].kind);
		/* as the dump */
		assert_int_equal(run(path, NULL, 0, 0, &out, &err), PINFO_FAIL);
		assert_string_equal(out, "");
		assert_string_equal(err, want);
		free(out);
		free(err);
		/* as a map: the dump is good, the map refused */
		maps[0] = (char *)path;
		assert_int_equal(run(dump, maps, 1, 0, &out, &err), PINFO_FAIL);
		assert_string_equal(out, "");
		assert_string_equal(err, want);
		free(out);
		free(err);
	}
	unlink(fifo);
	unlink(dump);
	free(dump);
	tbuf_free(&b);
	tdump_free(d);
}

/* ---- code fingerprints ------------------------------------------------------- */

static char *data_path(const char *name)
{
	char *path = malloc(strlen(__FILE__) + strlen(name) + 12);

	sprintf(path, "%.*s../data/%s", (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__, name);
	return path;
}

/* A dump of TINY's code segment (data/tiny.elf's), with fingerprint fp. */
static char *tiny_dump(const char *tag, uint32_t fp)
{
	struct pdump *d = tdump_new(5, 1);
	struct tbuf b;
	char *path;

	tdump_seg(d, 0, "TINY", 1, 0, 0x87);
	d->segs[0].counters[0] = 10;	/* helper */
	d->segs[0].fingerprint = fp;
	tdump_fix_totals(d);
	b = tdump_bytes(d);
	path = scratch_file(tag, b.data, b.len);
	tbuf_free(&b);
	tdump_free(d);
	return path;
}

static uint32_t tiny_fp(void)
{
	char *path = data_path("tiny.elf"), err[200];
	size_t len;
	char *elf = tfile("data/tiny.elf", &len);
	struct map m;
	uint32_t fp;

	assert_int_equal(map_parse(path, (uint8_t *)elf, len, &m, err, sizeof err), 0);
	assert_true(m.has_fingerprint);
	fp = m.fingerprint;
	map_free(&m);
	free(elf);
	free(path);
	return fp;
}

/* The three forms of a map of TINY, each with fingerprint fp: LINK and nm
 * text as mkmap writes them, and a copy of the ELF file itself (whose
 * fingerprint pinfo computes: fp must then be tiny.elf's). */
static void tiny_maps(uint32_t fp, char *maps[3])
{
	char text[300];
	size_t len;
	char *elf = tfile("data/tiny.elf", &len);

	snprintf(text, sizeof text, " TINY\n\n  Address   Publics by Value\n\n"
		 " 0001:00000000       helper\n\nProgram entry point at 0001:0000006C\n\n"
		 " Fingerprint 0001 CRC-32 %08X\n", fp);
	maps[0] = scratch_file("link.map", text, strlen(text));
	snprintf(text, sizeof text, "%08x A __code_crc32\n00000000 t helper\n", fp);
	maps[1] = scratch_file("tiny.sym", text, strlen(text));
	maps[2] = scratch_file("tiny.elf", elf, len);
	free(elf);
}

static void free_paths(char **paths, size_t n)
{
	while (n--) {
		unlink(paths[n]);
		free(paths[n]);
	}
}

/* The dump's code and each map's agree: the report, nothing on stderr,
 * with and without --strict. */
static void test_fingerprint_match(void **state)
{
	uint32_t fp = tiny_fp();
	char *dump = tiny_dump("tiny.pro", fp), *maps[3], *out, *err;
	int i, strict;

	(void)state;
	tiny_maps(fp, maps);
	for (i = 0; i < 3; i++)
		for (strict = 0; strict <= PINFO_STRICT; strict += PINFO_STRICT) {
			assert_int_equal(run(dump, maps + i, 1, strict, &out, &err), PINFO_OK);
			assert_non_null(strstr(out, "Module TINY\n\nSegment 1:\n"));
			assert_string_equal(err, "");
			free(out);
			free(err);
		}
	free_paths(maps, 3);
	free_paths(&dump, 1);
}

/* Another program's map under the right name (each form): a warning naming
 * the map, the module and the dump, the report all the same, status 0;
 * with --strict, an error, no report, status 1. */
static void test_fingerprint_mismatch(void **state)
{
	uint32_t fp = tiny_fp();
	char *dump = tiny_dump("tiny.pro", fp ^ 0x80000000u), *maps[3], *out, *err, want[600];
	int i;

	(void)state;
	tiny_maps(fp, maps);
	for (i = 0; i < 3; i++) {
		snprintf(want, sizeof want, "pinfo: warning: %s: module TINY: the map's code "
			 "fingerprint %08x differs from %08x in %s: the map is of other code than "
			 "was profiled; its report is wrong\n", maps[i], fp, fp ^ 0x80000000u, dump);
		assert_int_equal(run(dump, maps + i, 1, 0, &out, &err), PINFO_OK);
		assert_non_null(strstr(out, "Module TINY\n"));
		assert_string_equal(err, want);
		free(out);
		free(err);
		assert_int_equal(run(dump, maps + i, 1, PINFO_STRICT | PINFO_Z, &out, &err), PINFO_FAIL);
		assert_string_equal(out, "");
		assert_non_null(strstr(err, "; not reported (--strict)\n"));
		assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
		assert_true(!strncmp(err, "pinfo: ", 7) && strstr(err, maps[i]) && strstr(err, dump) &&
			    strstr(err, "module TINY"));
		free(out);
		free(err);
	}
	/* the good maps of a run are reported, the wrong one is not */
	free_paths(&dump, 1);
	dump = tiny_dump("tiny.pro", fp);
	free_paths(maps + 2, 1);
	maps[2] = scratch_file("tiny.elf", "00000000 A __code_crc32\n00000000 t helper\n", 42);
	assert_int_equal(run(dump, maps, 3, PINFO_STRICT, &out, &err), PINFO_FAIL);
	assert_non_null(strstr(out, "Module TINY\n\nSegment 1:\n"));
	assert_non_null(strstr(strstr(out, "Module TINY") + 1, "\nModule TINY\n"));
	assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));	/* that one alone */
	assert_non_null(strstr(err, "tiny.elf: module TINY: the map's code fingerprint 00000000"));
	free(out);
	free(err);
	free_paths(maps, 3);
	free_paths(&dump, 1);
}

/* A map without a fingerprint (hand-written, MS LINK's, an ELF file the
 * kernel would not load) or a version 1 dump: a note, the report, status 0,
 * --strict or not. */
static void test_fingerprint_absent(void **state)
{
	uint32_t fp = tiny_fp();
	static const char link[] = " TINY\n\n  Address   Publics by Value\n\n 0001:0000  helper\n";
	char *dump = tiny_dump("tiny.pro", fp), *maps[3], *out, *err, want[600];
	size_t len;
	char *elf = tfile("data/tiny.elf", &len);
	int i;

	(void)state;
	maps[0] = scratch_file("link.map", link, sizeof link - 1);
	maps[1] = scratch_file("tiny.sym", "00000000 t helper\n", 18);
	elf[24] = 0x90;		/* the entry point past the code: the kernel refuses it */
	maps[2] = scratch_file("tiny.elf", elf, len);
	for (i = 0; i < 3; i++) {
		snprintf(want, sizeof want, "pinfo: note: %s: no code fingerprint (%s): not checked "
			 "against %s\n", maps[i], i < 2 ? "a map not made by mkmap" :
			 "the kernel would not load it: entry point outside the code", dump);
		assert_int_equal(run(dump, maps + i, 1, PINFO_STRICT, &out, &err), PINFO_OK);
		assert_non_null(strstr(out, "Module TINY\n"));
		assert_string_equal(err, want);
		free(out);
		free(err);
	}
	free_paths(maps, 3);
	free_paths(&dump, 1);
	free(elf);
}

/* A version 1 dump, read as before, against a map with a fingerprint. */
static void test_fingerprint_version1_dump(void **state)
{
	uint32_t fp = tiny_fp();
	char *v1 = data_path("hot-v1.pro"), *maps[3], *out, *err, want[600];

	(void)state;
	tiny_maps(fp, maps);
	snprintf(want, sizeof want, "pinfo: note: %s: a version 1 dump has no code fingerprints: %s "
		 "not checked against it\n", v1, maps[1]);
	assert_int_equal(run(v1, maps + 1, 1, PINFO_STRICT, &out, &err), PINFO_OK);
	assert_non_null(strstr(out, "Module TINY\n"));
	assert_string_equal(err, want);
	free(out);
	free(err);
	free_paths(maps, 3);
	free(v1);
}

/* A -f list: one name a line, blanks and CRs dropped; a relative name from
 * the current folder, else from the list's folder. */
static void test_run_map_list(void **state)
{
	char *amap = scratch_file("a.map", "x", 1), list[300], lpath[200], want[200];
	char **paths;
	size_t n;

	(void)state;
	snprintf(lpath, sizeof lpath, "%s/maps.lst", scratch_dir);
	snprintf(list, sizeof list, "a.map\r\n\n  %s  \n/abs/c.elf\nnothere.map\n", __FILE__);
	n = pinfo_map_list(lpath, list, strlen(list), &paths);
	assert_int_equal(n, 4);
	snprintf(want, sizeof want, "%s/a.map", scratch_dir);
	assert_string_equal(paths[0], want);
	assert_string_equal(paths[1], __FILE__);
	assert_string_equal(paths[2], "/abs/c.elf");
	assert_string_equal(paths[3], "nothere.map");
	while (n)
		free(paths[--n]);
	free(paths);
	assert_int_equal(pinfo_map_list("x.lst", "\n \n", 3, &paths), 0);
	free(paths);
	unlink(amap);
	free(amap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report_example1),
		cmocka_unit_test(test_report_example1_system),
		cmocka_unit_test(test_report_example2),
		cmocka_unit_test(test_report_percentages),
		cmocka_unit_test(test_report_kernel_module),
		cmocka_unit_test(test_report_module_without_tics),
		cmocka_unit_test(test_run_bad_dump),
		cmocka_unit_test(test_run_maps),
		cmocka_unit_test(test_run_map_list),
		cmocka_unit_test(test_run_skip_absent),
		cmocka_unit_test(test_run_not_regular),
		cmocka_unit_test(test_fingerprint_match),
		cmocka_unit_test(test_fingerprint_mismatch),
		cmocka_unit_test(test_fingerprint_absent),
		cmocka_unit_test(test_fingerprint_version1_dump),
	};

	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	if (scratch_dir[0])
		rmdir(scratch_dir);
	return failed;
}
