/* test_stream.c: profextract reading a capture as it comes
 * (host/profextract/capture.c's reader, extract.c's extract_stream): the
 * same frames whatever the pieces it comes in and however long its lines,
 * each payload through a temporary file that a cut frame does not leave;
 * and the names frames are written under when their safe names meet, and
 * how many one capture may have. */
#define _GNU_SOURCE	/* mkdtemp, memmem */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "capture.h"
#include "dump.h"
#include "dumpfmt.h"
#include "extract.h"
#include "hostio.h"
#include "frame.h"
#include "testbuf.h"

struct scratch {
	char top[64];
};

static void scratch_make(struct scratch *s)
{
	snprintf(s->top, sizeof s->top, "/tmp/test_stream.XXXXXX");
	assert_non_null(mkdtemp(s->top));
}

static void scratch_remove(struct scratch *s)
{
	char cmd[200];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->top);
	assert_int_equal(system(cmd), 0);
}

/* Names in a folder, sorted, joined by '|' (hidden ones too). */
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

static struct pdump *small_dump(uint32_t ticks)
{
	struct pdump *d = tdump_new(5, 1);

	tdump_seg(d, 0, "TESTPROF", 1, 0, 0x100);
	d->segs[0].counters[5] = ticks;
	tdump_fix_totals(d);
	return d;
}

static void put_file(struct tbuf *b, const char *name, const char *text)
{
	frame_write_file(name, text, strlen(text), tbuf_sink, b);
}

static void put_text(struct tbuf *b, char ch, size_t n)
{
	while (n--)
		tbuf_put(b, &ch, 1);
}

/* Frames as found, one line each: their kind, ok, line, name, length, a
 * sum of the payload and why. */
static char *frames_seen(const struct tbuf *cap)
{
	struct capture c;
	char *text;
	size_t len, i, k;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(capture_parse(cap->data, cap->len, &c), 0);
	for (i = 0; i < c.n; i++) {
		uint32_t sum = 0;

		for (k = 0; c.frames[i].ok && k < c.frames[i].len; k++)
			sum = sum * 31 + c.frames[i].data[k];
		fprintf(f, "%d %d %zu %s %zu %08x %s\n", c.frames[i].kind, c.frames[i].ok,
			c.frames[i].line, c.frames[i].named ? (char *)c.frames[i].name : "-",
			c.frames[i].len, sum, c.frames[i].why);
	}
	fprintf(f, "lines %zu\n", c.lines);
	capture_free(&c);
	fclose(f);
	return text;
}

/* What extract_stream writes and says, the capture coming through a pipe
 * in pieces of piece bytes (its size not known) or from a file. */
static int stream(const struct tbuf *cap, size_t piece, const char *outdir, char **out,
		  char **err)
{
	size_t on, en;
	FILE *fo = open_memstream(out, &on), *fe = open_memstream(err, &en);
	int fds[2], status, ws;
	pid_t pid;

	assert_non_null(fo);
	assert_non_null(fe);
	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		size_t at;

		close(fds[0]);
		for (at = 0; at < cap->len; at += piece) {
			size_t n = cap->len - at < piece ? cap->len - at : piece;

			if (write(fds[1], cap->data + at, n) != (ssize_t)n)
				_exit(1);
		}
		_exit(0);
	}
	close(fds[1]);
	status = extract_stream(fds[0], SIZE_MAX, 0, "cap.txt", outdir, NULL, fo, fe);
	close(fds[0]);
	assert_int_equal(waitpid(pid, &ws, 0), pid);
	assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
	fclose(fo);
	fclose(fe);
	return status;
}

/* A capture of every kind of line a reader may meet, lines far longer than
 * its window among them. */
static struct tbuf nasty_capture(void)
{
	struct pdump *d = small_dump(7);
	struct tbuf cap = { 0 }, fr = { 0 };

