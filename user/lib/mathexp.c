/* mathexp.c: exp, exp2, log, log2, log10, pow, sinh, cosh, tanh, hypot,
 * and their float twins. Each is a long double function of the double
 * argument, special cases included (a result too large for any double
 * stands as HUGE_LD, one too small as TINY_LD, so that the final rounding
 * gives inf or 0), and a wrapper that rounds once to double or float and
 * sets ERANGE when finite arguments gave an infinite or zero result. */
#include <math.h>
#include "mathimpl.h"

/* e^x: e^1000 and e^-1100 are past any double already. */
static ld exp_full(double x)
{
	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return sign_of(x) ? 0 : x;
	if (x > 1000)
		return HUGE_LD;
	if (x < -1100)
		return TINY_LD;
	return exp_ld(x, 0);
}

/* 2^x = 2^k e^(f ln 2), k the nearest integer, f = x - k exactly. */
static ld exp2_full(double x)
{
	ld k, f;

	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return sign_of(x) ? 0 : x;
	if (x > 1100)
		return HUGE_LD;
	if (x < -1200)
		return TINY_LD;
	k = round_ld(x);
	f = x - k;
	return exp_kernel(f * LN2_64_HI + f * LN2_64_LO) * pow2_ld((int)k);
}

/* log x, and the base: 0 for e, else the factor 1/ln(base) as hi + lo.
 * log 0 is a pole: -inf and ERANGE; below 0, EDOM. */
static ld log_full(double x, ld f_hi, ld f_lo)
{
	ld hi, lo;

	if (is_nan(x))
		return x + x;
	if (x < 0)
		return domain_error();
	if (x == 0) {
		errno = ERANGE;
		return -(ld)HUGE_VAL;
	}
	if (is_inf(x))
		return x;
	hi = log_ld(x, &lo);
	if (f_hi == 0)
		return hi + lo;
	return hi * f_hi + (hi * f_lo + lo * f_hi);
}

static ld ln_full(double x)
{
	return log_full(x, 0, 0);
}

static ld log2_full(double x)
{
	return log_full(x, LOG2E_HI, LOG2E_LO);
}

static ld log10_full(double x)
{
	return log_full(x, LOG10E_HI, LOG10E_LO);
}

/* 1 for an odd integer, 2 for an even one, 0 for no integer (y finite). */
static int integer_kind(double y)
{
	uint64_t b = bits_of(y), m;
	int e = (int)(b >> 52 & 0x7ff) - 1023;

	if (e < 0)
		return y == 0 ? 2 : 0;
	if (e >= 53)
		return 2;
	m = (b & ((1ULL << 52) - 1)) | 1ULL << 52;
	if (e < 52 && (m & ((1ULL << (52 - e)) - 1)))
		return 0;
	return e <= 52 && (m >> (52 - e) & 1) ? 1 : 2;
}

/* x^y = e^(y log x), with log x as hi + lo (about 2^-70), y log x as an
 * exact product plus the rest, and e^ of the sum; the special cases as C's
 * Annex F lists them. */
static ld pow_full(double x, double y)
{
	ld hi, lo, ph, pe, r;
	int kind, negate = 0;

	if (y == 0 || x == 1)
		return 1;
	if (is_nan(x) || is_nan(y))
		return (ld)x + y;
	if (is_inf(y)) {
		double ax = abs_of(x);

		if (ax == 1)
			return 1;
		return (ax < 1) == (y > 0) ? 0 : (ld)HUGE_VAL;
	}
	kind = integer_kind(y);
	if (x == 0 || is_inf(x)) {
		int odd = kind == 1 && sign_of(x);
		int big = (x == 0) == (y < 0);	/* 0^-y and inf^y: infinite */

		if (x == 0 && y < 0)
			errno = ERANGE;		/* a pole */
		r = big ? (ld)HUGE_VAL : 0;
		return odd ? -r : r;
	}
	if (x < 0) {
		if (kind == 0)
			return domain_error();
		negate = kind == 1;
		x = -x;
	}
	hi = log_ld(x, &lo);
	two_prod(y, hi, &ph, &pe);
	if (ph > 1000)
		r = HUGE_LD;
	else if (ph < -1100)
		r = TINY_LD;
	else
		r = exp_ld(ph, pe + (ld)y * lo);
	return negate ? -r : r;
}

/* sinh: (q + q/(q+1))/2 with q = e^|x| - 1 up to 1, (E - 1/E)/2 beyond. */
static ld sinh_full(double x)
{
	ld ax = abs_of(x), q, r;

	if (is_nan(x) || is_inf(x) || ax < 0x1p-32L)
		return x;
	if (ax > 1000)
		r = HUGE_LD;
	else if (ax <= 1) {
		q = expm1_ld(ax);
		r = (q + q / (q + 1)) / 2;
	} else {
		q = exp_ld(ax, 0);
		r = (q - 1 / q) / 2;
	}
	return sign_of(x) ? -r : r;
}

static ld cosh_full(double x)
{
	ld ax = abs_of(x), e;

	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return ax;
	if (ax > 1000)
		return HUGE_LD;
	e = exp_ld(ax, 0);
	return (e + 1 / e) / 2;
}

/* tanh = q/(q + 2), q = e^(2|x|) - 1; 1 from |x| = 23 on, where it rounds to 1. */
static ld tanh_full(double x)
{
	ld ax = abs_of(x), q, r;

	if (is_nan(x) || ax < 0x1p-32L)
		return x;
	if (ax > 23)
		r = 1;
	else {
		q = expm1_ld(2 * ax);
		r = q / (q + 2);
	}
	return sign_of(x) ? -r : r;
}

/* An infinite argument wins over a NaN, as C says. */
static ld hypot_full(double x, double y)
{
	if (is_inf(x) || is_inf(y))
		return (ld)HUGE_VAL;
	if (is_nan(x) || is_nan(y))
		return (ld)x + y;
	return sqrt_ld((ld)x * x + (ld)y * y);
}

WRAP1(exp, exp_full)
WRAP1(exp2, exp2_full)
WRAP1(log, ln_full)
WRAP1(log2, log2_full)
WRAP1(log10, log10_full)
WRAP2(pow, pow_full)
WRAP1(sinh, sinh_full)
WRAP1(cosh, cosh_full)
WRAP1(tanh, tanh_full)
WRAP2(hypot, hypot_full)
