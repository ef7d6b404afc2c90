/* test_extract.c: profextract's work (host/profextract/extract.c): safe file
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

#include "capture.h"
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
	check_name("-rf", 3, "_rf");
	check_name("--", 2, "_-");
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

/* The capture's and the folder's names reach messages as a terminal may
 * show them (docs/security.md, section 4): no ESC or BEL of theirs. */
static void test_extract_file_names_escaped(void **state)
{
	struct pdump *d = small_dump(3);
	struct tbuf cap = { 0 }, none = { 0 };
	char *out, *err;
	size_t on, en, i;
	FILE *fo, *fe;

	(void)state;
	tbuf_puts(&none, "just a console\n");
	assert_non_null(fo = open_memstream(&out, &on));
	assert_non_null(fe = open_memstream(&err, &en));
	assert_int_equal(extract_capture(none.data, none.len, "cap\x1b]0;x\x07.txt", ".", fo, fe),
			 EXTRACT_OK);
	fclose(fo);
	fclose(fe);
	assert_non_null(strstr(err, "profextract: cap^[]0;x^G.txt: no dump frame found"));
	for (i = 0; i < en; i++)
		assert_true((unsigned char)err[i] >= 0x20 || err[i] == '\n');
	free(out);
	free(err);

	put_frame(&cap, "x.pro", d);
	assert_int_equal(run(&cap, "/nonexistent/d\x1b[2Jir", &out, &err), EXTRACT_BAD);
	assert_non_null(strstr(err, "/nonexistent/d^[[2Jir"));
	assert_null(strchr(err, 0x1b));
	free(out);
	free(err);
	tbuf_free(&cap);
	tbuf_free(&none);
	tdump_free(d);
}

/* ---- the kernel's lines, the output folder's other files --------------------- */

/* b's bytes as the kernel's console writes them: each line that has a byte
 * starts with the kernel's mark (kernel/console.c). */
static void put_marked(struct tbuf *out, const struct tbuf *b)
{
	size_t i;
	int start = 1;

	for (i = 0; i < b->len; i++) {
		if (start && b->data[i] != '\n')
			tbuf_put(out, "\x01", 1);
		tbuf_put(out, &b->data[i], 1);
		start = b->data[i] == '\n';
	}
}

static int run_mode(const struct tbuf *cap, int mode, const char *outdir, char **out, char **err)
{
	size_t on, en;
	FILE *fo = open_memstream(out, &on), *fe = open_memstream(err, &en);
	int status;

	assert_non_null(fo);
	assert_non_null(fe);
	status = extract_capture_mode(cap->data, cap->len, mode, "cap.txt", outdir, fo, fe);
	fclose(fo);
	fclose(fe);
	return status;
}

/* Read for the kernel's lines, a capture gives the frames the kernel sent
 * and not one a program printed, whole as it may be; a program's text and
 * a program's copy of the mark (the kernel sends it as 0x1A) are passed
 * over. CAPTURE_UNMARK reads both; mode 0 sees the mark as damage. */
static void test_extract_kernel_lines(void **state)
{
	struct pdump *d = small_dump(4);
	struct tbuf cap = { 0 }, kframe = { 0 }, want = tdump_bytes(d);
	struct scratch s;
	char names[300], path[200], rerr[100], *out, *err;
	uint8_t *got;
	size_t len;

	(void)state;
	scratch_make(&s);
	tbuf_puts(&cap, "\x01kernel: 1000 Hz\n");
	put_frame(&kframe, "kernel.pro", d);
	put_marked(&cap, &kframe);
	tbuf_puts(&cap, "program text\n\x1a@PDUMP1 BEGIN name=x len=1 crc=00000000\n");
	put_frame(&cap, "program.pro", d);		/* a program's, unmarked */
	tbuf_puts(&cap, "\x01kernel: shutting down\n");

	assert_int_equal(run_mode(&cap, CAPTURE_KERNEL, s.out, &out, &err), EXTRACT_OK);
	assert_string_equal(err, "");
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "kernel.pro");
	snprintf(path, sizeof path, "%s/kernel.pro", s.out);
	assert_int_equal(read_whole(path, &got, &len, rerr, sizeof rerr), 0);
	assert_int_equal(len, want.len);
	assert_memory_equal(got, want.data, len);
	free(got);
	free(out);
	free(err);
	scratch_remove(&s);

	/* every line, the mark dropped: the program's frame too; its fake
	 * begin line is a damaged frame */
	scratch_make(&s);
	assert_int_equal(run_mode(&cap, CAPTURE_UNMARK, s.out, &out, &err), EXTRACT_BAD);
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "kernel.pro|program.pro");
	free(out);
	free(err);
	scratch_remove(&s);

	/* every line as it is: the marked frame's lines are not a frame's */
	scratch_make(&s);
	assert_int_equal(run_mode(&cap, 0, s.out, &out, &err), EXTRACT_BAD);
	list_dir(s.out, names, sizeof names);
	assert_string_equal(names, "program.pro");
	assert_non_null(strstr(err, "frame \"kernel.pro\""));
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tbuf_free(&kframe);
	tbuf_free(&want);
	tdump_free(d);
}