	tbuf_puts(&cap, "boot\r\n");
	put_file(&cap, "a.txt", "first file\n");
	/* console text longer than the window, then a frame on its line */
	put_text(&cap, 'x', 3 * CAPTURE_LINE_CAP + 5);
	frame_write("long.pro", d, tbuf_sink, &fr);
	tbuf_put(&cap, fr.data + 1, fr.len - 1);	/* without its leading newline */
	/* a frame with a line longer than the window inside */
	tbuf_free(&fr);
	put_file(&fr, "b.txt", "second file, cut by a long line\n");
	tbuf_put(&cap, fr.data, 60);
	put_text(&cap, 'Q', 2 * CAPTURE_LINE_CAP);
	tbuf_put(&cap, fr.data + 60, fr.len - 60);
	/* a valid begin line after far more than the window of '\r' */
	tbuf_free(&fr);
	put_file(&fr, "c.txt", "third\n");
	put_text(&cap, '\r', 2 * CAPTURE_LINE_CAP);
	tbuf_put(&cap, fr.data, fr.len);
	/* an end line after long text: text before the end line */
	put_text(&cap, 'y', CAPTURE_LINE_CAP + 3);
	tbuf_puts(&cap, "@PFILE1 END name=z len=1 crc=00000000\n");
	/* two begins on a long line, the first cut by the second */
	tbuf_puts(&cap, "@PFILE1 BEGIN name=cut len=3 crc=00000000");
	put_text(&cap, ' ', CAPTURE_LINE_CAP);
	tbuf_free(&fr);
	put_file(&fr, "d.txt", "fourth\n");
	tbuf_put(&cap, fr.data + 1, fr.len - 1);
	/* a file frame cut by the capture's end */
	tbuf_free(&fr);
	put_file(&fr, "e.txt", "never whole\n");
	tbuf_put(&cap, fr.data, fr.len - 20);
	tbuf_free(&fr);
	tdump_free(d);
	return cap;
}

/* Lines longer than the window give what a whole-line reading gives. */
static void test_stream_long_lines(void **state)
{
	struct tbuf cap = nasty_capture();
	char *seen = frames_seen(&cap);

	(void)state;
	assert_non_null(strstr(seen, "1 1 3 a.txt 11 "));
	assert_non_null(strstr(seen, "0 1 6 long.pro 117 "));
	assert_non_null(strstr(seen, "1 0 12 b.txt 0 00000000 line 13: text inside the frame "
				     "(8236 characters, not a data line)"));
	assert_non_null(strstr(seen, "1 1 16 c.txt 6 "));
	assert_non_null(strstr(seen, "1 0 19 z 0 00000000 line 19: end line without its begin"));
	assert_non_null(strstr(seen, "1 0 20 - 0 00000000 line 20: malformed begin line"));
	assert_non_null(strstr(seen, "1 1 20 d.txt 7 "));
	assert_non_null(strstr(seen, "1 0 24 e.txt 0 00000000 line 26: malformed end line"));
	assert_non_null(strstr(seen, "lines 26\n"));
	free(seen);
	tbuf_free(&cap);
}

/* Through a pipe, in pieces of 1, 7 or 65536 bytes: the same files, the
 * same messages; a cut frame leaves nothing behind, not even its
 * temporary file. */
static void test_stream_pieces(void **state)
{
	struct tbuf cap = nasty_capture();
	struct scratch s;
	size_t pieces[] = { 65536, 1, 7 }, i;
	char dir[200], list[400], *out, *err, *out0 = NULL, *err0 = NULL;

	(void)state;
	for (i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		scratch_make(&s);
		assert_int_equal(stream(&cap, pieces[i], s.top, &out, &err), EXTRACT_BAD);
		list_dir(s.top, list, sizeof list);
		assert_string_equal(list, "files|long.pro");
		snprintf(dir, sizeof dir, "%s/files", s.top);
		list_dir(dir, list, sizeof list);
		assert_string_equal(list, "a.txt|c.txt|d.txt");
		assert_non_null(strstr(err, "file frame \"e.txt\" (line "));
		assert_non_null(strstr(err, "file frame \"b.txt\" (line "));
		if (!out0) {
			out0 = out;
			err0 = err;
		} else {
			/* the same words, the folder's name aside */
			assert_int_equal(strlen(out), strlen(out0));
			assert_int_equal(strlen(err), strlen(err0));
			free(out);
			free(err);
		}
		scratch_remove(&s);
	}
	free(out0);
	free(err0);
	tbuf_free(&cap);
}

/* Runs extract_capture_to; its status, stdout and stderr. */
static int run_names(const struct tbuf *cap, const char *outdir, char **out, char **err)
{
	size_t on, en;
	FILE *fo = open_memstream(out, &on), *fe = open_memstream(err, &en);
	int status;

	assert_non_null(fo);
	assert_non_null(fe);
	status = extract_capture_to(cap->data, cap->len, EXTRACT_NAMES, "cap.txt", outdir, NULL,
				    fo, fe);
	fclose(fo);
	fclose(fe);
	return status;
}

