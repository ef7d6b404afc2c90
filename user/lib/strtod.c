/* strtod.c: strtod, strtof and atof, correctly rounded (to nearest, ties to
 * even), as glibc's.
 *
 * Decimal: the digits, up to 800 significant ones (a non-zero digit past
 * them counts as a 1 after the 800th: no midpoint between two doubles has
 * more than 767 significant digits, so the rounding is still right), give
 * a first guess in long double; then the guess moves to its neighbour as
 * long as the number lies beyond the midpoint between them, the number and
 * the midpoint compared exactly as big integers: D 10^E against M 2^k.
 *
 * Hexadecimal (0x1.8p3): the bits, rounded at the format's precision with
 * a guard bit and a sticky bit. Also inf, infinity and nan, nan(chars),
 * in any case (a NaN's payload is not kept).
 *
 * errno is ERANGE on overflow (the result is HUGE_VAL) and when the result
 * is subnormal or zero and not the number itself, as glibc sets it. Built
 * for the FPU (doubles in and out); the work is integer. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "libc.h"

#define KEEP		800	/* significant digits kept */
/* Words of the big integers: D < 10^801 (2661 bits) times 2^1076, or
 * M < 2^55 times 10^1126 (the number is 10^-325 at least), with room. */
#define LIMBS		140
#define EXP_CAP		100000	/* an exponent beyond this gives 0 or inf anyway */

/* A floating-point format: bits of significand, the exponent of the
 * smallest subnormal's unit, and that of the largest finite's. */
struct format {
	int bits;
	int kmin;
	int kmax;
};

static const struct format DOUBLE = { 53, -1074, 971 };
static const struct format FLOAT = { 24, -149, 104 };

/* A number to convert: D 10^e10, D the digits d[0..nd). */
struct decimal {
	unsigned char d[KEEP + 1];
	int nd;
	long e10;
};

/* A multi-word integer, least significant word first. */
struct big {
	int n;
	uint32_t w[LIMBS];
};

static void big_mul_add(struct big *b, uint32_t m, uint32_t add)
{
	uint64_t carry = add;

	for (int i = 0; i < b->n; i++) {
		uint64_t t = (uint64_t)b->w[i] * m + carry;

		b->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry != 0 && b->n < LIMBS)
		b->w[b->n++] = (uint32_t)carry;
}

static void big_set(struct big *b, uint64_t v)
{
	b->n = 0;
	while (v != 0) {
		b->w[b->n++] = (uint32_t)v;
		v >>= 32;
	}
}

static void big_pow10(struct big *b, long k)
{
	for (; k >= 9; k -= 9)
		big_mul_add(b, 1000000000u, 0);
	if (k > 0) {
		uint32_t p = 1;

		while (k-- > 0)
			p *= 10;
		big_mul_add(b, p, 0);
	}
}

static void big_shl(struct big *b, long k)
{
	int words = (int)(k / 32), bits = (int)(k % 32);

	if (b->n == 0)
		return;
	if (bits != 0) {
		b->w[b->n] = 0;
		for (int i = b->n; i > 0; i--)
			b->w[i] = b->w[i] << bits | b->w[i - 1] >> (32 - bits);
		b->w[0] <<= bits;
		if (b->w[b->n] != 0)
			b->n++;
	}
	for (int i = b->n - 1; i >= 0; i--)
		b->w[i + words] = b->w[i];
	for (int i = 0; i < words; i++)
		b->w[i] = 0;
	b->n += words;
}

static int big_cmp(const struct big *a, const struct big *b)
{
	if (a->n != b->n)
		return a->n > b->n ? 1 : -1;
	for (int i = a->n - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] > b->w[i] ? 1 : -1;
	return 0;
}

/* The number, D 10^e10, made ready for comparisons: for e10 >= 0, scaled
 * is D 10^e10; for e10 < 0, digits is D and scaled is 10^-e10, the
 * divisor that the binary side takes as a factor. */
struct number {
	struct big digits, scaled;
	long e10;
};