/* EXTRACT_NAMES: each written file's name alone, a line each. */
static void test_extract_names_only(void **state)
{
	struct pdump *d = small_dump(2);
	struct tbuf cap = { 0 };
	struct scratch s;
	char *out, *err;

	(void)state;
	scratch_make(&s);
	put_frame(&cap, "a.pro", d);
	put_frame(&cap, "b c", d);
	put_frame(&cap, "-e.pro", d);
	assert_int_equal(run_mode(&cap, EXTRACT_NAMES, s.out, &out, &err), EXTRACT_OK);
	assert_string_equal(out, "a.pro\nb_c\n_e.pro\n");
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tdump_free(d);
}

static void put_file(const char *dir, const char *name, const char *text)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "wb"));
	fputs(text, f);
	fclose(f);
}

static char *file_text(const char *dir, const char *name)
{
	char path[300], err[100];
	uint8_t *buf;
	size_t len;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_int_equal(read_whole(path, &buf, &len, err, sizeof err), 0);
	return (char *)buf;
}

/* A frame replaces a dump of its name (an earlier frame's), never another
 * file of the output folder: not the capture, not a program, not a
 * symbolic link (nor what it points to), not a folder. Each refusal is one
 * line naming the file; the rest is written. */
static void test_extract_keeps_other_files(void **state)
{
	struct pdump *d1 = small_dump(1), *d2 = small_dump(2);
	struct tbuf cap = { 0 }, old = tdump_bytes(d1), want = tdump_bytes(d2);
	struct scratch s;
	char path[300], target[300], *out, *err, *text;
	struct stat st;
	FILE *f;

	(void)state;
	scratch_make(&s);
	put_file(s.out, "serial.log", "the capture\n");
	put_file(s.out, "cmd.elf", "\x7f" "ELF a program");
	put_file(s.top, "target", "outside\n");
	snprintf(path, sizeof path, "%s/link.pro", s.out);
	snprintf(target, sizeof target, "%s/target", s.top);
	assert_int_equal(symlink(target, path), 0);
	snprintf(path, sizeof path, "%s/sub.pro", s.out);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof path, "%s/old.pro", s.out);
	assert_non_null(f = fopen(path, "wb"));
	fwrite(old.data, 1, old.len, f);
	fclose(f);
	put_file(s.out, "empty.pro", "");

	put_frame(&cap, "serial.log", d2);
	put_frame(&cap, "cmd.elf", d2);
	put_frame(&cap, "link.pro", d2);
	put_frame(&cap, "sub.pro", d2);
	put_frame(&cap, "empty.pro", d2);
	put_frame(&cap, "old.pro", d2);
	put_frame(&cap, "new.pro", d2);
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_BAD);

	assert_string_equal(text = file_text(s.out, "serial.log"), "the capture\n");
	free(text);
	assert_string_equal(text = file_text(s.out, "cmd.elf"), "\x7f" "ELF a program");
	free(text);
	assert_string_equal(text = file_text(s.top, "target"), "outside\n");
	free(text);
	snprintf(path, sizeof path, "%s/link.pro", s.out);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	snprintf(path, sizeof path, "%s/sub.pro", s.out);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_string_equal(text = file_text(s.out, "empty.pro"), "");
	free(text);
	text = file_text(s.out, "old.pro");
	assert_memory_equal(text, want.data, want.len);
	free(text);
	text = file_text(s.out, "new.pro");
	assert_memory_equal(text, want.data, want.len);
	free(text);

	assert_non_null(strstr(err, "frame \"serial.log\" (line 2): "));
	assert_non_null(strstr(err, "/serial.log is there and is not a dump; nothing written\n"));
	assert_non_null(strstr(err, "/cmd.elf is there and is not a dump; nothing written\n"));
	assert_non_null(strstr(err, "/link.pro is there and is not a regular file; nothing written\n"));
	assert_non_null(strstr(err, "/sub.pro is there and is not a regular file; nothing written\n"));
	assert_non_null(strstr(err, "/empty.pro is there and is not a dump; nothing written\n"));
	assert_null(strstr(err, "old.pro"));
	assert_null(strstr(out, "serial.log"));
	assert_non_null(strstr(out, "/old.pro ("));
	assert_non_null(strstr(out, "/new.pro ("));
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tbuf_free(&old);
	tbuf_free(&want);
	tdump_free(d1);
	tdump_free(d2);
}

