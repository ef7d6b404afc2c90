/* test_cpus.c: pinfo --cpus and the HTML report's "CPUs" (views/cpus.c,
 * docs/pinfo.md "Per CPU") on dumps of two and four CPUs made here with
 * the format's writer and read back: the lines to the byte, the modules
 * grouped as the report groups them (the kernel's segments in the kernel
 * column, a module's runs in one column, a module without a tick left
 * out), each column's CPUs adding up to the report's row; the maps
 * picking the columns; an older dump refused with its reason. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cpus.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "htmlfuncs.h"
#include "pinfo_run.h"
#include "report.h"
#include "testbuf.h"

/* d written by the format's writer and read back as pinfo reads it. */
static void written_back(struct pdump *d, struct pdump *back)
{
	struct tbuf b = tdump_bytes(d);
	char err[200];

	assert_int_equal(b.data[4], 6);
	if (pdump_read(b.data, b.len, back, &host_alloc, err, sizeof err))
		fail_msg("pdump_read: %s", err);
	tbuf_free(&b);
}

/* Four CPUs: TESTPROF run twice (the second spelled testprof, other code),
 * the kernel's segment, CMD, IDLEMOD without a tick; no out of range. */
static struct pdump *four(void)
{
	struct pdump *d = tdump_new(0, 5);

	tdump_seg(d, 0, "TESTPROF", 1, 0, 0x100);
	d->segs[0].counters[0] = 100;
	tdump_seg(d, 1, "kernel", 1, 0x100000, 0x100);
	d->segs[1].counters[0] = 12;
	tdump_seg(d, 2, "testprof", 1, 0, 0x100);
	d->segs[2].fingerprint ^= 1;
	d->segs[2].counters[1] = 20;
	tdump_seg(d, 3, "CMD", 1, 0, 0x100);
	d->segs[3].counters[0] = 4;
	tdump_seg(d, 4, "IDLEMOD", 1, 0, 0x100);
	d->kernel = 8;
	d->idle = 40;
	tdump_fix_totals(d);
	tdump_cpus(d, 4);
	return d;
}

static char *table_text(const struct pdump *d, const char *const *mods, size_t n)
{
	struct cpus_table t;
	size_t len, missing;
	char *text = NULL;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(cpus_make(d, mods, n, &t, &missing), 0);
	assert_int_equal(cpus_print(f, &t), 0);
	cpus_free(&t);
	assert_int_equal(fclose(f), 0);
	return text;
}

static void cpus_two(void **state)
{
	struct pdump *d = tdump_two_cpus(), back;
	char *text;

	(void)state;
	written_back(d, &back);
	text = table_text(&back, NULL, 0);
	/* CPU 0: kernel 3 and its segment's 1; CPU 1: 6 and 4. WORKER: no column */
	assert_string_equal(text,
		"cpu N  samples  kernel  idle  out-of-range  TESTPROF\n"
		"cpu 0      162       4     2             0       156\n"
		"cpu 1      331      10     5             2       314\n");
	free(text);
	pdump_release(&back, &host_alloc);
	tdump_free(d);
}

static void cpus_four(void **state)
{
	struct pdump *d = four(), back;
	struct cpus_table t;
	size_t missing;
	uint64_t sum[CPUS_FIXED + 2] = { 0 };
	char *text;

	(void)state;
	written_back(d, &back);
	text = table_text(&back, NULL, 0);
	/* dealt 1:2:3:4; TESTPROF's two runs in one column, no out of range */
	assert_string_equal(text,
		"cpu N  samples  kernel  idle  TESTPROF  CMD\n"
		"cpu 0       17       1     4        12    0\n"
		"cpu 1       37       4     8        24    1\n"
		"cpu 2       55       6    12        36    1\n"
		"cpu 3       75       9    16        48    2\n");
	free(text);
	/* each column over the CPUs is the report's row: kernel 8 + 12, idle,
	 * TESTPROF 0001's 120, CMD's 4; the samples the total */
	assert_int_equal(cpus_make(&back, NULL, 0, &t, &missing), 0);
	assert_int_equal(t.ncol, 2);
	for (uint32_t c = 0; c < 4; c++)
		for (size_t k = 0; k < CPUS_FIXED + 2; k++)
			sum[k] += t.cell[c * (CPUS_FIXED + 2) + k];
	assert_int_equal(sum[0], back.total);
	assert_int_equal(sum[1], 20);
	assert_int_equal(sum[2], 40);
	assert_int_equal(sum[3], 0);
	assert_int_equal(sum[4], 120);
	assert_int_equal(sum[5], 4);
	cpus_free(&t);
	pdump_release(&back, &host_alloc);
	tdump_free(d);
}

