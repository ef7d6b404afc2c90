/* test_extract.c: profextract's work (host-tools/extract.c): safe file
 * names, whole-or-nothing writes, and a run over a capture in a scratch
 * folder. */
#define _GNU_SOURCE	/* mkdtemp, memmem */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "dump.h"
#include "extract.h"
#include "hostio.h"
#include "frame.h"
#include "testbuf.h"

/* A scratch folder with an "out" folder inside, so escapes can be seen. */
struct scratch {
	char top[64], out[80];
};

static void scratch_make(struct scratch *s)
{
	snprintf(s->top, sizeof s->top, "/tmp/test_extract.XXXXXX");
	assert_non_null(mkdtemp(s->top));
	snprintf(s->out, sizeof s->out, "%s/out", s->top);
	assert_int_equal(mkdir(s->out, 0755), 0);
}

/* Names in a folder, sorted, joined by '|'. */
static void list_dir(const char *dir, char *out, size_t outlen)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	assert_true(n >= 0);
	out[0] = 0;
	for (i = 0; i < n; i++) {
		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, "..")) {
			if (out[0])
				strncat(out, "|", outlen - strlen(out) - 1);
			strncat(out, ents[i]->d_name, outlen - strlen(out) - 1);
		}
		free(ents[i]);
	}
	free(ents);
}

static void scratch_remove(struct scratch *s)
{
	char cmd[200];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->top);
	assert_int_equal(system(cmd), 0);
}

static struct pdump *small_dump(uint32_t ticks)
{
	struct pdump *d = tdump_new(5, 1);

	tdump_seg(d, 0, "TESTPROF", 1, 0, 0x100);
	d->segs[0].counters[5] = ticks;
	tdump_fix_totals(d);
	return d;
}

static void put_frame(struct tbuf *b, const char *name, const struct pdump *d)
{
	frame_write(name, d, tbuf_sink, b);
}

/* Runs extract_capture; returns its status, its stdout and stderr texts. */
static int run(const struct tbuf *cap, const char *outdir, char **out, char **err)
{
	size_t on, en;
	FILE *fo = open_memstream(out, &on), *fe = open_memstream(err, &en);
	int status;

	assert_non_null(fo);
	assert_non_null(fe);
	status = extract_capture(cap->data, cap->len, "cap.txt", outdir, fo, fe);
	fclose(fo);
	fclose(fe);
	return status;
}

/* ---- names ----------------------------------------------------------------- */

static void check_name(const char *given, size_t len, const char *want)
{
	char out[SAFE_NAME_MAX + 1];

	safe_name((const uint8_t *)given, len, out);
	assert_string_equal(out, want);
}

/* Every nasty name becomes a plain file name inside the folder. */
static void test_safe_name_nasty(void **state)
{
	(void)state;
	check_name("testprof.pro", 12, "testprof.pro");
	check_name("../x", 4, "_._x");
	check_name("/etc/x", 6, "_etc_x");
	check_name("a/b", 3, "a_b");
	check_name("a\\b", 3, "a_b");
	check_name("", 0, "unnamed.pro");
	check_name(".", 1, "_");
	check_name("..", 2, "_.");
	check_name(".hidden", 7, "_hidden");
	check_name("a b\tc\n", 6, "a_b_c_");
	check_name("\x1b[31mred", 8, "__31mred");
	check_name("caf\xc3\xa9.pro", 9, "caf__.pro");
	check_name("nul\0byte", 8, "nul_byte");
	check_name("C:\\PROF\\T.PRO", 13, "C__PROF_T.PRO");
	check_name("-rf", 3, "-rf");
}

/* A long name is cut to SAFE_NAME_MAX bytes, keeping a short extension. */
static void test_safe_name_long(void **state)
{
	char given[400], want[SAFE_NAME_MAX + 1], out[SAFE_NAME_MAX + 1];

	(void)state;
	memset(given, 'a', 300);
	memcpy(given + 296, ".pro", 4);
	memset(want, 'a', SAFE_NAME_MAX - 4);
	memcpy(want + SAFE_NAME_MAX - 4, ".pro", 5);
	safe_name((const uint8_t *)given, 300, out);
	assert_string_equal(out, want);

	/* an extension too long to keep: a plain cut */
	memset(given, 'b', 300);
	given[10] = '.';
	safe_name((const uint8_t *)given, 300, out);
	assert_int_equal(strlen(out), SAFE_NAME_MAX);
	assert_int_equal(out[10], '.');

	/* exactly the limit: kept whole */
	memset(given, 'c', SAFE_NAME_MAX);
	given[SAFE_NAME_MAX] = 0;
	check_name(given, SAFE_NAME_MAX, given);
}

/* ---- writing ---------------------------------------------------------------- */

/* The file appears whole under its name; no temporary file is left. */
static void test_write_whole(void **state)
{
	struct scratch s;
	char err[200], names[200];
	size_t len;
	char *back;
	uint8_t *got;

	(void)state;
	scratch_make(&s);
	assert_int_equal(write_whole(s.out, "a.pro", (const uint8_t *)"hello", 5,
				     err, sizeof err), 0);
	assert_int_equal(write_whole(s.out, "a.pro", (const uint8_t *)"again", 5,
				     err, sizeof err), 0);
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "a.pro");
	back = malloc(strlen(s.out) + 10);
	sprintf(back, "%s/a.pro", s.out);
	assert_int_equal(read_whole(back, &got, &len, err, sizeof err), 0);
	assert_int_equal(len, 5);
	assert_memory_equal(got, "again", 5);
	free(got);
	free(back);
	/* a folder that is not there: an error, nothing written */
	assert_int_equal(write_whole("/nonexistent/dir", "a.pro", (const uint8_t *)"x", 1,
				     err, sizeof err), -1);
	assert_non_null(strstr(err, "/nonexistent/dir"));
	scratch_remove(&s);
}

