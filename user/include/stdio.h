/* stdio.h: formatted output to the console and to buffers. The streams are
 * stdout (fd 1) and stderr (fd 2), both unbuffered: each printf is handed
 * to write() at once, in one call when it is under 512 bytes, so that
 * concurrent processes' lines stay whole. There is no input and no file. */
#ifndef STDIO_H
#define STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF	(-1)

typedef struct libc_file FILE;
extern FILE *const stdout;
extern FILE *const stderr;
#define stdout	stdout
#define stderr	stderr

/* Conversions: d i o u x X c s p, f F e E g G a A, %; flags - 0 + space #;
 * width and precision (digits or *); sizes hh h l ll j z t, and L for long
 * double (formatted as the double it rounds to). %p prints 0x%08x. Floating
 * point is exact: the decimal digits are those of the binary value, rounded
 * to even at the precision, as glibc prints them. Each returns the number
 * of characters, or EOF if a write failed. */
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
int fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int vfprintf(FILE *f, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* These return the length the whole output has, even when cut to fit size. */
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
int sprintf(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int vsprintf(char *buf, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

int puts(const char *s);	/* s and a newline, in one write */
int putchar(int c);
int fputs(const char *s, FILE *f);
int fputc(int c, FILE *f);
int putc(int c, FILE *f);
size_t fwrite(const void *buf, size_t size, size_t count, FILE *f);
int fflush(FILE *f);		/* nothing is buffered: 0 */
void perror(const char *s);	/* "s: " and strerror(errno) on stderr */

#endif