/* ---- names and damage, end to end ------------------------------------------- */

/* Frames named to escape, or to be nothing: each file lands in the output
 * folder under its safe name, and nothing anywhere else. */
static void test_extract_nasty_names_stay_inside(void **state)
{
	static const char *given[] = { "../x", "/etc/x", "", ".", "..", "a/../../b",
				       "\x01\x1b[2J\x7f", "~/x", "C:\\x" };
	struct pdump *d = small_dump(5);
	struct tbuf cap = { 0 };
	struct scratch s;
	char names[600], want[600], *out, *err, longname[301];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof given / sizeof given[0]; i++)
		put_frame(&cap, given[i], d);
	memset(longname, 'n', 300);
	longname[300] = 0;
	put_frame(&cap, longname, d);	/* the frame carries 255 bytes of it */
	scratch_make(&s);
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_OK);
	list_dir(s.out, names, sizeof names);
	memset(longname, 'n', SAFE_NAME_MAX);
	longname[SAFE_NAME_MAX] = 0;
	snprintf(want, sizeof want, "C__x|_|_.|_._x|___2J_|__x|_etc_x|a_.._.._b|%s|unnamed.pro",
		 longname);
	assert_string_equal(names, want);
	list_dir(s.top, names, sizeof names);
	assert_string_equal(names, "out");
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tdump_free(d);
}

static uint32_t rng_next(uint32_t *x)	/* xorshift32: a run is its seed */
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

/* A dump of up to a few hundred bytes, its counters drawn at random. */
static struct pdump *random_dump(uint32_t *rng)
{
	struct pdump *d = tdump_new(5, 1);
	uint32_t k, n = rng_next(rng) % 60;

	tdump_seg(d, 0, "RANDOM", 1, 0, 0x400);
	for (k = 0; k < n; k++)
		d->segs[0].counters[rng_next(rng) % 0x100] = 1 + rng_next(rng) % 100000;
	tdump_fix_totals(d);
	return d;
}

/* Console text, printable, no '@' (so never a frame's marker): a whole
 * line, or the start of one. Returns whether it left a line open. */
static int put_junk(struct tbuf *b, uint32_t *rng, size_t min)
{
	size_t n = min + rng_next(rng) % 60, i;
	int open = rng_next(rng) % 2;

	for (i = 0; i < n; i++) {
		char c = (char)(' ' + rng_next(rng) % 95);

		tbuf_put(b, c == '@' ? "#" : &c, 1);
	}
	if (!open)
		tbuf_puts(b, "\n");
	return open && n;
}

/* Frame f (its leading LF, '@' .. end line, LF) with one fault at a random
 * place after its '@' and before its end line's LF: a bit flipped, a byte
 * dropped or repeated, the rest cut off, or console text inserted. A cut
 * keeps the whole begin marker, or nothing would be left to report. */
static void put_damaged(struct tbuf *b, const struct tbuf *f, uint32_t *rng)
{
	size_t last = f->len - 1, p = 2 + rng_next(rng) % (last - 2);

	switch (rng_next(rng) % 5) {
	case 0:
		tbuf_put(b, f->data, f->len);
		b->data[b->len - f->len + p] ^= (uint8_t)(1 << rng_next(rng) % 8);
		break;
	case 1:
		tbuf_put(b, f->data, p);
		tbuf_put(b, f->data + p + 1, f->len - p - 1);
		break;
	case 2:
		tbuf_put(b, f->data, p + 1);
		tbuf_put(b, f->data + p, f->len - p);
		break;
	case 3:
		tbuf_put(b, f->data, p > 16 ? p : 16);
		break;
	default:
		tbuf_put(b, f->data, p);
		put_junk(b, rng, 1);
		tbuf_put(b, f->data + p, f->len - p);
	}
}

/* What capture_parse found: each whole frame, in order, byte for byte;
 * anything else damaged, without data, with a reason; no more entries
 * than frames, and one at least for the damaged. Two damaged neighbours
 * may be one entry: when the first lost its end marker and the second its
 * begin marker, nothing on the line tells them apart. */
