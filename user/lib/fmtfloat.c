/* fmtfloat.c: printf's floating-point conversions, f F e E g G a A.
 *
 * Exact: a double is m * 2^e, and its decimal digits are worked out in
 * integers, the integer part by dividing a multi-word number by 10^9, the
 * fraction by multiplying one by 10^9, nine digits a step. Every digit is the
 * binary value's own, as glibc prints them, at any precision: %.30f of 0.1
 * shows 0.100000000000000005551115123126. Rounding to the precision is to
 * nearest, ties to even, on the exact value. Digits past the last non-zero
 * one of the exact value are zeros, generated as a count, not stored.
 *
 * L (long double) arguments are formatted as the double they round to.
 * Built for the FPU (it reads double arguments), but the work is integer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "libc.h"

#define DBL_LIMBS	34	/* 32-bit words of a double's integer part (2^1024) or fraction (2^-1074) */
#define DIGITS_MAX	1200	/* a double has at most 309 integer and 767 significant fraction digits */
#define BODY_MAX	1500	/* 309 integer digits, the point, 1074 fraction digits */
#define CHUNK		1000000000u	/* 10^9: nine digits a step */

/* Decimal digits d[0..n), d[i] of weight 10^(x - i); d[0] is non-zero
 * unless n is 0 (the value is zero). more: a non-zero digit follows those
 * held. */
struct decimal {
	unsigned char d[DIGITS_MAX];
	int n;
	int x;
	int more;
};

union dbits {
	double f;
	uint64_t u;
};

/* The digit of weight 10^pos. */
static int digit_at(const struct decimal *dc, int pos)
{
	if (dc->n == 0 || pos > dc->x || dc->x - pos >= dc->n)
		return 0;
	return dc->d[dc->x - pos];
}

/* Appends the digit of weight 10^pos; leading zeros are not held. */
static void put_digit(struct decimal *dc, unsigned digit, int pos)
{
	if (dc->n == 0) {
		if (digit == 0)
			return;
		dc->x = pos;
	}
	if (dc->n < DIGITS_MAX)
		dc->d[dc->n++] = (unsigned char)digit;
	else if (digit != 0)
		dc->more = 1;
}

/* Nine digits of chunk, the first of weight 10^pos. */
static void put_chunk(struct decimal *dc, uint32_t chunk, int pos)
{
	char nine[9];
	int i;

	for (i = 8; i >= 0; i--) {
		nine[i] = (char)(chunk % 10);
		chunk /= 10;
	}
	for (i = 0; i < 9; i++)
		put_digit(dc, (unsigned)nine[i], pos - i);
}

/* w[at .. at+2] = v << s, 0 <= s < 32, least significant word first. */
static void place(uint32_t *w, int at, uint64_t v, int s)
{
	uint64_t low = v << s;

	w[at] = (uint32_t)low;
	w[at + 1] = (uint32_t)(low >> 32);
	w[at + 2] = s ? (uint32_t)(v >> (64 - s)) : 0;
}

/* The integer part, m << e (e >= 0) or m >> -e, in decimal. */
static void integer_digits(struct decimal *dc, uint64_t m, int e)
{
	uint32_t w[DBL_LIMBS + 2] = { 0 }, chunks[DBL_LIMBS + 2];
	int nw, nc = 0, pos, i;

	if (e < 0) {
		m = -e >= 64 ? 0 : m >> -e;
		e = 0;
	}
	if (m == 0)
		return;
	place(w, e / 32, m, e % 32);	/* w = m << e */
	nw = e / 32 + 3;
	while (nw > 0 && w[nw - 1] == 0)
		nw--;
	while (nw > 0) {	/* w /= 10^9, the remainder is the next chunk */
		uint64_t rem = 0;

		for (i = nw - 1; i >= 0; i--) {
			uint64_t cur = rem << 32 | w[i];

			w[i] = (uint32_t)(cur / CHUNK);
			rem = cur % CHUNK;
		}
		chunks[nc++] = (uint32_t)rem;
		while (nw > 0 && w[nw - 1] == 0)
			nw--;
	}
	pos = nc * 9 - 1;
	for (i = nc - 1; i >= 0; i--, pos -= 9)
		put_chunk(dc, chunks[i], pos);
}

/* The fraction, m's low -e bits over 2^-e, digit by digit from 10^-1 down,
 * until the digit of weight 10^stop_pos is there (stop_pos), or sig
 * significant digits are (sig > 0), or the fraction is used up. */
static void fraction_digits(struct decimal *dc, uint64_t m, int e, int stop_pos, int sig)
{
	uint32_t w[DBL_LIMBS + 1] = { 0 };
	int k = -e, nw, low = 0, shift, pos = -1, i;
	uint64_t f;

	if (e >= 0)
		return;
	f = k >= 64 ? m : m & ((1ULL << k) - 1);
	/* w = f * 2^(32 nw - k): the binary point at the top of word nw - 1 */
	nw = (k + 31) / 32;
	shift = 32 * nw - k;
	place(w, 0, f, shift);
	for (;;) {
		uint64_t carry = 0;

		while (low < nw && w[low] == 0)
			low++;
		if (low == nw)
			break;	/* no fraction left */
		if (sig > 0 ? dc->n >= sig : pos < stop_pos) {
			dc->more = 1;
			break;
		}
		for (i = low; i < nw; i++) {
			uint64_t cur = (uint64_t)w[i] * CHUNK + carry;

			w[i] = (uint32_t)cur;
			carry = cur >> 32;
		}
		put_chunk(dc, (uint32_t)carry, pos);
		pos -= 9;
	}
}

