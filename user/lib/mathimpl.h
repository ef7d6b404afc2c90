/* mathimpl.h: what the math functions share: the bits of doubles and long
 * doubles, exact sums and products of long doubles, and the kernels that
 * work in long double (the x87's 64-bit significand): e^r, log x as a sum
 * of two long doubles, the reduction of an argument by pi/2, sin and cos
 * of the reduced argument, atan on [0, 1].
 *
 * Each double function checks its special cases, computes in long double
 * with a relative error of a few 2^-64 (the kernels' own error is far
 * smaller), and rounds once to double at the end: the result is within
 * 0.5 + 2^-9 ulp of the exact value, so within 1 ulp of glibc's (which is
 * within about 0.5). sin, cos and tan compute a result near a midpoint
 * between two doubles again, as two long doubles (round_pair), and are
 * within 0.5 + 2^-18 ulp. Needs round to nearest and the x87's full 64-bit
 * precision (precision control 11, as FNINIT sets it: control word 0x037F). */
#ifndef MATHIMPL_H
#define MATHIMPL_H

#include <errno.h>
#include <stdint.h>
#include "libc.h"
#include "mathconst.h"

typedef long double ld;

union dbits {
	double f;
	uint64_t u;
};

union fbits {
	float f;
	uint32_t u;
};

union ldbits {
	ld f;
	struct {
		uint64_t m;	/* the significand, its integer bit explicit */
		uint16_t se;	/* the sign and the exponent, biased by 16383 */
	} p;
};

static inline uint64_t bits_of(double x)
{
	union dbits b = { .f = x };

	return b.u;
}

static inline double from_bits(uint64_t u)
{
	union dbits b = { .u = u };

	return b.f;
}

static inline int is_nan(double x)
{
	return (bits_of(x) & ~(1ULL << 63)) > 0x7ff0000000000000ULL;
}

static inline int is_inf(double x)
{
	return (bits_of(x) & ~(1ULL << 63)) == 0x7ff0000000000000ULL;
}

static inline int sign_of(double x)
{
	return (int)(bits_of(x) >> 63);
}

static inline double abs_of(double x)
{
	return from_bits(bits_of(x) & ~(1ULL << 63));
}

/* 2^k as a long double, -16382 <= k <= 16383. */
static inline ld pow2_ld(int k)
{
	union ldbits b;

	b.p.m = 1ULL << 63;
	b.p.se = (uint16_t)(k + 16383);
	return b.f;
}

/* x = m * 2^e with m in [1, 2): e returned, m in *m. x positive, finite,
 * non-zero (every double is a normal long double). */
static inline int split_ld(ld x, ld *m)
{
	union ldbits b = { .f = x };
	int e = (b.p.se & 0x7fff) - 16383;

	b.p.se = 16383;
	*m = b.f;
	return e;
}

/* Rounds to an integer, to nearest (|x| < 2^62). */
static inline ld round_ld(ld x)
{
	const ld magic = 0x1.8p63L;

	return x >= 0 ? (x + magic) - magic : (x - magic) + magic;
}

static inline ld sqrt_ld(ld x)
{
	__asm__("fsqrt" : "+t"(x));
	return x;
}

/* a + b = *s + *e exactly (Knuth's two-sum). */
static inline void two_sum(ld a, ld b, ld *s, ld *e)
{
	ld sum = a + b, bb = sum - a;

	*s = sum;
	*e = (a - (sum - bb)) + (b - bb);
}

/* a + b = *s + *e exactly, for |a| >= |b| or a = 0. */
static inline void fast_two_sum(ld a, ld b, ld *s, ld *e)
{
	ld sum = a + b;

	*s = sum;
	*e = b - (sum - a);
}

/* a * b = *p + *e exactly (Dekker, splitting 64 bits into 32 and 32). */
static inline void two_prod(ld a, ld b, ld *p, ld *e)
{
	const ld split = 0x1p32L + 1;
	ld t, ah, al, bh, bl, prod = a * b;

	t = split * a;
	ah = t - (t - a);
	al = a - ah;
	t = split * b;
	bh = t - (t - b);
	bl = b - bh;
	*p = prod;
	*e = ((ah * bh - prod) + ah * bl + al * bh) + al * bl;
}

/* What a double result means for errno: ERANGE when finite arguments gave
 * an infinite result, or a non-zero exact value rounded to zero. */
static inline double range_check(double r, ld exact)
{
	if (is_inf(r) || (r == 0 && exact != 0))
		errno = ERANGE;
	return r;
}

