/* mathtrig.c: sin, cos, tan, asin, acos, atan, atan2, and their float
 * twins: the argument reduced by pi/2 exactly (rem_pio2), so that large
 * arguments are as good as small ones, then the long double kernels. */
#include <math.h>
#include "mathimpl.h"

/* Below this, sin x and tan x round to x, cos x to 1. */
#define TINY	0x1p-32

/* The long double results of the kernels are within about 3 of their
 * ulps (2^-64 relative) of the exact value; one whose 11 bits below a
 * double's are more than NEAR from 100...0 (a midpoint between two
 * doubles) rounds to double as the exact value would. The others (17 in
 * 1024) are computed again as two long doubles, good to about 2^-72, which
 * round_pair rounds. */
#define NEAR	16

static int near_midpoint(ld y)
{
	union ldbits b = { .f = y };
	int low = (int)(b.p.m & 0x7ff) - 0x400;

	return low >= -NEAR && low <= NEAR;
}

/* sin x as *lo plus the result. */
static ld sin_full(double x, ld *lo)
{
	ld rh, rl, hi;
	int n;

	*lo = 0;
	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return domain_error();
	if (abs_of(x) < TINY)
		return x;
	n = rem_pio2(x, &rh, &rl);
	hi = n & 1 ? cos_kernel(rh, rl) : sin_kernel(rh, rl);
	if (near_midpoint(hi))
		hi = n & 1 ? cos_pair(rh, rl, lo) : sin_pair(rh, rl, lo);
	if (n & 2) {
		*lo = -*lo;
		return -hi;
	}
	return hi;
}

static ld cos_full(double x, ld *lo)
{
	ld rh, rl, hi;
	int n;

	*lo = 0;
	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return domain_error();
	if (abs_of(x) < TINY)
		return 1;
	n = rem_pio2(x, &rh, &rl);
	hi = n & 1 ? sin_kernel(rh, rl) : cos_kernel(rh, rl);
	if (near_midpoint(hi))
		hi = n & 1 ? sin_pair(rh, rl, lo) : cos_pair(rh, rl, lo);
	if ((n + 1) & 2) {	/* quadrants 1 and 2: negative */
		*lo = -*lo;
		return -hi;
	}
	return hi;
}

/* tan x = sin/cos of the reduced argument (-cos/sin in the odd quadrants).
 * Near a midpoint, the quotient of the two pairs as a pair: q = a/b, and
 * the rest (a - q b)/b, with q bh exact (two_prod) and a - q bh exact
 * (Sterbenz). */
static ld tan_full(double x, ld *lo)
{
	ld rh, rl, sh, sl, ch, cl, ah, al, bh, bl, q, ph, pe, hi;
	int n;

	*lo = 0;
	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return domain_error();
	if (abs_of(x) < TINY)
		return x;
	n = rem_pio2(x, &rh, &rl);
	hi = n & 1 ? -cos_kernel(rh, rl) / sin_kernel(rh, rl) : sin_kernel(rh, rl) / cos_kernel(rh, rl);
	if (!near_midpoint(hi))
		return hi;
	sh = sin_pair(rh, rl, &sl);
	ch = cos_pair(rh, rl, &cl);
	if (n & 1) {
		ah = -ch;
		al = -cl;
		bh = sh;
		bl = sl;
	} else {
		ah = sh;
		al = sl;
		bh = ch;
		bl = cl;
	}
	q = ah / bh;
	two_prod(q, bh, &ph, &pe);
	fast_two_sum(q, (((ah - ph) - pe) + (al - q * bl)) / bh, &hi, lo);
	return hi;
}

/* asin x = atan(x / sqrt(1 - x^2)), with 1 - x^2 as (1 - x)(1 + x): both
 * factors exact. */
static ld asin_full(double x)
{
	ld ax = abs_of(x), a;

	if (is_nan(x))
		return x + x;
	if (ax > 1)
		return domain_error();
	if (ax < TINY)
		return x;
	a = atan2_ld(ax, sqrt_ld((1 - ax) * (1 + ax)));
	return sign_of(x) ? -a : a;
}

static ld acos_full(double x)
{
	ld ax = abs_of(x), a;

	if (is_nan(x))
		return x + x;
	if (ax > 1)
		return domain_error();
	a = atan2_ld(sqrt_ld((1 - ax) * (1 + ax)), ax);
	return sign_of(x) ? (PI_HI - a) + PI_LO : a;
}

static ld atan_full(double x)
{
	ld a;

	if (is_nan(x))
		return x + x;
	if (abs_of(x) < TINY)
		return x;
	a = is_inf(x) ? PIO2_HI + PIO2_LO : atan2_ld(abs_of(x), 1);
	return sign_of(x) ? -a : a;
}

/* The angle of (x, y), in [-pi, pi]: the special cases of C's Annex F,
 * then atan of |y|/|x| turned to its quadrant. */
static ld atan2_full(double y, double x)
{
	ld a;

	if (is_nan(x) || is_nan(y))
		return (ld)x + y;
	if (y == 0)
		a = sign_of(x) ? PI_HI + PI_LO : 0;
	else if (x == 0)
		a = PIO2_HI + PIO2_LO;
	else if (is_inf(y))
		a = !is_inf(x) ? PIO2_HI + PIO2_LO :
		    sign_of(x) ? 3 * PIO4_HI + 3 * PIO4_LO : PIO4_HI + PIO4_LO;
	else if (is_inf(x))
		a = sign_of(x) ? PI_HI + PI_LO : 0;
	else {
		a = atan2_ld(abs_of(y), abs_of(x));
		if (sign_of(x))
			a = (PI_HI - a) + PI_LO;
	}
	return sign_of(y) ? -a : a;
}

WRAP1_PAIR(sin, sin_full)
WRAP1_PAIR(cos, cos_full)
WRAP1_PAIR(tan, tan_full)
WRAP1(asin, asin_full)
WRAP1(acos, acos_full)
WRAP1(atan, atan_full)
WRAP2(atan2, atan2_full)