/* Names whose safe forms meet: the first frame keeps the safe name, each
 * later one of another name takes name~1, name~2, ... before its
 * extension, said on stderr with the frame that had it; a frame of the same
 * name again replaces its file. A leading '-' is '_'. */
static void test_names_collide(void **state)
{
	struct pdump *d = small_dump(3), *d2 = small_dump(9);
	struct tbuf cap = { 0 };
	struct scratch s;
	char dir[200], list[400], *out, *err, path[300], e[100];
	uint8_t *text;
	size_t len;

	(void)state;
	scratch_make(&s);
	put_file(&cap, "a b", "1");
	put_file(&cap, "a_b", "2");
	put_file(&cap, "a?b", "3");
	put_file(&cap, "-rf", "4");
	put_file(&cap, "_rf", "5");
	put_file(&cap, "a b", "6");	/* the same name again: replaces "1" */
	frame_write("x y.pro", d, tbuf_sink, &cap);
	frame_write("x_y.pro", d2, tbuf_sink, &cap);
	assert_int_equal(run_names(&cap, s.top, &out, &err), EXTRACT_OK);
	assert_string_equal(out, "x_y.pro\nx_y~1.pro\n");
	snprintf(dir, sizeof dir, "%s/files", s.top);
	list_dir(dir, list, sizeof list);
	assert_string_equal(list, "_rf|_rf~1|a_b|a_b~1|a_b~2");
	snprintf(path, sizeof path, "%s/a_b", dir);
	assert_int_equal(read_whole(path, &text, &len, e, sizeof e), 0);
	assert_string_equal((char *)text, "6");
	free(text);
	snprintf(path, sizeof path, "%s/a_b~2", dir);
	assert_int_equal(read_whole(path, &text, &len, e, sizeof e), 0);
	assert_string_equal((char *)text, "3");
	free(text);
	assert_non_null(strstr(err, "file frame \"a_b\" (line 6) written as a_b~1: a_b is file "
				    "frame \"a%20b\"'s (line 2)\n"));
	assert_non_null(strstr(err, "file frame \"-rf\" (line 14) written as _rf\n"));
	assert_non_null(strstr(err, "file frame \"_rf\" (line 18) written as _rf~1: _rf is file "
				    "frame \"-rf\"'s (line 14)\n"));
	assert_non_null(strstr(err, "file frame \"a%20b\" (line 22) written as a_b\n"));
	assert_non_null(strstr(err, "frame \"x_y.pro\" (line 32) written as x_y~1.pro: x_y.pro is "
				    "frame \"x%20y.pro\"'s (line 26)\n"));
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	tdump_free(d);
	tdump_free(d2);
}

/* A suffix keeps the name within SAFE_NAME_MAX bytes and its extension. */
static void test_names_collide_long(void **state)
{
	char a[131], b[131], list[400], dir[200], *out, *err;
	struct tbuf cap = { 0 };
	struct scratch s;

	(void)state;
	scratch_make(&s);
	memset(a, 'n', 126);
	strcpy(a + 126, ".txt");
	memcpy(b, a, sizeof b);
	b[0] = ' ';
	a[0] = '_';
	put_file(&cap, b, "b");
	put_file(&cap, a, "a");
	assert_int_equal(run_names(&cap, s.top, &out, &err), EXTRACT_OK);
	snprintf(dir, sizeof dir, "%s/files", s.top);
	list_dir(dir, list, sizeof list);
	assert_int_equal(strlen(list), 2 * SAFE_NAME_MAX + 1);
	assert_non_null(strstr(list, "nnn~1.txt"));
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
}

/* Entries in a folder, hidden ones too. */
static size_t count_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* 20,000 frames of names that all meet once made safe ("c" and five bytes
 * of eight that become '_'): each takes the next suffix, found at once,
 * not by trying every one before it; past EXTRACT_NAMES_MAX names the rest
 * are refused by name, and a name written before is still replaced. (A
 * search from ~1 each time took 108 s for 4,000: the alarm ends such a run
 * as a failure.) */
