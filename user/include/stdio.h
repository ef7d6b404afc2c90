/* stdio.h: formatted output to the console (fd 1) and to buffers. There are
 * no FILE streams: each printf is handed to write() at once, in one call
 * when it is under 512 bytes, so that concurrent processes' lines stay whole. */
#ifndef STDIO_H
#define STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF	(-1)

/* Conversions: d i u x X s c p %; flags - 0 + space #; width and precision
 * (digits or *); sizes hh, h, l, ll, z. %p prints 0x%08x. Each returns the number
 * of characters, or EOF if a write failed. */
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* These return the length the whole output has, even when cut to fit size. */
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
int sprintf(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int puts(const char *s);	/* s and a newline, in one write */
int putchar(int c);

#endif
