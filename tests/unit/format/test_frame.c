/* test_frame.c: the serial frame, written by format/frame.c and found by
 * host/profextract/capture.c, amid console text and through every kind of damage. */
#define _GNU_SOURCE	/* memmem */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "capture.h"
#include "dump.h"
#include "frame.h"
#include "framefmt.h"
#include "testbuf.h"

/* A dump big enough for several body lines: one dense and one sparse segment. */
static struct pdump *sample_dump(void)
{
	struct pdump *d = tdump_new(0, 2);
	uint32_t k;

	tdump_seg(d, 0, "kernel", 1, 0x100000, 256);
	for (k = 0; k < 64; k++)
		d->segs[0].counters[k] = 1 + k * 3;
	tdump_seg(d, 1, "TESTPROF", 1, 0, 0x182c);
	d->segs[1].counters[0x40 >> 2] = 6;
	d->segs[1].counters[0x128 >> 2] = 464;
	d->idle = 40;
	tdump_fix_totals(d);
	return d;
}

/* The frame of d named name, as the serial line carries it. */
static struct tbuf frame_of(const char *name, const struct pdump *d)
{
	struct tbuf b = { 0 };
	size_t n = frame_write(name, d, tbuf_sink, &b);

	assert_int_equal(n, b.len);
	return b;
}

static size_t count_ok(const uint8_t *buf, size_t len, size_t *nframes)
{
	struct capture c;
	size_t i, ok = 0;

	assert_int_equal(capture_parse(buf, len, &c), 0);
	for (i = 0; i < c.n; i++) {
		ok += c.frames[i].ok;
		if (!c.frames[i].ok) {
			assert_true(strlen(c.frames[i].why) > 0);
			assert_null(c.frames[i].data);
		}
	}
	if (nframes)
		*nframes = c.n;
	capture_free(&c);
	return ok;
}

/* Asserts that buf holds exactly one frame, damaged. */
static void assert_damaged(const uint8_t *buf, size_t len, const char *what, size_t at)
{
	size_t n;

	if (count_ok(buf, len, &n) != 0 || n < 1)
		fail_msg("%s at %zu: %zu frames, not one damaged", what, at, n);
}

/* Asserts a frame named name carrying exactly d's bytes. */
static void assert_frame(const struct frame *f, const char *name, const struct pdump *d)
{
	struct tbuf want = tdump_bytes(d);

	if (!f->ok)
		fail_msg("frame %s damaged: %s", name, f->why);
	assert_int_equal(f->namelen, strlen(name));
	assert_memory_equal(f->name, name, f->namelen);
	assert_int_equal(f->len, want.len);
	assert_memory_equal(f->data, want.data, want.len);
	tbuf_free(&want);
}

/* The span of the frame proper: from the begin line's '@' to the end line's
 * last character (the LF before and after belong to the console). */
static void frame_span(const struct tbuf *b, size_t *from, size_t *to)
{
	*from = 1;
	assert_int_equal(b->data[0], '\n');
	assert_int_equal(b->data[1], '@');
	*to = b->len - 1;
	assert_int_equal(b->data[*to], '\n');
}

/* ---- the frame as written -------------------------------------------------- */

/* Printable ASCII lines, 76 base64 characters a full line, found and decoded. */
static void test_frame_roundtrip(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf b = frame_of("testprof.pro", d);
	struct capture c;
	size_t i, col = 0;

	(void)state;
	for (i = 0; i < b.len; i++) {
		assert_true(b.data[i] == '\n' || (b.data[i] >= ' ' && b.data[i] <= '~'));
		col = b.data[i] == '\n' ? 0 : col + 1;
		assert_true(col <= 300);
	}
	assert_non_null(memmem(b.data, b.len, "\n@PDUMP1 BEGIN name=testprof.pro len=", 37));
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_int_equal(c.n, 1);
	assert_frame(&c.frames[0], "testprof.pro", d);
	assert_int_equal(c.frames[0].line, 2);
	capture_free(&c);
	tbuf_free(&b);
	tdump_free(d);
}

/* Names of any bytes travel escaped and come back exact; longer than
 * FRAME_NAME_MAX they are cut there. */
