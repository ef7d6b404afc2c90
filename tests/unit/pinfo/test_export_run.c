/* test_export_run.c: pinfo's exports over files (pinfo_export in
 * pinfo_run.c): what is written, what is refused and leaves nothing
 * behind, and the fixture tools.sh gives the real gprof. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "hostio.h"
#include "pinfo_run.h"
#include "testexport.h"

/* ---- over files ---------------------------------------------------------------------- */

static char scratch[64];

static char *scratch_path(const char *name)
{
	char *path = malloc(128);

	if (!scratch[0]) {
		snprintf(scratch, sizeof scratch, "/tmp/test_export.XXXXXX");
		assert_non_null(mkdtemp(scratch));
	}
	snprintf(path, 128, "%s/%s", scratch, name);
	return path;
}

static char *scratch_write(const char *name, const void *data, size_t len)
{
	char *path = scratch_path(name);
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
	return path;
}

static size_t files_in_scratch(void)
{
	char cmd[128];
	FILE *p;
	size_t n = 0;
	int ch;

	snprintf(cmd, sizeof cmd, "ls -A %s", scratch);
	assert_non_null(p = popen(cmd, "r"));
	while ((ch = fgetc(p)) != EOF)
		n += ch == '\n';
	pclose(p);
	return n;
}

/* The file's bytes equal want's. */
static void assert_file(const char *path, const struct tbuf *want)
{
	uint8_t *data;
	size_t len;
	char err[200];

	assert_int_equal(read_whole(path, &data, &len, err, sizeof err), 0);
	assert_true(len == want->len && !memcmp(data, want->data, len));
	free(data);
}

static int export_run(const struct pinfo_exports *x, const char *dump, char **err)
{
	size_t len;
	FILE *fe = open_memstream(err, &len);
	int rc = pinfo_export(dump, x, fe);

	fclose(fe);
	return rc;
}

/* Both files at once, the module of --gmon from the map's name; hot bins
 * are said on stderr. The bytes are those of the exporters. */
static void test_files_written(void **state)
{
	struct pdump *d = hot_dump();
	struct tbuf b = tdump_bytes(d), g, p;
	char *dump = scratch_write("hot.pro", b.data, b.len);
	char *map = scratch_write("tiny.nm", "00000000 t helper\n", 18), *err;
	struct pinfo_exports x = { scratch_path("g.out"), map, scratch_path("p.out"), "tiny", 0 };
	struct gmon_stats st;

	(void)state;
	assert_int_equal(export_run(&x, dump, &err), PINFO_OK);
	assert_non_null(strstr(err, "g.out: 4 bins above 65535 ticks, carried by records of one range "
				"that gprof adds up (14 records)\n"));
	g = gmon_of(d, "TINY", &st);
	p = proc_of(d, "TINY");
	assert_file(x.gmon, &g);
	assert_file(x.proc, &p);
	free(err);
	assert_int_equal(unlink(x.gmon) | unlink(x.proc) | unlink(dump) | unlink(map), 0);
	free((char *)x.gmon);
	free((char *)x.proc);
	free(dump);
	free(map);
	tbuf_free(&g);
	tbuf_free(&p);
	tbuf_free(&b);
	tdump_free(d);
}

/* A module the dump lacks, or a folder that is not there: status 1, the
 * dump's modules named, and no file, not even a temporary one. */
static void test_files_failures(void **state)
{
	struct pdump *d = tdump_seed();
	struct tbuf b = tdump_bytes(d);
	char *dump = scratch_write("seed.pro", b.data, b.len), *err;
	struct pinfo_exports x = { NULL, NULL, scratch_path("p.out"), NULL, 0 };
	size_t before = files_in_scratch();

	(void)state;
	assert_int_equal(export_run(&x, dump, &err), PINFO_FAIL);
	assert_non_null(strstr(err, "module kernel is not in the dump (its modules: TESTPROF)"));
	free(err);
	assert_int_equal(files_in_scratch(), before);
	free((char *)x.proc);
	x.proc = scratch_path("no/such/p.out");
	x.proc_module = "testprof";
	assert_int_equal(export_run(&x, dump, &err), PINFO_FAIL);
	assert_non_null(strstr(err, "No such file or directory; nothing written"));
	free(err);
	assert_int_equal(files_in_scratch(), before);
	free((char *)x.proc);
	unlink(dump);
	free(dump);
	tbuf_free(&b);
	tdump_free(d);
}