static void check_found(const struct capture *c, uint32_t round, uint32_t nframes,
			const int *damaged, char name[][32], const struct tbuf *sent, int any)
{
	uint32_t k = 0;
	size_t i, bad = 0;

	for (i = 0; i < c->n; i++) {
		const struct frame *f = &c->frames[i];

		while (k < nframes && damaged[k])
			k++;
		if (!f->ok) {
			bad++;
			if (f->data || !f->why[0])
				fail_msg("round %u, entry %zu: damaged, with data or no reason", round, i);
		} else if (k == nframes || strcmp((const char *)f->name, name[k]) ||
			   f->len != sent[k].len || memcmp(f->data, sent[k].data, f->len)) {
			fail_msg("round %u, entry %zu: read whole, but not frame %u as sent", round, i, k);
		} else {
			k++;
		}
	}
	while (k < nframes && damaged[k])
		k++;
	if (k != nframes || c->n > nframes || (any && !bad))
		fail_msg("round %u: %zu entries, %zu damaged, for %u frames", round, c->n, bad, nframes);
}

/* Captures of 2 to 6 frames amid console text, about half of them damaged
 * at random: each undamaged one comes back byte for byte and is written;
 * a damaged one is reported, with no data, and no file is written for it.
 * Seeded: a failure names its round. */
static void test_extract_random_damage(void **state)
{
	uint32_t rng = 20261130, round, k, nframes;
	struct scratch s;

	(void)state;
	scratch_make(&s);
	for (round = 0; round < 300; round++) {
		struct tbuf cap = { 0 }, sent[6];
		int damaged[6], open = 0, any = 0;
		char name[6][32], names[300], want[300] = "", path[400], *out, *err, rerr[100];
		struct capture c;

		nframes = 2 + rng_next(&rng) % 5;
		for (k = 0; k < nframes; k++) {
			struct pdump *d = random_dump(&rng);
			struct tbuf f = { 0 };

			snprintf(name[k], sizeof name[k], "r%03u-%u.pro", round, k);
			frame_write(name[k], d, tbuf_sink, &f);
			sent[k] = tdump_bytes(d);
			tdump_free(d);
			any |= damaged[k] = rng_next(&rng) % 2;
			if (damaged[k])
				put_damaged(&cap, &f, &rng);
			else {	/* after an open line, the marker may follow its text */
				size_t skip = open && rng_next(&rng) % 2;

				tbuf_put(&cap, f.data + skip, f.len - skip);
			}
			open = put_junk(&cap, &rng, 0);
			tbuf_free(&f);
		}
		assert_int_equal(capture_parse(cap.data, cap.len, &c), 0);
		check_found(&c, round, nframes, damaged, name, sent, any);
		for (k = 0; k < nframes; k++)
			if (!damaged[k])
				snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s",
					 want[0] ? "|" : "", name[k]);
		capture_free(&c);
		assert_int_equal(run(&cap, s.out, &out, &err), any ? EXTRACT_BAD : EXTRACT_OK);
		list_dir(s.out, names, sizeof names);
		if (strcmp(names, want))
			fail_msg("round %u: wrote %s, not %s", round, names, want);
		for (k = 0; k < nframes; k++) {
			uint8_t *got;
			size_t len;

			snprintf(path, sizeof path, "%s/%s", s.out, name[k]);
			if (!damaged[k]) {
				assert_int_equal(read_whole(path, &got, &len, rerr, sizeof rerr), 0);
				assert_int_equal(len, sent[k].len);
				assert_memory_equal(got, sent[k].data, len);
				free(got);
				assert_int_equal(unlink(path), 0);
			}
			tbuf_free(&sent[k]);
		}
		free(out);
		free(err);
		tbuf_free(&cap);
	}
	scratch_remove(&s);
}

/* A file's frame goes to outdir/files (made), under its safe name, never
 * to outdir, and is not named by -l (EXTRACT_NAMES: that list is of
 * dumps, for pinfo); it replaces a regular file there, not a symbolic
 * link; another folder may be given. A damaged file frame is an error,
 * and writes nothing. */