static void test_frame_name_escaping(void **state)
{
	struct pdump *d = sample_dump();
	char name[400];
	struct tbuf b;
	struct capture c;
	int k;

	(void)state;
	for (k = 0; k < 255; k++)
		name[k] = (char)(k + 1);	/* every byte but NUL */
	name[255] = 0;
	b = frame_of(name, d);
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_int_equal(c.n, 1);
	assert_frame(&c.frames[0], name, d);
	capture_free(&c);
	tbuf_free(&b);

	memset(name, 'x', sizeof name - 1);
	name[sizeof name - 1] = 0;
	b = frame_of(name, d);
	name[FRAME_NAME_MAX] = 0;
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_frame(&c.frames[0], name, d);
	capture_free(&c);
	tbuf_free(&b);

	b = frame_of("", d);
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_frame(&c.frames[0], "", d);
	assert_int_equal(c.frames[0].named, 1);
	capture_free(&c);
	tbuf_free(&b);
	tdump_free(d);
}

/* ---- console text around ---------------------------------------------------- */

/* Text before (even on the begin line's own line) and after is ignored. */
static void test_frame_console_noise(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("a.pro", d), b = { 0 };
	struct capture c;
	static const uint8_t junk[] = { 0x1b, '[', '0', 'm', 0, 0xff, 0x80, '\r', '\n' };

	(void)state;
	tbuf_puts(&b, "GRUB loading.\r\n");
	tbuf_put(&b, junk, sizeof junk);
	tbuf_puts(&b, "profkern: booting, no newline after this");
	tbuf_put(&b, f.data + 1, f.len - 1);	/* the frame without its leading LF */
	tbuf_puts(&b, "@PDUMP1 is mentioned here\nexit 0\n");
	tbuf_put(&b, junk, sizeof junk - 2);
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_int_equal(c.n, 1);
	assert_frame(&c.frames[0], "a.pro", d);
	capture_free(&c);
	tbuf_free(&b);
	tbuf_free(&f);
	tdump_free(d);
}

/* A terminal's CRLF (even doubled) is accepted. */
static void test_frame_crlf(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("crlf.pro", d), b = { 0 };
	struct capture c;
	size_t i;

	(void)state;
	for (i = 0; i < f.len; i++)
		if (f.data[i] == '\n')
			tbuf_puts(&b, i % 2 ? "\r\n" : "\r\r\n");
		else
			tbuf_put(&b, &f.data[i], 1);
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_int_equal(c.n, 1);
	assert_frame(&c.frames[0], "crlf.pro", d);
	capture_free(&c);
	tbuf_free(&b);
	tbuf_free(&f);
	tdump_free(d);
}

/* The capture may end right after the end line's text, without its LF. */
static void test_frame_no_final_newline(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("last.pro", d);

	(void)state;
	assert_int_equal(count_ok(f.data, f.len - 1, NULL), 1);
	tbuf_free(&f);
	tdump_free(d);
}

/* ---- damage ---------------------------------------------------------------- */

/* Any bit of any byte of the frame flipped: the frame is damaged. */
static void test_frame_bit_flips(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("flip.pro", d);
	size_t i, from, to;
	int bit;

	(void)state;
	frame_span(&f, &from, &to);
	for (i = from; i < to; i++)
		for (bit = 0; bit < 8; bit++) {
			f.data[i] ^= (uint8_t)(1 << bit);
			assert_damaged(f.data, f.len, "bit flip", i * 8 + (size_t)bit);
			f.data[i] ^= (uint8_t)(1 << bit);
		}
	tbuf_free(&f);
	tdump_free(d);
}

/* Any byte of the frame dropped, or repeated: the frame is damaged. */
static void test_frame_dropped_repeated(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("drop.pro", d), b = { 0 };
	size_t i, from, to;

	(void)state;
	frame_span(&f, &from, &to);
	for (i = from; i < to; i++) {
		b.len = 0;
		tbuf_put(&b, f.data, i);
		tbuf_put(&b, f.data + i + 1, f.len - i - 1);
		tbuf_puts(&b, "login: ");
		assert_damaged(b.data, b.len, "dropped byte", i);
		if (i == from)
			continue;	/* "@@PDUMP1": console text, then the frame */
		b.len = 0;
		tbuf_put(&b, f.data, i + 1);
		tbuf_put(&b, f.data + i, f.len - i);
		assert_damaged(b.data, b.len, "repeated byte", i);
	}
	tbuf_free(&b);
	tbuf_free(&f);
	tdump_free(d);
}

/* A capture cut anywhere before the end line is whole: no good frame, the
 * cut one reported (once its begin line is there). */
static void test_frame_cuts(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("cut.pro", d);
	size_t n, frames;

	(void)state;
	for (n = 0; n < f.len - 1; n++) {
		assert_int_equal(count_ok(f.data, n, &frames), 0);
		if (n > 20)
			assert_int_equal(frames, 1);
	}
	tbuf_free(&f);
	tdump_free(d);
}