/* b = a m, m < 2^64: a times m's low word, then its high word one word up. */
static void big_mul64(struct big *b, const struct big *a, uint64_t m)
{
	uint64_t carry = 0, t;
	int n = a->n, i;

	if (n + 2 > LIMBS) {	/* cannot happen within the bounds of LIMBS */
		b->n = 0;
		return;
	}
	for (i = 0; i < n; i++) {
		t = (uint64_t)a->w[i] * (uint32_t)m + carry;
		b->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	b->w[n] = (uint32_t)carry;
	carry = 0;
	for (i = 0; i < n; i++) {
		t = (uint64_t)a->w[i] * (m >> 32) + b->w[i + 1] + carry;
		b->w[i + 1] = (uint32_t)t;
		carry = t >> 32;
	}
	b->w[n + 1] = (uint32_t)carry;
	for (b->n = n + 2; b->n > 0 && b->w[b->n - 1] == 0; b->n--)
		;
}

/* The sign of D 10^e10 - M 2^k: both sides made integers, then compared. */
static int compare(const struct number *num, uint64_t m, long k)
{
	struct big a, b;

	if (num->e10 >= 0) {
		a = num->scaled;
		big_set(&b, m);
	} else {
		a = num->digits;
		big_mul64(&b, &num->scaled, m);
	}
	if (k >= 0)
		big_shl(&b, k);
	else
		big_shl(&a, -k);
	return big_cmp(&a, &b);
}

/* A candidate result: m 2^k, m < 2^bits; normal (m >= 2^(bits-1)) or at
 * kmin. One past the largest finite stands for infinity. */
struct cand {
	uint64_t m;
	long k;
};

static struct cand next_up(struct cand c, const struct format *f)
{
	if (++c.m == 1ULL << f->bits) {
		c.m >>= 1;
		c.k++;
	}
	return c;
}

static struct cand next_down(struct cand c, const struct format *f)
{
	if (c.m == 1ULL << (f->bits - 1) && c.k > f->kmin) {
		c.m = (1ULL << f->bits) - 1;
		c.k--;
	} else {
		c.m--;
	}
	return c;
}

/* The number against the midpoint of two neighbours, lo below hi. */
static int compare_mid(const struct number *num, struct cand lo, struct cand hi)
{
	long k = lo.k < hi.k ? lo.k : hi.k;
	uint64_t m = (lo.m << (lo.k - k)) + (hi.m << (hi.k - k));

	return compare(num, m, k - 1);
}

/* The candidate nearest to v (> 0), roughly: v's top bits. */
static struct cand guess(long double v, const struct format *f)
{
	struct cand c = { 0, f->kmin };
	int e = 0;

	if (v <= 0)
		return c;
	while (v >= 0x1p64L) {		/* scale into [2^(bits-1), 2^bits) */
		v *= 0x1p-64L;
		e += 64;
	}
	while (v < 0x1p-64L) {
		v *= 0x1p64L;
		e -= 64;
	}
	while (v >= (long double)(1ULL << f->bits)) {
		v *= 0.5L;
		e++;
	}
	while (v < (long double)(1ULL << (f->bits - 1))) {
		v *= 2;
		e--;
	}
	c.m = (uint64_t)v;
	c.k = e;
	if (c.k < f->kmin) {
		c.m = f->kmin - c.k >= 64 ? 0 : c.m >> (f->kmin - c.k);
		c.k = f->kmin;
	}
	if (c.k > f->kmax) {		/* past the largest: start from it */
		c.m = (1ULL << f->bits) - 1;
		c.k = f->kmax;
	}
	return c;
}

/* 10^p in long double, |p| < 512, from 10^(2^i): a first guess only. */
static long double pow10_ld(long p)
{
	static const long double tens[] = { 1e1L, 1e2L, 1e4L, 1e8L, 1e16L, 1e32L, 1e64L, 1e128L, 1e256L };
	unsigned long q = (unsigned long)(p < 0 ? -p : p);
	long double r = 1;

	for (int i = 0; q != 0 && i < 9; i++, q >>= 1)
		if (q & 1)
			r *= tens[i];
	return p < 0 ? 1 / r : r;
}

/* 2^k, -16382 <= k <= 16383. */
static long double pow2(long k)
{
	union {
		long double f;
		struct {
			uint64_t m;
			uint16_t se;
		} p;
	} b;

	b.p.m = 1ULL << 63;
	b.p.se = (uint16_t)(k + 16383);
	return b.f;
}

/* A candidate as the value it stands for (exactly representable). */
static long double value_of(struct cand c, const struct format *f)
{
	if (c.k > f->kmax)
		return __builtin_infl();
	return (long double)c.m * pow2(c.k);
}

/* The short way, when it is sure: up to 19 digits and 10^|e10| up to
 * 10^27 are exact in long double, so D 10^e10 comes out of one rounded
 * multiplication or division, within half a unit of its 64th bit. Unless
 * the bits below the format's last are within one unit of a half, the
 * exact value lies on the same side of the midpoint: rounding the long
 * double gives the right answer. Else (or out of the format's normal
 * range) 0, and the long way decides. */
static int decimal_fast(const struct decimal *dc, uint64_t first, const struct format *f,
			long double *out)
{
	union {
		long double f;
		struct {
			uint64_t m;
			uint16_t se;
		} p;
	} q;
	long double ten = 1;
	uint64_t low, half = 1ULL << (63 - f->bits);

	if (dc->nd > 19 || dc->e10 < -27 || dc->e10 > 27)
		return 0;
	for (long i = dc->e10 < 0 ? -dc->e10 : dc->e10; i > 0; i--)
		ten *= 10;
	q.f = dc->e10 >= 0 ? (long double)first * ten : (long double)first / ten;
	low = q.p.m & ((half << 1) - 1);
	if (low + 1 >= half && low <= half + 1)
		return 0;
	if (q.f < pow2(f->kmin + f->bits - 1) || q.f >= pow2(f->kmax + f->bits))
		return 0;
	*out = f->bits == 24 ? (long double)(float)q.f : (long double)(double)q.f;
	return 1;
}

/* Decimal to binary: a guess, then exact steps to the nearest. */
static long double decimal_to(struct decimal *dc, const struct format *f, int *range)
{
	struct number num;
	struct cand c;
	long double v;
	uint64_t first = 0;
	int n19 = dc->nd < 19 ? dc->nd : 19, cmp;

	*range = 0;
	if (dc->nd == 0)
		return 0;
	if (dc->nd + dc->e10 > 310) {	/* at least 10^310 */
		*range = 1;
		return __builtin_infl();
	}
	if (dc->nd + dc->e10 < -325) {	/* below 10^-325 */
		*range = 1;
		return 0;
	}
	for (int i = 0; i < n19; i++)
		first = first * 10 + dc->d[i];
	if (decimal_fast(dc, first, f, &v))
		return v;
	c = guess((long double)first * pow10_ld(dc->e10 + dc->nd - n19), f);
	num.digits.n = 0;
	for (int i = 0; i < dc->nd; i++)
		big_mul_add(&num.digits, 10, dc->d[i]);
	num.e10 = dc->e10;
	if (dc->e10 >= 0) {
		num.scaled = num.digits;
		big_pow10(&num.scaled, dc->e10);
	} else {
		big_set(&num.scaled, 1);
		big_pow10(&num.scaled, -dc->e10);
	}
	for (;;) {
		struct cand up = next_up(c, f), down;

		cmp = compare_mid(&num, c, up);
		if (cmp > 0 || (cmp == 0 && (c.m & 1))) {
			c = up;
			if (c.k > f->kmax)
				break;
			continue;
		}
		if (c.m == 0)
			break;
		down = next_down(c, f);
		cmp = compare_mid(&num, down, c);
		if (cmp < 0 || (cmp == 0 && (c.m & 1))) {
			c = down;
			continue;
		}
		break;
	}
	if (c.k > f->kmax)
		*range = 1;
	else if (c.m < 1ULL << (f->bits - 1))	/* subnormal or zero: exact? */
		*range = c.m == 0 || compare(&num, c.m, c.k) != 0;
	return value_of(c, f);
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Whether s starts with word (lower case), in any case. */
static int starts(const char *s, const char *word)
{
	for (; *word; s++, word++)
		if (lower(*s) != *word)
			return 0;
	return 1;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = lower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* An optional exponent: e or p, a sign, digits; only if a digit is there. */
static const char *exponent_part(const char *s, char letter, long *exp)
{
	const char *p = s + 1;
	int negative = 0;
	long v = 0;

	*exp = 0;
	if (lower(*s) != letter)
		return s;
	if (*p == '+' || *p == '-')
		negative = *p++ == '-';
	if (!is_digit(*p))
		return s;
	for (; is_digit(*p); p++)
		if (v < EXP_CAP)
			v = v * 10 + (*p - '0');
	*exp = negative ? -v : v;
	return p;
}

/* Hexadecimal: the digits as h 2^e, h their first 61 bits or more and
 * sticky set if a non-zero digit did not fit; rounded at the format's
 * unit: the bits below it decide, with sticky, to nearest, ties to even. */
static long double hex_to(const char *s, const char **end, const struct format *f, int *range)
{
	uint64_t h = 0, rest, half;
	long e = 0, exp, k;
	int sticky = 0, point = 0, top, exact;
	struct cand c;

	*range = 0;
	for (;; s++) {
		int v = hex_value(*s);

		if (*s == '.' && !point) {
			point = 1;
			continue;
		}
		if (v < 0)
			break;
		if (h >> 60) {		/* no room: it only counts */
			sticky |= v != 0;
			if (!point)
				e += 4;
		} else {
			h = h << 4 | (uint64_t)v;
			if (point)
				e -= 4;
		}
	}
	*end = exponent_part(s, 'p', &exp);
	e += exp;
	if (h == 0)
		return 0;
	for (top = 63; !(h >> top); top--)
		;
	/* the unit of the result: bits below the top bit, or the subnormals' */
	k = e + top + 1 - f->bits;
	if (k < f->kmin)
		k = f->kmin;
	if (k <= e) {		/* every bit kept: exact (sticky only past 60 bits) */
		c.m = h << (e - k);
		exact = 1;
	} else if (k - e > 64) {	/* all of it below half a unit */
		c.m = 0;
		exact = 0;
	} else {
		int shift = (int)(k - e);

		c.m = shift == 64 ? 0 : h >> shift;
		rest = shift == 64 ? h : h & ((1ULL << shift) - 1);
		half = 1ULL << (shift - 1);
		exact = rest == 0 && !sticky;
		if (rest > half || (rest == half && (sticky || (c.m & 1))))
			c.m++;
	}
	c.k = k;
	if (c.m == 1ULL << f->bits) {	/* rounded up into the next binade */
		c.m >>= 1;
		c.k++;
	}
	if (c.k > f->kmax) {
		*range = 1;
		return __builtin_infl();
	}
	*range = !exact && c.m < 1ULL << (f->bits - 1);
	return value_of(c, f);
}

/* The work of strtod and strtof: the value in long double (exactly one of
 * the format's), *end, and ERANGE if so. */
static long double convert(const char *s, char **end, const struct format *f)
{
	const char *p = s, *q;
	struct decimal dc;
	int negative, range = 0, seen = 0, point = 0;
	long exp;
	long double v;

	if (end)
		*end = (char *)s;
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	negative = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	if (starts(p, "inf")) {
		p += starts(p, "infinity") ? 8 : 3;
		v = __builtin_infl();
		goto done;
	}
	if (starts(p, "nan")) {
		p += 3;
		if (*p == '(') {	/* nan(n-char-sequence): letters, digits, _ */
			for (q = p + 1; is_digit(*q) || (lower(*q) >= 'a' && lower(*q) <= 'z') || *q == '_'; q++)
				;
			if (*q == ')')
				p = q + 1;
		}
		v = __builtin_nanl("");
		goto done;
	}
	if (p[0] == '0' && lower(p[1]) == 'x' &&
	    (hex_value(p[2]) >= 0 || (p[2] == '.' && hex_value(p[3]) >= 0))) {
		v = hex_to(p + 2, &q, f, &range);
		p = q;
		goto done;
	}
	dc.nd = 0;
	dc.e10 = 0;
	for (;; p++) {
		int more = 0;

		if (*p == '.' && !point) {
			point = 1;
			continue;
		}
		if (!is_digit(*p))
			break;
		seen = 1;
		if (dc.nd == 0 && *p == '0') {		/* a leading zero */
			if (point)
				dc.e10--;
			continue;
		}
		if (dc.nd < KEEP) {
			dc.d[dc.nd++] = (unsigned char)(*p - '0');
			if (point)
				dc.e10--;
		} else {
			more = *p != '0';
			if (!point)
				dc.e10++;
			if (more && dc.nd == KEEP) {	/* the sticky 1, once */
				dc.d[dc.nd++] = 1;
				dc.e10--;
			}
		}
	}
	if (!seen)
		return 0;	/* no number: 0, and *end at s */
	p = exponent_part(p, 'e', &exp);
	dc.e10 += exp;
	v = decimal_to(&dc, f, &range);
done:
	if (end)
		*end = (char *)p;
	if (range)
		errno = ERANGE;
	return negative ? -v : v;
}

double LIBC(strtod)(const char *s, char **end)
{
	return (double)convert(s, end, &DOUBLE);
}

float LIBC(strtof)(const char *s, char **end)
{
	return (float)convert(s, end, &FLOAT);
}

double LIBC(atof)(const char *s)
{
	return LIBC(strtod)(s, NULL);
}