/* ---- runs ------------------------------------------------------------------ */

/* Good frames are written (nasty names made safe), the damaged one in the
 * middle is reported by name and written nowhere; status 1. */
static void test_extract_mixed(void **state)
{
	struct pdump *d = small_dump(7);
	struct tbuf cap = { 0 }, bad = { 0 };
	struct scratch s;
	char names[300], *out, *err;

	(void)state;
	scratch_make(&s);
	tbuf_puts(&cap, "booting\n");
	put_frame(&cap, "../escape.pro", d);
	put_frame(&bad, "broken.pro", d);
	bad.data[bad.len / 2] ^= 1;
	tbuf_put(&cap, bad.data, bad.len);
	put_frame(&cap, "/etc/passwd", d);
	tbuf_puts(&cap, "halted\n");
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_BAD);
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "_._escape.pro|_etc_passwd");
	list_dir(s.top, names, sizeof names);
	assert_string_equal(names, "out");
	assert_non_null(strstr(out, "/_._escape.pro ("));
	assert_non_null(strstr(err, "frame \"../escape.pro\" (line 3) written as _._escape.pro"));
	assert_non_null(strstr(err, "frame \"broken.pro\""));
	assert_non_null(strstr(err, "nothing written"));
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tbuf_free(&bad);
	tdump_free(d);
}

/* All good: status 0, one line per file; a later frame of the same name
 * replaces the earlier file. */
static void test_extract_all_good(void **state)
{
	struct pdump *d1 = small_dump(1), *d2 = small_dump(2);
	struct tbuf cap = { 0 }, want = tdump_bytes(d2);
	struct scratch s;
	char names[300], path[200], *out, *err, rerr[100];
	uint8_t *got;
	size_t len;

	(void)state;
	scratch_make(&s);
	put_frame(&cap, "x.pro", d1);
	put_frame(&cap, "x.pro", d2);
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_OK);
	assert_string_equal(err, "");
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "x.pro");
	snprintf(path, sizeof path, "%s/x.pro", s.out);
	assert_int_equal(read_whole(path, &got, &len, rerr, sizeof rerr), 0);
	assert_int_equal(len, want.len);
	assert_memory_equal(got, want.data, len);
	assert_non_null(strstr(out, "wrote "));
	assert_non_null(strchr(strchr(out, '\n') + 1, '\n'));	/* two lines */
	free(got);
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tbuf_free(&want);
	tdump_free(d1);
	tdump_free(d2);
}

/* No frame at all: status 0, and a note saying so. */
static void test_extract_no_frames(void **state)
{
	struct tbuf cap = { 0 };
	struct scratch s;
	char *out, *err;

	(void)state;
	scratch_make(&s);
	tbuf_puts(&cap, "just a console\n");
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_OK);
	assert_string_equal(out, "");
	assert_non_null(strstr(err, "no dump frame found"));
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
}

/* A whole frame whose payload is not a dump is refused by the dump's reason. */
static void test_extract_not_a_dump(void **state)
{
	/* "hello" as h.pro: the frame's CRC runs over the name, then the data */
	uint32_t crc = crc32_update(crc32_update(0, "h.pro", 5), "hello", 5);
	char frame[200];
	struct tbuf cap = { 0 };
	struct scratch s;
	char names[100], *out, *err;

	(void)state;
	assert_int_equal(crc32_update(0, "hello", 5), 0x3610A686u);
	snprintf(frame, sizeof frame, "@PDUMP1 BEGIN name=h.pro len=5 crc=%08X\n"
		 "aGVsbG8=\n@PDUMP1 END name=h.pro len=5 crc=%08X\n", crc, crc);
	scratch_make(&s);
	tbuf_puts(&cap, frame);
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_BAD);
	assert_non_null(strstr(err, "frame \"h.pro\" (line 1): not a valid dump: "));
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "");
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
}

/* An unwritable folder: reported, status 1. */
static void test_extract_unwritable(void **state)
{
	struct pdump *d = small_dump(3);
	struct tbuf cap = { 0 };
	char *out, *err;

	(void)state;
	put_frame(&cap, "x.pro", d);
	assert_int_equal(run(&cap, "/nonexistent/dir", &out, &err), EXTRACT_BAD);
	assert_non_null(strstr(err, "/nonexistent/dir"));
	free(out);
	free(err);
	tbuf_free(&cap);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_safe_name_nasty),
		cmocka_unit_test(test_safe_name_long),
		cmocka_unit_test(test_write_whole),
		cmocka_unit_test(test_extract_mixed),
		cmocka_unit_test(test_extract_all_good),
		cmocka_unit_test(test_extract_no_frames),
		cmocka_unit_test(test_extract_not_a_dump),
		cmocka_unit_test(test_extract_unwritable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