/* Console text inside the frame, as a line of its own or within a line,
 * even text that looks like base64, damages it. */
static void test_frame_interleaved_text(void **state)
{
	static const char *texts[] = { "kernel: hello\n", "QUJD\n", "\n", "x", "ABCD" };
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("mixed.pro", d), b = { 0 };
	size_t i, t, from, to;

	(void)state;
	frame_span(&f, &from, &to);
	for (t = 0; t < sizeof texts / sizeof texts[0]; t++)
		for (i = from + 1; i < to; i++) {
			if (texts[t][strlen(texts[t]) - 1] == '\n' && f.data[i - 1] != '\n')
				continue;	/* whole lines go between lines */
			b.len = 0;
			tbuf_put(&b, f.data, i);
			tbuf_puts(&b, texts[t]);
			tbuf_put(&b, f.data + i, f.len - i);
			assert_damaged(b.data, b.len, texts[t], i);
		}
	tbuf_free(&b);
	tbuf_free(&f);
	tdump_free(d);
}

/* Three frames, the middle one damaged in each way: the others come out
 * whole, and the damaged one is reported by its name. */
static void test_frame_resync(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f1 = frame_of("one.pro", d), f2 = frame_of("two.pro", d);
	struct tbuf f3 = frame_of("three.pro", d), b = { 0 };
	struct capture c;
	int how;

	(void)state;
	for (how = 0; how < 4; how++) {
		b.len = 0;
		tbuf_puts(&b, "boot\n");
		tbuf_put(&b, f1.data, f1.len);
		tbuf_puts(&b, "between\n");
		if (how == 0)		/* cut: the end line and more lost */
			tbuf_put(&b, f2.data, f2.len / 2);
		else if (how == 1) {	/* a bit flipped in the body */
			tbuf_put(&b, f2.data, f2.len);
			b.data[b.len - f2.len + 80] ^= 4;
		} else if (how == 2) {	/* console text in the middle */
			tbuf_put(&b, f2.data, 100);
			tbuf_puts(&b, "\nIRQ7 spurious\n");
			tbuf_put(&b, f2.data + 100, f2.len - 100);
		} else {		/* the begin line lost */
			tbuf_put(&b, f2.data + 40, f2.len - 40);
		}
		tbuf_put(&b, f3.data, f3.len);
		assert_int_equal(capture_parse(b.data, b.len, &c), 0);
		assert_int_equal(c.n, 3);
		assert_frame(&c.frames[0], "one.pro", d);
		assert_false(c.frames[1].ok);
		assert_true(c.frames[1].named);
		assert_string_equal((char *)c.frames[1].name, "two.pro");
		assert_frame(&c.frames[2], "three.pro", d);
		capture_free(&c);
	}
	tbuf_free(&b);
	tbuf_free(&f1);
	tbuf_free(&f2);
	tbuf_free(&f3);
	tdump_free(d);
}

/* A frame cut in its begin line, console text, then the next frame with no
 * newline between: the cut one is reported, the next one read whole (read
 * from the line's first marker, it was lost: test_extract's random damage
 * found it). */
static void test_frame_two_begins_on_a_line(void **state)
{
	struct pdump *d = sample_dump();
	struct tbuf f = frame_of("next.pro", d), b = { 0 };
	struct capture c;

	(void)state;
	tbuf_put(&b, f.data, 20);		/* "\n@PDUMP1 BEGIN name=", cut */
	tbuf_puts(&b, "login: ");
	tbuf_put(&b, f.data + 1, f.len - 1);	/* the next frame, on that line */
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_int_equal(c.n, 2);
	assert_false(c.frames[0].ok);
	assert_frame(&c.frames[1], "next.pro", d);
	capture_free(&c);
	tbuf_free(&b);
	tbuf_free(&f);
	tdump_free(d);
}

/* A sink that bumps a counter once the begin line is out, as a live sampler
 * would between the two passes. */
struct moving {
	struct tbuf out;
	struct pdump *d;
};

static void moving_sink(void *ctx, const void *data, size_t len)
{
	struct moving *m = ctx;

	tbuf_put(&m->out, data, len);
	if (memmem(m->out.data, m->out.len, "BEGIN", 5) && m->d->segs[1].counters[3] < 100) {
		m->d->segs[1].counters[3] = 100;
		m->d->total += 100;
	}
}

