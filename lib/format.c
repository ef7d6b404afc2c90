/* format.c: the kernel's printf engine, behind kprintf and panic.
 *
 * Conversions: d i o u x X s c p %. Flags: - 0 + space #. Width and precision
 * as digits or *. Sizes: hh h l ll j z t (and L, for the floating-point
 * conversions). %p prints 0x%08x. 64-bit values print without libgcc:
 * division by 10 is done 16 bits at a time with 32-bit divides.
 *
 * The kernel is integer-only: a floating-point conversion (f F e E g G a
 * A) prints as written, as an unknown one does. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "lib.h"

#define NO_PREC		(-1)

/* One conversion's flags, width, precision and size, as parse_spec read them. */
struct fmt_spec {
	int left;	/* '-': pad on the right */
	int zero;	/* '0': pad numbers with zeros, not spaces */
	char sign;	/* '+' or ' ': what a non-negative number starts with, or 0 */
	int alt;	/* '#': 0x before non-zero hex, a 0 before octal */
	int width;
	int prec;	/* NO_PREC, or digits of a number / bytes of a string */
	char size;	/* 0, 'H' (hh), 'h', 'l', 'q' (ll, j), 'z' (z, t) or 'L' */
};
#define FIELD_MAX	100000	/* widths beyond this are typos; stop before int overflows */

struct out {
	void (*put)(void *ctx, char c);
	void *ctx;
	int count;
};

static void emit(struct out *o, const char *s, int n)
{
	for (; n > 0; n--, s++) {
		o->put(o->ctx, *s);
		o->count++;
	}
}

static void emit_repeat(struct out *o, char c, int n)
{
	for (; n > 0; n--)
		emit(o, &c, 1);
}