/* Rounds to nearest, ties to even, keeping the digits of weight 10^last
 * and above. A carry out of the top adds a digit (9.99 -> 10.0). */
static void round_at(struct decimal *dc, int last)
{
	int keep, r, rest, up, i;

	if (dc->n == 0)
		return;
	keep = dc->x - last + 1;
	if (keep >= dc->n && !dc->more)
		return;
	if (keep < 0) {		/* the whole value lies below half a unit of 10^last */
		dc->n = 0;
		dc->more = 0;
		return;
	}
	r = keep < dc->n ? dc->d[keep] : 0;
	rest = dc->more;
	for (i = keep + 1; i < dc->n; i++)
		rest |= dc->d[i];
	up = r > 5 || (r == 5 && (rest || (keep > 0 && (dc->d[keep - 1] & 1))));
	dc->n = keep;
	dc->more = 0;
	if (!up)
		goto trim;
	for (i = keep - 1; i >= 0 && dc->d[i] == 9; i--)
		dc->d[i] = 0;
	if (i >= 0) {
		dc->d[i]++;
	} else {		/* all nines, or nothing kept: a 1 one place up */
		dc->d[0] = 1;
		for (i = 1; i <= keep && i < DIGITS_MAX; i++)
			dc->d[i] = 0;
		dc->n = keep + 1 < DIGITS_MAX ? keep + 1 : DIGITS_MAX;
		dc->x++;
	}
trim:
	while (dc->n > 0 && dc->d[dc->n - 1] == 0)
		dc->n--;
}

/* x = m * 2^e exactly, m < 2^53; returns 0 for 0, inf and nan (kind). */
static int split(double x, uint64_t *m, int *e, int *kind)
{
	union dbits b = { .f = x };
	int be = (int)(b.u >> 52 & 0x7ff);

	*m = b.u & ((1ULL << 52) - 1);
	if (be == 0x7ff) {
		*kind = *m ? 'n' : 'i';
		return 0;
	}
	*kind = 0;
	if (be == 0) {
		*e = -1074;
		return *m != 0;
	}
	*m |= 1ULL << 52;
	*e = be - 1075;
	return 1;
}

/* Digits of x (not negative) down to 10^stop_pos, or sig significant ones. */
static void decimal_of(struct decimal *dc, uint64_t m, int e, int stop_pos, int sig)
{
	dc->n = 0;
	dc->x = 0;
	dc->more = 0;
	integer_digits(dc, m, e);
	fraction_digits(dc, m, e, stop_pos, sig);
}

/* The exponent suffix: e+05, e-123; p+0 for %a (at least one digit). */
static void exponent(char *out, char letter, int x, int min_digits)
{
	char tmp[8];
	int n = 0;
	unsigned v = x < 0 ? (unsigned)-x : (unsigned)x;

	*out++ = letter;
	*out++ = x < 0 ? '-' : '+';
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0 || n < min_digits);
	while (n > 0)
		*out++ = tmp[--n];
	*out = '\0';
}

/* Drops the zeros that end a fraction, and then a point that ends it. */
static int strip_zeros(const char *body, int len)
{
	int i, point = 0;

	for (i = 0; i < len; i++)
		if (body[i] == '.')
			point = 1;
	if (!point)
		return len;
	while (len > 0 && body[len - 1] == '0')
		len--;
	if (len > 0 && body[len - 1] == '.')
		len--;
	return len;
}

/* %f body: the integer digits, the point, prec fraction digits; returns
 * the length held in body and the zeros that follow in *zeros. */
static int fixed_body(const struct decimal *dc, int prec, int alt, char *body, int *zeros)
{
	int len = 0, pos, low;

	if (dc->n == 0 || dc->x < 0)
		body[len++] = '0';
	else
		for (pos = dc->x; pos >= 0; pos--)
			body[len++] = (char)('0' + digit_at(dc, pos));
	if (prec > 0 || alt)
		body[len++] = '.';
	/* the last position with a digit held; below it all are zeros */
	low = dc->n == 0 ? 0 : dc->x - dc->n + 1;
	for (pos = -1; pos >= -prec && pos >= low; pos--)
		body[len++] = (char)('0' + digit_at(dc, pos));
	*zeros = prec - (-1 - pos);
	return len;
}