/* Counters that move while the dump is sent: the host says so. */
static void test_frame_dump_changed(void **state)
{
	struct moving m = { { 0 }, sample_dump() };
	struct capture c;

	(void)state;
	frame_write("live.pro", m.d, moving_sink, &m);
	assert_int_equal(capture_parse(m.out.data, m.out.len, &c), 0);
	assert_int_equal(c.n, 1);
	assert_false(c.frames[0].ok);
	if (!strstr(c.frames[0].why, "changed while it was sent"))
		fail_msg("why: %s", c.frames[0].why);
	capture_free(&c);
	tbuf_free(&m.out);
	tdump_free(m.d);
}

/* Escapes are strict: lowercase hex, a lone '%', a raw space are refused. */
/* A file's frame: the same lines under @PFILE1, any bytes (none, binary,
 * several lines' worth) back exactly, of kind FRAME_KIND_FILE, beside a
 * dump's frame of kind FRAME_KIND_DUMP; an end line of the other kind
 * damages the frame; a bit flipped in the file's bytes is caught by the
 * frame's CRC (a file has no CRC of its own). */
static void test_frame_file(void **state)
{
	static uint8_t bytes[1000];
	struct pdump *d = sample_dump();
	struct tbuf b = { 0 };
	struct capture c;
	size_t lens[3] = { 0, 1, sizeof(bytes) }, i;
	char *at;

	(void)state;
	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (uint8_t)(i * 7 + (i >> 8));
	for (i = 0; i < 3; i++)
		assert_true(frame_write_file("out.txt", bytes, lens[i], tbuf_sink, &b) > 0);
	frame_write("p.pro", d, tbuf_sink, &b);
	assert_non_null(memmem(b.data, b.len, "\n@PFILE1 BEGIN name=out.txt len=1000 crc=",
			       strlen("\n@PFILE1 BEGIN name=out.txt len=1000 crc=")));
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_int_equal(c.n, 4);
	for (i = 0; i < 3; i++) {
		assert_true(c.frames[i].ok);
		assert_int_equal(c.frames[i].kind, FRAME_KIND_FILE);
		assert_int_equal(c.frames[i].len, lens[i]);
		if (lens[i])
			assert_memory_equal(c.frames[i].data, bytes, lens[i]);
	}
	assert_int_equal(c.frames[3].kind, FRAME_KIND_DUMP);
	assert_frame(&c.frames[3], "p.pro", d);
	capture_free(&c);
	tbuf_free(&b);

	frame_write_file("x", bytes, 100, tbuf_sink, &b);
	at = memmem(b.data, b.len, "@PFILE1 END", 11);
	memcpy(at, "@PDUMP1 END", 11);
	assert_damaged(b.data, b.len, "an end line of a dump", 0);
	assert_int_equal(capture_parse(b.data, b.len, &c), 0);
	assert_non_null(strstr(c.frames[0].why, "another kind"));
	capture_free(&c);
	tbuf_free(&b);

	frame_write_file("x", bytes, 100, tbuf_sink, &b);
	at = memmem(b.data, b.len, "\n", 1);
	at = memchr(at + 1, '\n', b.len - (size_t)(at + 1 - (char *)b.data)) + 1;	/* the body */
	at[10] = at[10] == 'A' ? 'B' : 'A';
	assert_damaged(b.data, b.len, "a flipped bit in a file", 10);
	tbuf_free(&b);
	tdump_free(d);
}

static void test_frame_unescape(void **state)
{
	uint8_t name[FRAME_NAME_MAX + 1];
	size_t n;

	(void)state;
	assert_int_equal(frame_unescape("a%20b%25", 8, name, &n), 0);
	assert_int_equal(n, 4);
	assert_memory_equal(name, "a b%", 4);
	assert_int_equal(frame_unescape("%2f", 3, name, &n), -1);
	assert_int_equal(frame_unescape("%2", 2, name, &n), -1);
	assert_int_equal(frame_unescape("a b", 3, name, &n), -1);
	assert_int_equal(frame_unescape("\x80", 1, name, &n), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_frame_roundtrip),
		cmocka_unit_test(test_frame_name_escaping),
		cmocka_unit_test(test_frame_console_noise),
		cmocka_unit_test(test_frame_crlf),
		cmocka_unit_test(test_frame_no_final_newline),
		cmocka_unit_test(test_frame_bit_flips),
		cmocka_unit_test(test_frame_dropped_repeated),
		cmocka_unit_test(test_frame_cuts),
		cmocka_unit_test(test_frame_interleaved_text),
		cmocka_unit_test(test_frame_resync),
		cmocka_unit_test(test_frame_two_begins_on_a_line),
		cmocka_unit_test(test_frame_dump_changed),
		cmocka_unit_test(test_frame_unescape),
		cmocka_unit_test(test_frame_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
