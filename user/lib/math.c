/* math.c: the math functions whose results are exact: sqrt (correctly
 * rounded), fabs, floor, ceil, trunc, round, fmod, modf, frexp, ldexp,
 * scalbn, copysign, fmin, fmax, and their float twins. All but sqrt work
 * on the bits of the double, in integers. */
#include <math.h>
#include "mathimpl.h"

#define SIGN	(1ULL << 63)
#define FRAC	((1ULL << 52) - 1)
#define HIDDEN	(1ULL << 52)

/* The biased exponent field. */
static int exponent_field(uint64_t b)
{
	return (int)(b >> 52 & 0x7ff);
}

/* fsqrt with the x87 set to 53-bit precision: one rounding, to double. */
double LIBC(sqrt)(double x)
{
	unsigned short cw, cw53;
	ld r = x;

	if (is_nan(x))
		return x + x;
	if (x < 0)
		return domain_error();
	__asm__ volatile("fnstcw %0" : "=m"(cw));
	cw53 = (unsigned short)((cw & ~0x300) | 0x200);
	__asm__ volatile("fldcw %1\n\tfsqrt\n\tfldcw %2" : "+t"(r) : "m"(cw53), "m"(cw));
	return (double)r;
}

double LIBC(fabs)(double x)
{
	return abs_of(x);
}

/* Drops the fraction of x's magnitude; with up set, a non-integer goes one
 * unit further from zero first. */
static double chop(double x, int up)
{
	uint64_t b = bits_of(x), mask;
	int e = exponent_field(b) - 1023;

	if (e >= 52)		/* an integer, infinite or NaN */
		return is_nan(x) ? x + x : x;
	if (e < 0) {		/* |x| < 1 */
		if ((b & ~SIGN) == 0)
			return x;
		return from_bits((b & SIGN) | (up ? 0x3ff0000000000000ULL : 0));
	}
	mask = FRAC >> e;
	if ((b & mask) == 0)
		return x;
	if (up)
		b += mask + 1;	/* may carry into the exponent: 1.5 -> 2 */
	return from_bits(b & ~mask);
}

double LIBC(floor)(double x)
{
	return chop(x, sign_of(x));
}

double LIBC(ceil)(double x)
{
	return chop(x, !sign_of(x));
}

double LIBC(trunc)(double x)
{
	return chop(x, 0);
}

/* Halves away from zero. */
double LIBC(round)(double x)
{
	uint64_t b = bits_of(x), mask;
	int e = exponent_field(b) - 1023;

	if (e >= 52)
		return is_nan(x) ? x + x : x;
	if (e < 0)		/* |x| < 1: 0, or 1 from one half on */
		return from_bits((b & SIGN) | (e == -1 ? 0x3ff0000000000000ULL : 0));
	mask = FRAC >> e;
	b += (mask + 1) >> 1;
	return from_bits(b & ~mask);
}

/* x's significand and binary exponent: x = m 2^(e - 1075), m in
 * [2^52, 2^53); x finite, non-zero. */
static uint64_t decode(uint64_t b, int *e)
{
	uint64_t m = b & FRAC;

	*e = exponent_field(b);
	if (*e != 0)
		return m | HIDDEN;
	for (*e = 1; !(m & HIDDEN); (*e)--)
		m <<= 1;
	return m;
}

/* m 2^(e - 1075) with the sign, exactly representable: m < 2^53. */
static double encode(uint64_t sign, uint64_t m, int e)
{
	if (e <= 0)		/* subnormal, and exact: the bits shifted out are 0 */
		return from_bits(sign | m >> (1 - e));
	while (m < HIDDEN && e > 1) {
		m <<= 1;
		e--;
	}
	if (m < HIDDEN)		/* subnormal */
		return from_bits(sign | m);
	return from_bits(sign | (uint64_t)e << 52 | (m & FRAC));
}

/* The remainder of x / y with x's sign, exact: (mx 2^d) mod my, ten bits
 * at a time. */