/* --gmon's program of other code than the dump's (its fingerprint differs):
 * a warning naming both files and the module, and the file written; with
 * --strict, status 1 and no file. A map without a fingerprint: a note. */
static void test_gmon_fingerprint(void **state)
{
	struct pdump *d = hot_dump();
	struct tbuf b = tdump_bytes(d);
	char *dump = scratch_write("hot.pro", b.data, b.len), *err, want[300];
	char *other = scratch_write("tiny.sym", "12345678 A __code_crc32\n00000000 t helper\n", 42);
	char *none = scratch_write("TINY", "00000000 t helper\n", 18);
	struct pinfo_exports x = { scratch_path("g.out"), other, NULL, NULL, 0 };
	size_t before = files_in_scratch();

	(void)state;
	snprintf(want, sizeof want, "pinfo: warning: %s: module TINY: the map's code fingerprint "
		 "12345678 differs from %08x in %s: the map is of other code than was profiled; "
		 "its report is wrong\n", other, d->segs[0].fingerprint, dump);
	assert_int_equal(export_run(&x, dump, &err), PINFO_OK);
	if (strncmp(err, want, strlen(want)))
		fail_msg("got %s, wanted %s", err, want);
	free(err);
	assert_int_equal(unlink(x.gmon), 0);	/* written all the same */
	x.strict = 1;
	assert_int_equal(export_run(&x, dump, &err), PINFO_FAIL);
	assert_non_null(strstr(err, "not reported (--strict)"));
	free(err);
	assert_int_equal(files_in_scratch(), before);
	x.gmon_map = none;
	assert_int_equal(export_run(&x, dump, &err), PINFO_OK);
	assert_non_null(strstr(err, "pinfo: note: "));
	assert_non_null(strstr(err, "TINY: no code fingerprint (a map not made by mkmap): not "
				"checked against"));
	free(err);
	assert_int_equal(unlink(x.gmon) | unlink(dump) | unlink(other) | unlink(none), 0);
	free((char *)x.gmon);
	free(dump);
	free(other);
	free(none);
	tbuf_free(&b);
	tdump_free(d);
}

/* data/hot-v1.pro, the fixture in version 1 of the format: pinfo still
 * reads it, and exports the same bytes; of the fingerprint, a note. */
static void test_fixture_version1(void **state)
{
	struct pdump *d = hot_dump();
	struct gmon_stats st;
	struct tbuf g = gmon_of(d, "TINY", &st);
	char path[512], *err;
	struct pinfo_exports x = { scratch_path("g1.out"), path, NULL, NULL, 1 };

	(void)state;
	snprintf(path, sizeof path, "%.*s../data/tiny.elf",
		 (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__);
	{
		char v1[512];

		snprintf(v1, sizeof v1, "%.*s../data/hot-v1.pro",
			 (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__);
		assert_int_equal(export_run(&x, v1, &err), PINFO_OK);
		assert_non_null(strstr(err, "hot-v1.pro: a version 1 dump has no code fingerprints: "));
		free(err);
	}
	assert_file(x.gmon, &g);
	assert_int_equal(unlink(x.gmon), 0);
	free((char *)x.gmon);
	tbuf_free(&g);
	tdump_free(d);
}

/* data/hot.pro, which tools.sh gives gprof, is hot_dump()'s bytes.
 * WRITE_FIXTURES=1 writes it again. */
static void test_fixture_is_hot_dump(void **state)
{
	struct pdump *d = hot_dump();
	struct tbuf b = tdump_bytes(d);
	char *text, path[512];
	size_t len;

	(void)state;
	if (getenv("WRITE_FIXTURES")) {
		FILE *f;

		snprintf(path, sizeof path, "%.*s../data/hot.pro",
			 (int)(strrchr(__FILE__, '/') + 1 - __FILE__), __FILE__);
		assert_non_null(f = fopen(path, "wb"));
		assert_int_equal(fwrite(b.data, 1, b.len, f), b.len);
		fclose(f);
	}
	text = tfile("data/hot.pro", &len);
	assert_true(len == b.len && !memcmp(text, b.data, len));
	free(text);
	tbuf_free(&b);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_files_written),
		cmocka_unit_test(test_files_failures),
		cmocka_unit_test(test_gmon_fingerprint),
		cmocka_unit_test(test_fixture_version1),
		cmocka_unit_test(test_fixture_is_hot_dump),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	if (scratch[0])
		rmdir(scratch);
	return failed;
}