/* Modules asked for (the maps'): their columns, in that order, even
 * without a tick; the kernel's is always there; one the dump lacks: 1. */
static void cpus_modules(void **state)
{
	static const char *const mods[] = { "idlemod", "cmd", "KERNEL", "Cmd" };
	static const char *const bad[] = { "CMD", "NOSUCH" };
	struct pdump *d = four(), back;
	struct cpus_table t;
	size_t missing = 0;
	char *text;

	(void)state;
	written_back(d, &back);
	text = table_text(&back, mods, 4);
	assert_string_equal(text,
		"cpu N  samples  kernel  idle  IDLEMOD  CMD\n"
		"cpu 0       17       1     4        0    0\n"
		"cpu 1       37       4     8        0    1\n"
		"cpu 2       55       6    12        0    1\n"
		"cpu 3       75       9    16        0    2\n");
	free(text);
	assert_int_equal(cpus_make(&back, bad, 2, &t, &missing), 1);
	assert_int_equal(missing, 1);
	pdump_release(&back, &host_alloc);
	tdump_free(d);
}

/* tests/unit/data/NAME, from where the tests run (the tree's top). */
static char *data_path(const char *name)
{
	char *path = malloc(strlen(__FILE__) + strlen(name) + 12);

	assert_non_null(path);
	sprintf(path, "%.*s../data/%s", (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__, name);
	return path;
}

/* A dump file for pinfo_cpus: d's bytes in a temporary file. */
static char *dump_file(const struct pdump *d)
{
	static char path[] = "/tmp/test_cpus.XXXXXX";
	struct tbuf b = tdump_bytes(d);
	int fd;

	strcpy(path, "/tmp/test_cpus.XXXXXX");
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
	close(fd);
	tbuf_free(&b);
	return path;
}

static int run(const char *dump, char *const *maps, size_t n, int flags, char **out, char **err)
{
	size_t ol, el;
	FILE *o = open_memstream(out, &ol), *e = open_memstream(err, &el);
	int status;

	assert_non_null(o);
	assert_non_null(e);
	status = pinfo_cpus(dump, maps, n, flags, o, e);
	fclose(o);
	fclose(e);
	return status;
}

/* pinfo --cpus on files: a version 6 dump, with a map of its module and
 * of another; an older dump refused, saying it has no per-CPU totals. */
static void cpus_files(void **state)
{
	struct pdump *d = tdump_seed(), *d2 = tdump_two_cpus(), *tiny = tdump_new(5, 1);
	char *path, *out, *err, *maps[1], *hot = data_path("hot.pro"), *hot1 = data_path("hot-v1.pro");
	char *elf = data_path("tiny.elf"), want[400];

	(void)state;
	maps[0] = data_path("testprof.map");
	tdump_cpus(d, 1);
	path = dump_file(d);
	assert_int_equal(run(path, NULL, 0, 0, &out, &err), PINFO_OK);
	assert_string_equal(out, "cpu N  samples  kernel  idle  TESTPROF\n"
				 "cpu 0      479       9     0       470\n");
	assert_string_equal(err, "");
	free(out);
	free(err);
	/* the map of TESTPROF (the seed's, without a fingerprint: a note) */
	assert_int_equal(run(path, maps, 1, 0, &out, &err), PINFO_OK);
	assert_non_null(strstr(out, "  TESTPROF\ncpu 0 "));
	assert_non_null(strstr(err, "no code fingerprint"));
	free(out);
	free(err);
	unlink(path);
	/* a map of other code than the dump's: a warning; with --strict, refused */
	tdump_seg(tiny, 0, "TINY", 1, 0, 0x87);
	tiny->segs[0].counters[0] = 10;
	tiny->segs[0].fingerprint = 0x1234;
	tdump_fix_totals(tiny);
	tdump_cpus(tiny, 1);
	path = dump_file(tiny);
	assert_int_equal(run(path, &elf, 1, 0, &out, &err), PINFO_OK);
	assert_string_equal(out, "cpu N  samples  kernel  idle  TINY\n"
				 "cpu 0       10       0     0    10\n");
	assert_non_null(strstr(err, "differs"));
	free(out);
	free(err);
	assert_int_equal(run(path, &elf, 1, PINFO_STRICT, &out, &err), PINFO_FAIL);
	assert_string_equal(out, "");
	assert_non_null(strstr(err, "differs"));
	free(out);
	free(err);
	unlink(path);
	path = dump_file(d2);	/* TESTPROF, kernel, WORKER: the map's module and no other */
	assert_int_equal(run(path, maps, 1, 0, &out, &err), PINFO_OK);
	assert_non_null(strstr(out, "out-of-range  TESTPROF\n"));
	free(out);
	free(err);
	unlink(path);
	/* version 2: refused, by its version, status 1, nothing on out */
	assert_int_equal(run(hot, NULL, 0, 0, &out, &err), PINFO_FAIL);
	assert_string_equal(out, "");
	snprintf(want, sizeof want, "pinfo: %s: a version 2 dump carries no per-CPU totals (the kernel "
		 "writes them from version 6 on; pinfo --merge never)\n", hot);
	assert_string_equal(err, want);
	free(out);
	free(err);
	assert_int_equal(run(hot1, maps, 1, 0, &out, &err), PINFO_FAIL);
	assert_string_equal(out, "");
	assert_non_null(strstr(err, "a version 1 dump carries no per-CPU totals"));
	free(out);
	free(err);
	free(maps[0]);
	free(hot);
	free(hot1);
	free(elf);
	tdump_free(d);
	tdump_free(d2);
	tdump_free(tiny);
}

/* A map of a module the dump lacks: an error naming the dump's modules;
 * skipped with --skip-absent, unless every map is. */
static void cpus_absent(void **state)
{
	struct pdump *d = four();
	char *path, *out, *err, *maps[1] = { data_path("testprof.map") };

	(void)state;
	memcpy(d->segs[0].module, "OTHER", 6);	/* TESTPROF is now testprof's only */
	memcpy(d->segs[2].module, "OTHER", 6);
	path = dump_file(d);
	assert_int_equal(run(path, maps, 1, 0, &out, &err), PINFO_FAIL);
	assert_string_equal(out, "");
	assert_non_null(strstr(err, "testprof.map: module TESTPROF is not in the dump (its modules: "
				    "OTHER, kernel, CMD, IDLEMOD)"));
	free(out);
	free(err);
	assert_int_equal(run(path, maps, 1, PINFO_SKIP_ABSENT, &out, &err), PINFO_FAIL);
	assert_non_null(strstr(err, "no map given is of a module of the dump"));
	free(out);
	free(err);
	unlink(path);
	free(maps[0]);
	tdump_free(d);
}

/* The HTML report's section: the same table, cells with their values. */
static void cpus_html_section(void **state)
{
	struct pdump *d = tdump_two_cpus(), back;
	char *text = NULL;
	size_t len;
	FILE *f;

	(void)state;
	written_back(d, &back);
	assert_non_null(f = open_memstream(&text, &len));
	assert_int_equal(html_cpus(f, &back), 0);
	fclose(f);
	assert_non_null(strstr(text, "<section id=\"cpus\"><h2>CPUs</h2>"));
	assert_non_null(strstr(text, "<th data-num>CPU</th><th data-num>Samples</th><th data-num>Kernel</th>"
				     "<th data-num>Idle</th><th data-num>Out of range</th>"
				     "<th data-num>TESTPROF</th></tr>"));
	assert_non_null(strstr(text, "<tr><td class=\"n\" data-v=\"1\">1</td><td class=\"n\" data-v=\"331\">331</td>"
				     "<td class=\"n\" data-v=\"10\">10</td><td class=\"n\" data-v=\"5\">5</td>"
				     "<td class=\"n\" data-v=\"2\">2</td><td class=\"n\" data-v=\"314\">314</td></tr>"));
	assert_null(strstr(text, "WORKER"));
	free(text);
	pdump_release(&back, &host_alloc);
	/* without CPU records: no section */
	d->ncpu = 0;
	text = NULL;
	assert_non_null(f = open_memstream(&text, &len));
	{
		struct tbuf b = tdump_bytes(d);
		char err[200];

		assert_int_equal(b.data[4], 2);
		assert_int_equal(pdump_read(b.data, b.len, &back, &host_alloc, err, sizeof err), 0);
		tbuf_free(&b);
	}
	assert_int_equal(html_cpus(f, &back), 0);
	fclose(f);
	assert_string_equal(text, "");
	free(text);
	pdump_release(&back, &host_alloc);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpus_two),
		cmocka_unit_test(cpus_four),
		cmocka_unit_test(cpus_modules),
		cmocka_unit_test(cpus_files),
		cmocka_unit_test(cpus_absent),
		cmocka_unit_test(cpus_html_section),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