/* %e body: one digit, the point, prec digits; zeros as for fixed_body. */
static int sci_body(const struct decimal *dc, int prec, int alt, char *body, int *zeros)
{
	int len = 0, i;

	body[len++] = (char)('0' + (dc->n ? dc->d[0] : 0));
	if (prec > 0 || alt)
		body[len++] = '.';
	for (i = 1; i <= prec && i < dc->n; i++)
		body[len++] = (char)('0' + dc->d[i]);
	*zeros = prec - (i - 1);
	return len;
}

/* %a: 0x1.8p+1; subnormals as 0x0.0000000000001p-1022, zero as 0x0p+0. */
static void hex_float(struct fmt_out *o, const struct fmt_spec *sp, const char *sign,
		      uint64_t m, int e, int nonzero, int upper)
{
	const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char prefix[4], body[24], suffix[10];
	int len = 0, lead, x, nd = 13, zeros = 0, i;
	uint64_t frac;

	if (!nonzero) {
		lead = 0;
		frac = 0;
		x = 0;
	} else if (m >> 52) {
		lead = 1;
		frac = m & ((1ULL << 52) - 1);
		x = e + 52;
	} else {
		lead = 0;
		frac = m;
		x = -1022;
	}
	if (sp->prec >= 0 && sp->prec < 13) {	/* round to prec hex digits, ties to even */
		int drop = 4 * (13 - sp->prec);
		uint64_t half = 1ULL << (drop - 1), rest = frac & ((1ULL << drop) - 1);

		frac >>= drop;
		/* even: the last digit kept, the leading one when none follows */
		if (rest > half || (rest == half && ((sp->prec ? frac : (uint64_t)lead) & 1)))
			frac++;
		if (frac >> (4 * sp->prec)) {	/* carried into the leading digit */
			lead++;
			frac &= (1ULL << (4 * sp->prec)) - 1;
		}
		nd = sp->prec;
	} else if (sp->prec < 0) {		/* as many digits as it takes */
		while (nd > 0 && (frac & 15) == 0) {
			frac >>= 4;
			nd--;
		}
	} else {
		zeros = sp->prec - 13;
	}
	/* the sign and 0x come before any zeros of the '0' flag */
	for (i = 0; *sign; )
		prefix[i++] = *sign++;
	prefix[i++] = '0';
	prefix[i++] = upper ? 'X' : 'x';
	prefix[i] = '\0';
	body[len++] = set[lead];
	if (nd > 0 || zeros > 0 || sp->alt)
		body[len++] = '.';
	for (i = nd - 1; i >= 0; i--)
		body[len++] = set[frac >> (4 * i) & 15];
	exponent(suffix, upper ? 'P' : 'p', x, 1);
	fmt_emit_float(o, sp, prefix, body, len, zeros, suffix, 1);
}

void fmt_float(struct fmt_out *o, const struct fmt_spec *sp, char conv, va_list *ap)
{
	struct decimal dc;
	char body[BODY_MAX];
	int upper = conv == 'F' || conv == 'E' || conv == 'G' || conv == 'A';
	char lower = (char)(upper ? conv - 'A' + 'a' : conv);
	char suffix[8] = "";
	const char *sign;
	union dbits b;
	uint64_t m = 0;
	int e = 0, kind, nonzero, prec, len, zeros = 0;

	if (sp->size == 'L')
		b.f = (double)va_arg(*ap, long double);
	else
		b.f = va_arg(*ap, double);
	sign = b.u >> 63 ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
	nonzero = split(b.f, &m, &e, &kind);
	if (kind) {
		fmt_emit_float(o, sp, sign, kind == 'i' ? (upper ? "INF" : "inf") :
			       (upper ? "NAN" : "nan"), 3, 0, "", 0);
		return;
	}
	if (lower == 'a') {
		hex_float(o, sp, sign, m, e, nonzero, upper);
		return;
	}
	prec = sp->prec < 0 ? 6 : sp->prec;
	if (!nonzero)
		m = 0;
	if (lower == 'f') {
		decimal_of(&dc, m, e, -prec - 1, 0);
		round_at(&dc, -prec);
		len = fixed_body(&dc, prec, sp->alt, body, &zeros);
	} else if (lower == 'e') {
		decimal_of(&dc, m, e, 0, prec + 2);
		round_at(&dc, dc.x - prec);
		len = sci_body(&dc, prec, sp->alt, body, &zeros);
		exponent(suffix, upper ? 'E' : 'e', dc.n ? dc.x : 0, 2);
	} else {	/* g: P significant digits, %e's style if the exponent is < -4 or >= P */
		int p = prec == 0 ? 1 : prec, x;

		decimal_of(&dc, m, e, 0, p + 1);
		round_at(&dc, dc.x - p + 1);
		x = dc.n ? dc.x : 0;
		if (x < p && x >= -4) {
			len = fixed_body(&dc, p - 1 - x, sp->alt, body, &zeros);
		} else {
			len = sci_body(&dc, p - 1, sp->alt, body, &zeros);
			exponent(suffix, upper ? 'E' : 'e', x, 2);
		}
		if (!sp->alt) {
			zeros = 0;
			len = strip_zeros(body, len);
		}
	}
	fmt_emit_float(o, sp, sign, body, len, zeros, suffix, 1);
}