static void test_extract_file_folders(void **state)
{
	struct tbuf cap = { 0 };
	struct scratch s;
	char files[200], path[300], list[300], *out, *err, *text;

	(void)state;
	scratch_make(&s);
	snprintf(files, sizeof files, "%s/files", s.out);
	frame_write_file("d/sub/g.txt", "abc", 3, tbuf_sink, &cap);
	frame_write_file("/a/../../b", "x", 1, tbuf_sink, &cap);
	frame_write_file("lnk/x", "y", 1, tbuf_sink, &cap);
	assert_int_equal(mkdir(files, 0755), 0);
	snprintf(path, sizeof path, "%s/lnk", files);
	assert_int_equal(symlink("/tmp", path), 0);	/* a link where a folder would go */
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_BAD);
	assert_non_null(strstr(err, "lnk: there and not a folder"));
	assert_null(strstr(out, "lnk/x"));
	free(out);
	free(err);
	text = file_text(files, "d/sub/g.txt");
	assert_string_equal(text, "abc");
	free(text);
	text = file_text(files, "a/_./_./b");	/* ".." is a name made safe: never up */
	assert_string_equal(text, "x");
	free(text);
	list_dir(files, list, sizeof list);
	assert_string_equal(list, "a|d|lnk");
	tbuf_free(&cap);
	scratch_remove(&s);
}

static void test_extract_files(void **state)
{
	struct pdump *d = small_dump(2);
	struct tbuf cap = { 0 }, bad = { 0 };
	struct scratch s;
	char files[200], other[200], path[300], list[300], *out, *err, *text;
	size_t on, en;
	FILE *fo, *fe;

	(void)state;
	scratch_make(&s);
	snprintf(files, sizeof files, "%s/files", s.out);
	frame_write_file("result.txt", "42\n", 3, tbuf_sink, &cap);
	frame_write_file("../up one", "x", 1, tbuf_sink, &cap);
	put_frame(&cap, "a.pro", d);
	assert_int_equal(run_mode(&cap, EXTRACT_NAMES, s.out, &out, &err), EXTRACT_OK);
	assert_string_equal(out, "a.pro\n");
	assert_non_null(strstr(err, "written as _./up_one"));	/* each name of the path made safe */
	free(out);
	free(err);
	list_dir(s.out, list, sizeof list);
	assert_string_equal(list, "a.pro|files");
	list_dir(files, list, sizeof list);
	assert_string_equal(list, "_.|result.txt");
	text = file_text(files, "result.txt");
	assert_string_equal(text, "42\n");
	free(text);
	/* again: replaces the regular file; not the link */
	snprintf(path, sizeof path, "%s/result.txt", files);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(symlink("/etc/passwd", path), 0);
	assert_int_equal(run(&cap, s.out, &out, &err), EXTRACT_BAD);
	assert_non_null(strstr(err, "is not a regular file"));
	assert_non_null(strstr(out, "wrote "));
	free(out);
	free(err);
	/* another folder, -f's */
	snprintf(other, sizeof other, "%s/elsewhere", s.top);
	assert_non_null(fo = open_memstream(&out, &on));
	assert_non_null(fe = open_memstream(&err, &en));
	assert_int_equal(extract_capture_to(cap.data, cap.len, 0, "cap.txt", s.out, other, fo, fe),
			 EXTRACT_OK);	/* outdir/files, and its link, untouched */
	fclose(fo);
	fclose(fe);
	free(out);
	free(err);
	text = file_text(other, "result.txt");
	assert_string_equal(text, "42\n");
	free(text);
	/* damaged */
	frame_write_file("dam.txt", "abcdef", 6, tbuf_sink, &bad);
	*(char *)memmem(bad.data, bad.len, "len=6", 5) = 'L';
	assert_int_equal(run(&bad, s.out, &out, &err), EXTRACT_BAD);
	assert_non_null(strstr(err, "file frame \"dam.txt\""));
	free(out);
	free(err);
	list_dir(files, list, sizeof list);
	assert_string_equal(list, "_.|result.txt");
	scratch_remove(&s);
	tbuf_free(&cap);
	tbuf_free(&bad);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_safe_name_nasty),
		cmocka_unit_test(test_extract_files),
		cmocka_unit_test(test_extract_file_folders),
		cmocka_unit_test(test_safe_name_long),
		cmocka_unit_test(test_write_whole),
		cmocka_unit_test(test_extract_mixed),
		cmocka_unit_test(test_extract_all_good),
		cmocka_unit_test(test_extract_no_frames),
		cmocka_unit_test(test_extract_not_a_dump),
		cmocka_unit_test(test_extract_unwritable),
		cmocka_unit_test(test_extract_kernel_lines),
		cmocka_unit_test(test_extract_names_only),
		cmocka_unit_test(test_extract_keeps_other_files),
		cmocka_unit_test(test_extract_nasty_names_stay_inside),
		cmocka_unit_test(test_extract_random_damage),
		cmocka_unit_test(test_extract_file_names_escaped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
