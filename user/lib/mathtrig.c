/* mathtrig.c: sin, cos, tan, asin, acos, atan, atan2, and their float
 * twins: the argument reduced by pi/2 exactly (rem_pio2), so that large
 * arguments are as good as small ones, then the long double kernels. */
#include <math.h>
#include "mathimpl.h"

/* Below this, sin x and tan x round to x, cos x to 1. */
#define TINY	0x1p-32

static ld sin_full(double x)
{
	ld rh, rl;

	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return domain_error();
	if (abs_of(x) < TINY)
		return x;
	switch (rem_pio2(x, &rh, &rl)) {
	case 0: return sin_kernel(rh, rl);
	case 1: return cos_kernel(rh, rl);
	case 2: return -sin_kernel(rh, rl);
	default: return -cos_kernel(rh, rl);
	}
}

static ld cos_full(double x)
{
	ld rh, rl;

	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return domain_error();
	if (abs_of(x) < TINY)
		return 1;
	switch (rem_pio2(x, &rh, &rl)) {
	case 0: return cos_kernel(rh, rl);
	case 1: return -sin_kernel(rh, rl);
	case 2: return -cos_kernel(rh, rl);
	default: return sin_kernel(rh, rl);
	}
}

static ld tan_full(double x)
{
	ld rh, rl;
	int n;

	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return domain_error();
	if (abs_of(x) < TINY)
		return x;
	n = rem_pio2(x, &rh, &rl);
	if (n & 1)
		return -cos_kernel(rh, rl) / sin_kernel(rh, rl);
	return sin_kernel(rh, rl) / cos_kernel(rh, rl);
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

WRAP1(sin, sin_full)
WRAP1(cos, cos_full)
WRAP1(tan, tan_full)
WRAP1(asin, asin_full)
WRAP1(acos, acos_full)
WRAP1(atan, atan_full)
WRAP2(atan2, atan2_full)