static inline float range_checkf(float r, ld exact)
{
	union fbits b = { .f = r };

	if ((b.u & 0x7fffffff) == 0x7f800000 || (r == 0 && exact != 0))
		errno = ERANGE;
	return r;
}

/* A long double result too large for any double or float, and one too
 * small: the final rounding makes them inf and 0, and range_check sees why. */
#define HUGE_LD		0x1p16000L
#define TINY_LD		0x1p-16000L

static inline int is_finite(double x)
{
	return !is_nan(x) && !is_inf(x);
}

/* A function of one or two doubles, name, from its long double version
 * core, special cases included: rounds once, to double and (name##f) to
 * float, and sets ERANGE when finite arguments gave inf or 0. */
#define WRAP1(name, core)							\
	double LIBC(name)(double x)						\
	{									\
		ld y = core(x);							\
		return is_finite(x) ? range_check((double)y, y) : (double)y;	\
	}									\
	float LIBC(name##f)(float x)						\
	{									\
		ld y = core(x);							\
		return is_finite(x) ? range_checkf((float)y, y) : (float)y;	\
	}

#define WRAP2(name, core)							\
	double LIBC(name)(double x, double y)					\
	{									\
		ld r = core(x, y);						\
		return is_finite(x) && is_finite(y) ? range_check((double)r, r) \
						    : (double)r;		\
	}									\
	float LIBC(name##f)(float x, float y)					\
	{									\
		ld r = core(x, y);						\
		return is_finite(x) && is_finite(y) ? range_checkf((float)r, r) \
						    : (float)r;			\
	}

/* hi + lo rounded to double (and to float): as hi rounds, unless hi lies
 * exactly halfway between two of them (its bits below theirs 100...0),
 * where the sign of lo says which way the sum goes; the rounding of hi
 * alone would go to even, and be wrong half the time (a double rounding).
 * For |lo| <= half an ulp of hi, and a result in the normal range. */
static inline double round_pair(ld hi, ld lo)
{
	union ldbits b = { .f = hi };

	if ((b.p.m & 0x7ff) == 0x400 && lo != 0)
		b.p.m += (lo < 0) == (b.p.se >> 15 != 0) ? 1 : -1;
	return (double)b.f;
}

static inline float round_pairf(ld hi, ld lo)
{
	union ldbits b = { .f = hi };

	if ((b.p.m & ((1ULL << 40) - 1)) == 1ULL << 39 && lo != 0)
		b.p.m += (lo < 0) == (b.p.se >> 15 != 0) ? 1 : -1;
	return (float)b.f;
}

/* As WRAP1, for a core that gives its result as two long doubles (the
 * second in *lo), rounded to double and float by round_pair. */
#define WRAP1_PAIR(name, core)							\
	double LIBC(name)(double x)						\
	{									\
		ld lo, y = core(x, &lo);					\
		return is_finite(x) ? range_check(round_pair(y, lo), y)	\
				    : (double)y;				\
	}									\
	float LIBC(name##f)(float x)						\
	{									\
		ld lo, y = core(x, &lo);					\
		return is_finite(x) ? range_checkf(round_pairf(y, lo), y)	\
				    : (float)y;					\
	}

/* A domain error: NaN, and EDOM. */
static inline double domain_error(void)
{
	errno = EDOM;
	return __builtin_nan("");
}

/* The kernels, mathkern.c; under reserved names, as they are the library's
 * own and not the program's. */
#define exp_kernel	__libm_exp_kernel
#define expm1_kernel	__libm_expm1_kernel
#define exp_ld		__libm_exp_ld
#define expm1_ld	__libm_expm1_ld
#define log_ld		__libm_log_ld
#define rem_pio2	__libm_rem_pio2
#define sin_kernel	__libm_sin_kernel
#define cos_kernel	__libm_cos_kernel
#define sin_pair	__libm_sin_pair
#define cos_pair	__libm_cos_pair
#define atan_kernel	__libm_atan_kernel
#define atan2_ld	__libm_atan2_ld
ld exp_kernel(ld r);
ld expm1_kernel(ld r);
ld exp_ld(ld xh, ld xl);
ld expm1_ld(ld x);
ld log_ld(ld x, ld *lo);
int rem_pio2(double x, ld *rh, ld *rl);
ld sin_kernel(ld rh, ld rl);
ld cos_kernel(ld rh, ld rl);
ld sin_pair(ld rh, ld rl, ld *lo);
ld cos_pair(ld rh, ld rl, ld *lo);
ld atan_kernel(ld t);
ld atan2_ld(ld num, ld den);

#endif