static void test_names_collide_many(void **state)
{
	static const char odd[] = " !#$%&()";
	char name[8], text[16], dir[200], path[300], want[120], e[100], *out, *err, *at;
	struct tbuf cap = { 0 };
	struct scratch s;
	uint8_t *got;
	size_t len, refused = 0;
	int i, k;

	(void)state;
	alarm(60);
	scratch_make(&s);
	for (i = 0; i < 20000; i++) {
		name[0] = 'c';
		for (k = 0; k < 5; k++)
			name[1 + k] = odd[(i >> (3 * k)) & 7];
		name[6] = 0;
		snprintf(text, sizeof text, "%d", i);
		put_file(&cap, name, text);
	}
	name[0] = 'c';
	for (k = 0; k < 5; k++)
		name[1 + k] = odd[(7 >> (3 * k)) & 7];
	put_file(&cap, name, "again");	/* frame 7's name: its file, c_____~7, replaced */
	assert_int_equal(run_names(&cap, s.top, &out, &err), EXTRACT_BAD);
	snprintf(dir, sizeof dir, "%s/files", s.top);
	assert_int_equal(count_dir(dir), EXTRACT_NAMES_MAX);
	snprintf(path, sizeof path, "%s/c_____", dir);
	assert_int_equal(read_whole(path, &got, &len, e, sizeof e), 0);
	assert_string_equal((char *)got, "0");
	free(got);
	snprintf(path, sizeof path, "%s/c_____~%d", dir, EXTRACT_NAMES_MAX - 1);
	assert_int_equal(read_whole(path, &got, &len, e, sizeof e), 0);
	snprintf(text, sizeof text, "%d", EXTRACT_NAMES_MAX - 1);
	assert_string_equal((char *)got, text);
	free(got);
	snprintf(path, sizeof path, "%s/c_____~7", dir);
	assert_int_equal(read_whole(path, &got, &len, e, sizeof e), 0);
	assert_string_equal((char *)got, "again");
	free(got);
	snprintf(path, sizeof path, "%s/c_____~%d", dir, EXTRACT_NAMES_MAX);
	assert_int_equal(access(path, F_OK), -1);
	snprintf(want, sizeof want, "file frame \"c_____~%d\" (line ", EXTRACT_NAMES_MAX);
	assert_non_null(strstr(err, want));
	for (at = err; (at = strstr(at, "names in one capture; nothing written\n")); at++)
		refused++;
	assert_int_equal(refused, 20000 - EXTRACT_NAMES_MAX);
	snprintf(want, sizeof want, "more than %d names in one capture", EXTRACT_NAMES_MAX);
	assert_non_null(strstr(err, want));
	alarm(0);
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
}

/* EXTRACT_KINDS (profextract -k): each dump's name, then its kind, read
 * from its type: user or system, time or the event counted, stacks. */
static void test_kinds(void **state)
{
	struct pdump *user = small_dump(3), *sys = small_dump(4), *ev = small_dump(5);
	struct pdump_cpu cpu = { 0, 0, 0, 0, NULL };
	uint64_t counts[2] = { 2, 3 };
	struct tbuf cap = { 0 };
	struct scratch s;
	char *out, *err;
	size_t on, en;
	FILE *fo, *fe;

	(void)state;
	sys->type = PDUMP_TYPE_STACKS;	/* a system profile with (no) stacks */
	ev->type = PDUMP_TYPE_SWITCH;
	ev->ncpu = 1;
	ev->cpus = &cpu;
	cpu.samples = ev->total;
	ev->ev_every = 1;
	ev->ev_nclass = 2;
	ev->ev_count = counts;
	frame_write("u.pro", user, tbuf_sink, &cap);
	put_file(&cap, "data.txt", "1");
	frame_write("s.pro", sys, tbuf_sink, &cap);
	frame_write("u.switch.pro", ev, tbuf_sink, &cap);
	scratch_make(&s);
	assert_non_null(fo = open_memstream(&out, &on));
	assert_non_null(fe = open_memstream(&err, &en));
	assert_int_equal(extract_capture_to(cap.data, cap.len, EXTRACT_NAMES | EXTRACT_KINDS, "cap.txt",
					    s.top, NULL, fo, fe), EXTRACT_OK);
	fclose(fo);
	fclose(fe);
	assert_string_equal(err, "");
	assert_string_equal(out, "u.pro user time\ns.pro system time stacks\nu.switch.pro system switch\n");
	free(out);
	free(err);
	scratch_remove(&s);
	tbuf_free(&cap);
	ev->cpus = NULL;
	ev->ev_count = NULL;
	tdump_free(user);
	tdump_free(sys);
	tdump_free(ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_long_lines),
		cmocka_unit_test(test_stream_pieces),
		cmocka_unit_test(test_names_collide),
		cmocka_unit_test(test_names_collide_long),
		cmocka_unit_test(test_names_collide_many),
		cmocka_unit_test(test_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
