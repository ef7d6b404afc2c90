/* printf.c: printf and friends, over the engine in format.c, with the
 * floating-point conversions of fmtfloat.c.
 *
 * The stream functions gather their output and hand it to write(fd, ...)
 * in one call per CONSOLE_CHUNK bytes: the kernel writes each call whole,
 * so the lines of processes printing at once do not interleave mid-line.
 * stdout is fd 1, stderr fd 2; nothing is buffered between calls. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "libc.h"

#define CONSOLE_CHUNK	512

struct libc_file {
	int fd;
};

/* FILE is struct libc_file (<stdio.h>); named so here, so that the host's
 * unit tests, which see the host's FILE, compile this file too. */
static struct libc_file files[2] = { { 1 }, { 2 } };
struct libc_file *const LIBC(stdout) = &files[0];
struct libc_file *const LIBC(stderr) = &files[1];

struct console {
	int fd;
	char buf[CONSOLE_CHUNK];
	size_t len;
	int failed;	/* a write failed: the rest is dropped, the call returns EOF */
};

struct buffer {
	char *buf;
	size_t size;	/* room, including the terminating NUL */
	size_t len;	/* characters stored, not counting those cut off */
};

static void console_flush(struct console *con)
{
	const char *p = con->buf;
	size_t left = con->len;

	while (left > 0 && !con->failed) {
		int n = write(con->fd, p, left);	/* may take less than all: go on */

		if (n <= 0) {
			con->failed = 1;
		} else {
			p += n;
			left -= (size_t)n;
		}
	}
	con->len = 0;
}

static void console_put(void *ctx, char c)
{
	struct console *con = ctx;

	if (con->len == sizeof con->buf)
		console_flush(con);
	con->buf[con->len++] = c;
}

/* Not the whole struct: 512 bytes to clear for nothing. */
static void console_open(struct console *con, int fd)
{
	con->fd = fd;
	con->len = 0;
	con->failed = 0;
}

static int console_format(int fd, const char *fmt, va_list ap)
{
	struct console con;
	int n;

	console_open(&con, fd);
	n = fmt_format_float(console_put, &con, fmt, ap, fmt_float);
	console_flush(&con);
	return con.failed ? EOF : n;
}

static void buffer_put(void *ctx, char c)
{
	struct buffer *b = ctx;

	if (b->len + 1 < b->size)
		b->buf[b->len++] = c;
}

/* vsnprintf's work: returns the full length, as if the buffer were large. */
static int buffer_format(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct buffer b = { buf, size, 0 };
	int n = fmt_format_float(buffer_put, &b, fmt, ap, fmt_float);

	if (size > 0)
		buf[b.len] = '\0';
	return n;
}

int LIBC(vprintf)(const char *fmt, va_list ap)
{
	return console_format(1, fmt, ap);
}

int LIBC(printf)(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = console_format(1, fmt, ap);
	va_end(ap);
	return n;
}

int LIBC(vfprintf)(struct libc_file *f, const char *fmt, va_list ap)
{
	return console_format(f->fd, fmt, ap);
}

int LIBC(fprintf)(struct libc_file *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = console_format(f->fd, fmt, ap);
	va_end(ap);
	return n;
}

int LIBC(vsnprintf)(char *buf, size_t size, const char *fmt, va_list ap)
{
	return buffer_format(buf, size, fmt, ap);
}

int LIBC(snprintf)(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = buffer_format(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* The caller vouches for the room. */
int LIBC(vsprintf)(char *buf, const char *fmt, va_list ap)
{
	return buffer_format(buf, (size_t)-1, fmt, ap);
}

int LIBC(sprintf)(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = buffer_format(buf, (size_t)-1, fmt, ap);
	va_end(ap);
	return n;
}

/* s, then the newline if newline is set, in one write per chunk; returns
 * the bytes written or EOF. */
static int put_string(int fd, const char *s, int newline)
{
	struct console con;
	int n = 0;

	console_open(&con, fd);
	for (; s[n]; n++)
		console_put(&con, s[n]);
	if (newline)
		console_put(&con, '\n');
	console_flush(&con);
	return con.failed ? EOF : n + newline;
}

/* s and the newline in one write, as printf("%s\n", s). */
int LIBC(puts)(const char *s)
{
	return put_string(1, s, 1);
}

int LIBC(fputs)(const char *s, struct libc_file *f)
{
	return put_string(f->fd, s, 0);
}

int LIBC(fputc)(int c, struct libc_file *f)
{
	unsigned char ch = (unsigned char)c;

	return write(f->fd, &ch, 1) == 1 ? ch : EOF;
}

int LIBC(putc)(int c, struct libc_file *f)
{
	return LIBC(fputc)(c, f);
}

int LIBC(putchar)(int c)
{
	return LIBC(fputc)(c, LIBC(stdout));
}

/* Returns the whole items written: all of them, unless a write failed. */
size_t LIBC(fwrite)(const void *buf, size_t size, size_t count, struct libc_file *f)
{
	const char *p = buf;
	size_t total = size * count, done = 0;	/* the buffer holds them: no overflow */

	if (total == 0)
		return 0;
	while (done < total) {
		int n = write(f->fd, p + done, total - done);

		if (n <= 0)
			break;
		done += (size_t)n;
	}
	return done / size;
}

int LIBC(fflush)(struct libc_file *f)
{
	(void)f;
	return 0;
}

/* "s: text\n" on stderr, or "text\n" when s is NULL or empty; one write. */
void LIBC(perror)(const char *s)
{
	const char *text = LIBC(strerror)(errno);

	if (s != NULL && *s != '\0')
		LIBC(fprintf)(LIBC(stderr), "%s: %s\n", s, text);
	else
		LIBC(fprintf)(LIBC(stderr), "%s\n", text);
}