static int length(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

/* Lays out prefix (sign or 0x), the precision's zeros and body in the field. */
static void emit_field(struct out *o, const struct fmt_spec *sp, const char *prefix,
		       const char *body, int len, int numeric)
{
	int plen = length(prefix);
	int zeros = numeric && sp->prec > len ? sp->prec - len : 0;
	int pad = sp->width - plen - zeros - len;
	/* C: with a precision, '0' is ignored for numbers. */
	int zero_pad = numeric && sp->zero && !sp->left && sp->prec == NO_PREC;

	if (!sp->left && !zero_pad)
		emit_repeat(o, ' ', pad);
	emit(o, prefix, plen);
	if (zero_pad)
		emit_repeat(o, '0', pad);
	emit_repeat(o, '0', zeros);
	emit(o, body, len);
	if (sp->left)
		emit_repeat(o, ' ', pad);
}

/* *v /= 10 with 32-bit divides only (no __udivdi3); returns the remainder.
 * Each step divides (remainder << 16 | next 16 bits), which fits 32 bits. */
static unsigned div10(uint64_t *v)
{
	uint32_t hi = (uint32_t)(*v >> 32), lo = (uint32_t)*v;
	uint32_t qhi, qmid, qlo, cur;

	if (hi == 0) {
		*v = lo / 10;
		return lo % 10;
	}
	qhi = hi / 10;
	cur = (hi % 10) << 16 | lo >> 16;
	qmid = cur / 10;
	cur = (cur % 10) << 16 | (lo & 0xffff);
	qlo = cur / 10;
	*v = (uint64_t)qhi << 32 | qmid << 16 | qlo;
	return cur % 10;
}

/* Writes v's digits to end backwards; returns where they start. */
static char *digits(uint64_t v, int base, int upper, char *end)
{
	const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";

	while (v != 0) {
		if (base == 16) {
			*--end = set[v & 15];
			v >>= 4;
		} else if (base == 8) {
			*--end = set[v & 7];
			v >>= 3;
		} else {
			*--end = set[div10(&v)];
		}
	}
	return end;
}

static uint64_t arg_unsigned(char size, va_list *ap)
{
	switch (size) {
	case 'H': return (unsigned char)va_arg(*ap, unsigned int);
	case 'h': return (unsigned short)va_arg(*ap, unsigned int);
	case 'l': return va_arg(*ap, unsigned long);
	case 'q': return va_arg(*ap, unsigned long long);
	case 'z': return va_arg(*ap, size_t);
	default:  return va_arg(*ap, unsigned int);
	}
}

static int64_t arg_signed(char size, va_list *ap)
{
	switch (size) {
	case 'H': return (signed char)va_arg(*ap, int);
	case 'h': return (short)va_arg(*ap, int);
	case 'l': return va_arg(*ap, long);
	case 'q': return va_arg(*ap, long long);
	case 'z': return va_arg(*ap, ptrdiff_t);	/* size_t's signed twin */
	default:  return va_arg(*ap, int);
	}
}

/* d i o u x X p: sign or 0x, then digits; 0 with precision 0 prints none,
 * but with '#', %o always starts with a 0. */
static void format_number(struct out *o, struct fmt_spec *sp, char conv, va_list *ap)
{
	char buf[24], *end = buf + sizeof buf, *start;
	const char *prefix = "";
	uint64_t v;

	if (conv == 'd' || conv == 'i') {
		int64_t s = arg_signed(sp->size, ap);
		/* Negated as unsigned: INT64_MIN has no positive twin. */
		v = s < 0 ? 0 - (uint64_t)s : (uint64_t)s;
		prefix = s < 0 ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
	} else if (conv == 'p') {
		v = (uintptr_t)va_arg(*ap, void *);
		prefix = "0x";
		if (sp->prec == NO_PREC)
			sp->prec = 8;
	} else {
		v = arg_unsigned(sp->size, ap);
		if (sp->alt && v != 0 && (conv == 'x' || conv == 'X'))
			prefix = conv == 'X' ? "0X" : "0x";
	}
	start = digits(v, conv == 'o' ? 8 : conv == 'u' || conv == 'd' || conv == 'i' ? 10 : 16,
		       conv == 'X', end);
	if ((v == 0 && sp->prec != 0) || (conv == 'o' && sp->alt && (v != 0 || sp->prec == 0) &&
					   sp->prec <= end - start))
		*--start = '0';
	emit_field(o, sp, prefix, start, (int)(end - start), 1);
}

/* %s: at most prec bytes, reading no further (the string may be unterminated). */
static void format_string(struct out *o, const struct fmt_spec *sp, va_list *ap)
{
	const char *s = va_arg(*ap, const char *);
	int len = 0;

	if (s == NULL)
		s = "(null)";
	while ((sp->prec == NO_PREC || len < sp->prec) && s[len])
		len++;
	emit_field(o, sp, "", s, len, 0);
}

/* A width or precision: digits, or * taking an int argument. */
static const char *parse_count(const char *f, int *count, va_list *ap)
{
	if (*f == '*') {
		*count = va_arg(*ap, int);
		return f + 1;
	}
	for (*count = 0; *f >= '0' && *f <= '9'; f++)
		if (*count < FIELD_MAX)
			*count = *count * 10 + (*f - '0');
	return f;
}

/* Reads flags, width, precision and size after the '%'; returns the conversion. */
static const char *parse_spec(const char *f, struct fmt_spec *sp, va_list *ap)
{
	*sp = (struct fmt_spec){ .prec = NO_PREC };
	for (;; f++) {
		if (*f == '-')
			sp->left = 1;
		else if (*f == '0')
			sp->zero = 1;
		else if (*f == '+' || (*f == ' ' && sp->sign != '+'))
			sp->sign = *f;
		else if (*f == '#')
			sp->alt = 1;
		else
			break;
	}
	f = parse_count(f, &sp->width, ap);
	if (sp->width < 0) {	/* C: a negative * width means '-' */
		sp->left = 1;
		sp->width = sp->width == INT32_MIN ? 0 : -sp->width;
	}
	if (*f == '.') {
		f = parse_count(f + 1, &sp->prec, ap);
		if (sp->prec < 0)	/* C: a negative * precision means none */
			sp->prec = NO_PREC;
	}
	if (*f == 'z' || *f == 't') {		/* ptrdiff_t is size_t's signed twin */
		sp->size = 'z';
		f++;
	} else if (*f == 'j') {			/* intmax_t is long long */
		sp->size = 'q';
		f++;
	} else if (*f == 'L') {
		sp->size = 'L';
		f++;
	} else if (*f == 'l' || *f == 'h') {
		sp->size = *f++;
		if (*f == sp->size) {	/* doubled: ll or hh */
			sp->size = sp->size == 'l' ? 'q' : 'H';
			f++;
		}
	}
	return f;
}

/* One conversion; pct points at its '%'. Returns what follows it. */
static const char *format_one(struct out *o, const char *pct, va_list *ap)
{
	struct fmt_spec sp;
	const char *f = parse_spec(pct + 1, &sp, ap);
	char c;

	switch (*f) {
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'p':
		format_number(o, &sp, *f, ap);
		break;
	case 's':
		format_string(o, &sp, ap);
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		emit_field(o, &sp, "", &c, 1, 0);
		break;
	case '%':
		emit(o, "%", 1);
		break;
	case '\0':	/* a lone '%' ends the format: print what there is */
		emit(o, pct, (int)(f - pct));
		return f;
	default:	/* unknown: print it as written, so the mistake shows */
		emit(o, pct, (int)(f - pct) + 1);
		break;
	}
	return f + 1;
}

int fmt_format(void (*put)(void *ctx, char c), void *ctx, const char *fmt, va_list ap)
{
	struct out o = { put, ctx, 0 };
	va_list args;	/* a copy, so helpers can share it by pointer on any ABI */

	va_copy(args, ap);
	while (*fmt) {
		if (*fmt == '%') {
			fmt = format_one(&o, fmt, &args);
		} else {
			emit(&o, fmt, 1);
			fmt++;
		}
	}
	va_end(args);
	return o.count;
}