double LIBC(fmod)(double x, double y)
{
	uint64_t bx = bits_of(x), by = bits_of(y), mx, my, r;
	int ex, ey, d;

	if (is_nan(x) || is_nan(y))
		return x + y;
	if (is_inf(x) || y == 0)
		return domain_error();
	if (is_inf(y) || x == 0 || (bx & ~SIGN) < (by & ~SIGN))
		return x;
	mx = decode(bx & ~SIGN, &ex);
	my = decode(by & ~SIGN, &ey);
	r = mx % my;
	for (d = ex - ey; d > 0; d -= 10)
		r = (r << (d < 10 ? d : 10)) % my;
	if (r == 0)
		return from_bits(bx & SIGN);
	return encode(bx & SIGN, r, ey);
}

double LIBC(modf)(double x, double *ip)
{
	double i = LIBC(trunc)(x);

	*ip = i;
	if (is_inf(x))
		return from_bits(bits_of(x) & SIGN);
	return is_nan(x) ? x + x : from_bits((bits_of(x - i) & ~SIGN) | (bits_of(x) & SIGN));
}

/* x = m 2^*exp with |m| in [0.5, 1); 0, inf and NaN as they are, *exp 0. */
double LIBC(frexp)(double x, int *exp)
{
	uint64_t b = bits_of(x), m;
	int e;

	if ((b & ~SIGN) == 0 || exponent_field(b) == 0x7ff) {
		*exp = 0;
		return is_nan(x) ? x + x : x;
	}
	m = decode(b & ~SIGN, &e);
	*exp = e - 1022;
	return from_bits((b & SIGN) | 1022ULL << 52 | (m & FRAC));
}

/* x 2^n, rounded once (the product is exact in long double). */
double LIBC(scalbn)(double x, int n)
{
	if (x == 0 || is_inf(x) || is_nan(x))
		return x + x;
	if (n > 2200)
		n = 2200;
	if (n < -2200)
		n = -2200;
	return range_check((double)((ld)x * pow2_ld(n)), 1);
}

double LIBC(ldexp)(double x, int n)
{
	return LIBC(scalbn)(x, n);
}

double LIBC(copysign)(double x, double y)
{
	return from_bits((bits_of(x) & ~SIGN) | (bits_of(y) & SIGN));
}

/* A NaN gives the other; -0 counts below +0. */
double LIBC(fmin)(double x, double y)
{
	if (is_nan(x))
		return y;
	if (is_nan(y) || x < y || (x == y && sign_of(x)))
		return x;
	return y;
}

double LIBC(fmax)(double x, double y)
{
	if (is_nan(x))
		return y;
	if (is_nan(y) || x > y || (x == y && !sign_of(x)))
		return x;
	return y;
}

/* The float twins: floats are exact as doubles, and these results are exact. */
float LIBC(sqrtf)(float x)
{
	return (float)LIBC(sqrt)(x);	/* twice rounded, harmlessly: 53 >= 2 * 24 + 2 */
}

float LIBC(fabsf)(float x)
{
	return (float)abs_of(x);
}

float LIBC(floorf)(float x)
{
	return (float)LIBC(floor)(x);
}

float LIBC(ceilf)(float x)
{
	return (float)LIBC(ceil)(x);
}

float LIBC(truncf)(float x)
{
	return (float)LIBC(trunc)(x);
}

float LIBC(roundf)(float x)
{
	return (float)LIBC(round)(x);
}

float LIBC(fmodf)(float x, float y)
{
	return (float)LIBC(fmod)(x, y);
}

float LIBC(ldexpf)(float x, int n)
{
	if (x == 0 || is_inf(x) || is_nan(x))
		return x + x;
	if (n > 400)
		n = 400;
	if (n < -400)
		n = -400;
	return range_checkf((float)((ld)x * pow2_ld(n)), 1);
}

float LIBC(copysignf)(float x, float y)
{
	return (float)LIBC(copysign)(x, y);
}

float LIBC(fminf)(float x, float y)
{
	return (float)LIBC(fmin)(x, y);
}

float LIBC(fmaxf)(float x, float y)
{
	return (float)LIBC(fmax)(x, y);
}
