/* printf.c: printf and friends, over the engine in format.c.
 *
 * The console functions gather their output and hand it to write(1, ...)
 * in one call per CONSOLE_CHUNK bytes: the kernel writes each call whole,
 * so the lines of processes printing at once do not interleave mid-line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>
#include "libc.h"

#define CONSOLE_CHUNK	512

struct console {
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
		int n = write(1, p, left);	/* may take less than all: go on */

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

static int console_format(const char *fmt, va_list ap)
{
	struct console con;
	int n;

	con.len = 0;	/* not the whole struct: 512 bytes to clear for nothing */
	con.failed = 0;
	n = fmt_format(console_put, &con, fmt, ap);
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
	int n = fmt_format(buffer_put, &b, fmt, ap);

	if (size > 0)
		buf[b.len] = '\0';
	return n;
}

int LIBC(vprintf)(const char *fmt, va_list ap)
{
	return console_format(fmt, ap);
}

int LIBC(printf)(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = console_format(fmt, ap);
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

int LIBC(sprintf)(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = buffer_format(buf, (size_t)-1, fmt, ap);	/* the caller vouches for the room */
	va_end(ap);
	return n;
}

/* s and the newline in one write, as printf("%s\n", s). */
int LIBC(puts)(const char *s)
{
	struct console con;
	int n = 0;

	con.len = 0;
	con.failed = 0;
	for (; s[n]; n++)
		console_put(&con, s[n]);
	console_put(&con, '\n');
	console_flush(&con);
	return con.failed ? EOF : n + 1;
}

int LIBC(putchar)(int c)
{
	unsigned char ch = (unsigned char)c;

	return write(1, &ch, 1) == 1 ? ch : EOF;
}
