/* lib.h: the kernel's own freestanding code (lib/): the naming rule of its
 * functions, and the printf engine's interface. Integer-only: the kernel is
 * built without the FPU. (Programs have newlib, docs/libc.md.) */
#ifndef LIB_LIB_H
#define LIB_LIB_H

#include <stdarg.h>
#include <stddef.h>

/* Each library function is defined as LIBC(name). A build for the kernel
 * or a guest keeps the name; a host unit test defines LIBC(name) as
 * u_##name before it #includes the .c file, so the real code links beside
 * the host's libc. */
#ifndef LIBC
#define LIBC(name) name
#endif

/* The printf engine (format.c): formats fmt and the arguments in ap,
 * handing each character to put(ctx, c); returns how many it handed.
 * It has no libc names, so a host test links it as it is. */
int fmt_format(void (*put)(void *ctx, char c), void *ctx, const char *fmt, va_list ap);

/* One conversion's flags, width, precision and size, as format.c read them. */
#define FMT_NO_PREC	(-1)
struct fmt_spec {
	int left;	/* '-': pad on the right */
	int zero;	/* '0': pad numbers with zeros, not spaces */
	char sign;	/* '+' or ' ': what a non-negative number starts with, or 0 */
	int alt;	/* '#': 0x before non-zero hex, a 0 before octal, a point always */
	int width;
	int prec;	/* FMT_NO_PREC, or digits of a number / bytes of a string */
	char size;	/* 0, 'H' (hh), 'h', 'l', 'q' (ll, j), 'z' (z, t) or 'L' */
};

/* The floating-point conversions f F e E g G a A: a function that reads its
 * argument from *ap and hands its text to fmt_emit_float. fmt_format is
 * fmt_format_float without one: those conversions then print nothing. */
struct fmt_out;
typedef void fmt_float_fn(struct fmt_out *o, const struct fmt_spec *sp, char conv, va_list *ap);
int fmt_format_float(void (*put)(void *ctx, char c), void *ctx, const char *fmt, va_list ap,
		     fmt_float_fn *flt);
void fmt_emit_float(struct fmt_out *o, const struct fmt_spec *sp, const char *prefix,
		    const char *body, int len, int zeros, const char *suffix, int pad_zeros);

#endif
