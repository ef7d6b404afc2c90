/* test_math.c: the guest's <math.h> against glibc's. For every function a
 * table of inputs: the special values (zeros, infinities, NaN, subnormals,
 * the extremes, exact cases), arguments chosen to be hard (near multiples
 * of pi/2 up to the largest double, near 1 for log, near the overflow and
 * underflow thresholds), and tens of thousands of random ones over each
 * function's range. A result must be within 1 ulp of glibc's; where glibc's
 * is 0, inf or NaN, the same (sign included, but a NaN's). glibc is not
 * always that close to the exact value itself (sinh and log10 are up to 2
 * ulps off): a result further than 1 ulp from glibc's passes only if it is
 * the correctly rounded one, as glibc's long double function (64 bits, 11
 * more than a double) rounds to double, and glibc's is not; such inputs are
 * counted and printed. The float functions are checked against glibc's
 * double function rounded to float (glibc's float ones are up to 2 ulps
 * off too): within 1 ulp. The exact
 * functions (floor, fmod, frexp, ...) must give glibc's bits. errno is
 * compared too, for domain errors, poles, overflows and underflows to 0.
 * Each function's agreement is printed: how many results are glibc's bit
 * for bit, and the largest difference in ulps.
 *
 * This file and the sources it includes are built with -mfpmath=387 and
 * -fexcess-precision=standard (libc.mk), the guest's way of computing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define LIBC(name) u_##name
#include "../../user/lib/mathkern.c"
#include "../../user/lib/math.c"
#include "../../user/lib/mathexp.c"
#include "../../user/lib/mathtrig.c"

#define RANDOM	20000

/* ---- inputs ---- */

static uint64_t seed = 0x2545f4914f6cdd1dULL;

static uint64_t next_random(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static double uniform(double lo, double hi)
{
	double u = (double)(next_random() >> 11) * 0x1p-53;

	return lo + (hi - lo) * u;
}

/* A random significand at a random binary exponent in [emin, emax], and a
 * random sign if signed_ is set. */
static double log_uniform(int emin, int emax, int signed_)
{
	uint64_t r = next_random();
	int e = emin + (int)(r % (uint64_t)(emax - emin + 1));
	double v = ldexp(1.0 + (double)(next_random() >> 12) * 0x1p-52, e);

	return signed_ && (r & (1ULL << 40)) ? -v : v;
}

/* Any finite double, every exponent as likely as any other. */
static double any_double(void)
{
	double v;

	do
		memcpy(&v, &(uint64_t){ next_random() }, sizeof v);
	while (!isfinite(v));
	return v;
}

static const double specials[] = {
	0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, 0.1,
	DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, DBL_TRUE_MIN, -DBL_TRUE_MIN, 0x1p-1060,
	0x1.fffffffffffffp-1023, 1e-300, 1e300, 1e22, 1e-5, 0x1p-30, 0x1p-33, 0x1p-60,
	M_PI, -M_PI, M_PI_2, -M_PI_2, M_PI_4, 3 * M_PI_4, 2 * M_PI, 0x1p52, 0x1p53, 0x1p63,
	0x1p1023, 1.0 + 0x1p-52, 1.0 - 0x1p-53, 709.782712893384, -745.1332191019411,
	-708.3964185322641, 710.0, -746.0, 1024.0, -1074.0, -1075.0, 22.0, 0.9999999999999999,
};
#define NSPECIALS	(sizeof specials / sizeof *specials)

/* ---- comparing ---- */

struct tally {
	const char *name;
	long count, same, max_ulps;
	long glibc_off;		/* glibc's result over 1 ulp from the exact, this one right */
	long rounded;		/* equal to the correctly rounded result */
	int has_ref;
};

static int64_t ordered(double x)
{
	int64_t b;

	memcpy(&b, &x, sizeof b);
	return b < 0 ? -(b & INT64_MAX) : b;
}

static int64_t ulps_apart(double a, double b)
{
	int64_t d = ordered(a) - ordered(b);

	return d < 0 ? -d : d;
}

/* got against want: a NaN for a NaN; an exact zero or infinity (its sign
 * too) for one; else within max ulps, or, failing that, equal to exact
 * (the correctly rounded value) where want is not. */
static void check_exact(struct tally *t, double got, double want, double exact, int max,
			const char *what)
{
	int64_t d;

	t->count++;
	t->rounded += got == exact || (isnan(got) && isnan(exact));
	if (isnan(want)) {
		if (!isnan(got))
			fail_msg("%s %s: got %a, glibc nan", t->name, what, got);
		t->same++;
		return;
	}
	if (want == 0 || isinf(want) || max == 0) {
		if (memcmp(&got, &want, sizeof got) != 0)
			fail_msg("%s %s: got %a, glibc %a", t->name, what, got, want);
		t->same++;
		return;
	}
	d = isfinite(got) ? ulps_apart(got, want) : INT64_MAX;
	if (d > max && got == exact && want != exact) {
		t->glibc_off++;
		return;
	}
	if (d > max)
		fail_msg("%s %s: got %a, glibc %a: %lld ulps", t->name, what, got, want, (long long)d);
	if (d == 0)
		t->same++;
	if (d > t->max_ulps)
		t->max_ulps = d;
}

static void check(struct tally *t, double got, double want, int max, const char *what)
{
	check_exact(t, got, want, want, max, what);
}

static void report(const struct tally *t)
{
	printf("    %-9s %6ld inputs, %6.2f%% bit for bit as glibc, at most %ld ulp apart", t->name,
	       t->count, 100.0 * (double)t->same / (double)t->count, t->max_ulps);
	if (t->has_ref)
		printf("; %.2f%% correctly rounded", 100.0 * (double)t->rounded / (double)t->count);
	if (t->glibc_off)
		printf("; %ld where glibc is over 1 ulp off and this is exact", t->glibc_off);
	printf("\n");
}

/* ---- one-argument functions ---- */

typedef double (*fn1)(double);
typedef long double (*lfn1)(long double);
enum range { ANY, POSITIVE, EXP_RANGE, EXP2_RANGE, TRIG, UNIT, HYPERBOLIC };

/* A random argument of the range. */
static double draw(enum range r, int i)
{
	switch (r) {
	case POSITIVE:
		return i % 3 == 0 ? uniform(0.5, 2.0) : fabs(any_double());
	case EXP_RANGE:
		return i % 2 ? uniform(-746, 710) : log_uniform(-60, 9, 1);
	case EXP2_RANGE:
		return i % 2 ? uniform(-1076, 1025) : log_uniform(-60, 10, 1);
	case TRIG:
		switch (i % 4) {
		case 0: return uniform(-10, 10);
		case 1: return log_uniform(-40, 1023, 1);
		case 2: return log_uniform(-2, 30, 1);
		default: /* near a multiple of pi/2: the reduction's hard case */
			return nextafter((double)(next_random() % 100000) * M_PI_2,
					 (double)(next_random() & 1 ? INFINITY : -INFINITY));
		}
	case UNIT:		/* a third of them near 1 or -1 */
		if (i % 3 == 0) {
			double v = 1 - log_uniform(-53, -1, 0);

			return i % 2 ? v : -v;
		}
		return uniform(-1, 1);
	case HYPERBOLIC:
		return i % 2 ? uniform(-720, 720) : log_uniform(-40, 4, 1);
	default:
		return any_double();
	}
}

/* ref: glibc's long double twin, whose result rounded to double is the
 * correctly rounded one (NULL for the exact functions). */
static void run1(const char *name, fn1 ours, fn1 glibcs, lfn1 ref, enum range range, int max,
		 const double *extra, size_t nextra)
{
	struct tally t = { name, 0, 0, 0, 0, 0, ref != NULL };
	char what[64];

	for (int i = 0; i < (int)(NSPECIALS + nextra) + RANDOM; i++) {
		double x = i < (int)NSPECIALS ? specials[i] :
			   i < (int)(NSPECIALS + nextra) ? extra[i - NSPECIALS] : draw(range, i);
		double want = glibcs(x);

		snprintf(what, sizeof what, "(%a)", x);
		check_exact(&t, ours(x), want, ref ? (double)ref(x) : want, max, what);
	}
	report(&t);
}

static const double trig_hard[] = {
	0x1.6ac5b262ca1ffp+849, 0x1.0000000000000p+1023 * 1.5, 1e22, 1e300,
	6381956970095103.0 * 0x1p797, 5.319372648326541e+255, 0x1.921fb54442d18p0,
	0x1.921fb54442d18p1, 0x1.921fb54442d18p2, 0x1.2d97c7f3321d2p1, 355.0, 103993.0,
	0x1.c463abeccb2bbp+0, 1.5707963267948966, 3.141592653589793, 4.71238898038469,
	1e-8, 0.7853981633974483, 0.78539816339744839, 2.356194490192345,
};

static void test_sqrt(void **state)
{
	static const double extra[] = { 4.0, 9.0, 2.0, 1e-320, 0x1.fffffffffffffp1023, -4.0 };

	(void)state;
	run1("sqrt", u_sqrt, sqrt, NULL, POSITIVE, 0, extra, 6);
}

static void test_exact_one_argument(void **state)
{
	static const double extra[] = { 0.49999999999999994, 1.5, 2.5, -1.5, -2.5, 4503599627370495.5,
		-4503599627370495.5, 0x1.fffffffffffffp51, 0.9999999999999999, -0.9999999999999999 };

	(void)state;
	run1("fabs", u_fabs, fabs, NULL, ANY, 0, extra, 10);
	run1("floor", u_floor, floor, NULL, ANY, 0, extra, 10);
	run1("ceil", u_ceil, ceil, NULL, ANY, 0, extra, 10);
	run1("trunc", u_trunc, trunc, NULL, ANY, 0, extra, 10);
	run1("round", u_round, round, NULL, ANY, 0, extra, 10);
	seed = 77;
	run1("floor", u_floor, floor, NULL, HYPERBOLIC, 0, NULL, 0);
	run1("ceil", u_ceil, ceil, NULL, HYPERBOLIC, 0, NULL, 0);
	run1("round", u_round, round, NULL, HYPERBOLIC, 0, NULL, 0);
}

static void test_exp(void **state)
{
	static const double extra[] = { 709.78, 709.7827128933841, -745.13321910194122, -708.4,
		-744.44007192138126, 1e-20, -1e-20, 0.3465735902799727, 88.72283935546875 };

	(void)state;
	run1("exp", u_exp, exp, expl, EXP_RANGE, 1, extra, 9);
	run1("exp2", u_exp2, exp2, exp2l, EXP2_RANGE, 1, extra, 9);
}

static void test_log(void **state)
{
	static const double extra[] = { 1e10, 1e100, 1e-100, 1000.0, 0.001, 1.0000000000000002,
		0.9999999999999999, 1.0 + 0x1p-30, 1.0 - 0x1p-30, 2.718281828459045, 1024.0, 0x1p-1074,
		100.0, 1e15, 1e23 };

	(void)state;
	run1("log", u_log, log, logl, POSITIVE, 1, extra, 15);
	run1("log2", u_log2, log2, log2l, POSITIVE, 1, extra, 15);
	run1("log10", u_log10, log10, log10l, POSITIVE, 1, extra, 15);
}

static void test_trig(void **state)
{
	size_t n = sizeof trig_hard / sizeof *trig_hard;

	(void)state;
	run1("sin", u_sin, sin, sinl, TRIG, 1, trig_hard, n);
	run1("cos", u_cos, cos, cosl, TRIG, 1, trig_hard, n);
	run1("tan", u_tan, tan, tanl, TRIG, 1, trig_hard, n);
}

static void test_inverse_trig(void **state)
{
	static const double extra[] = { 0.5, -0.5, 0.9999999999999999, -0.9999999999999999,
		1e-300, 0.7071067811865476, 1e10, -1e10, 0x1p60, 0.4375, 0.6875, 1.1875, 2.4375 };

	(void)state;
	run1("asin", u_asin, asin, asinl, UNIT, 1, extra, 13);
	run1("acos", u_acos, acos, acosl, UNIT, 1, extra, 13);
	run1("atan", u_atan, atan, atanl, ANY, 1, extra, 13);
	seed = 99;
	run1("atan", u_atan, atan, atanl, HYPERBOLIC, 1, extra, 13);
}

static void test_hyperbolic(void **state)
{
	static const double extra[] = { 710.4758600739439, 710.48, -710.4758600739439, 19.0, 23.0,
		22.9, 0.5, 1.0, 1e-9, -1e-9 };

	(void)state;
	run1("sinh", u_sinh, sinh, sinhl, HYPERBOLIC, 1, extra, 10);
	run1("cosh", u_cosh, cosh, coshl, HYPERBOLIC, 1, extra, 10);
	run1("tanh", u_tanh, tanh, tanhl, HYPERBOLIC, 1, extra, 10);
}

/* ---- two-argument functions ---- */

typedef double (*fn2)(double, double);
typedef long double (*lfn2)(long double, long double);
enum range2 { ANY2, POW2, ATAN2 };

static void run2(const char *name, fn2 ours, fn2 glibcs, lfn2 ref, enum range2 range, int max)
{
	struct tally t = { name, 0, 0, 0, 0, 0, ref != NULL };
	char what[96];

	for (size_t i = 0; i < NSPECIALS; i++)
		for (size_t j = 0; j < NSPECIALS; j++) {
			double x = specials[i], y = specials[j];

			snprintf(what, sizeof what, "(%a, %a)", x, y);
			check_exact(&t, ours(x, y), glibcs(x, y), ref ? (double)ref(x, y) : glibcs(x, y),
				    max, what);
		}
	for (int i = 0; i < 5 * RANDOM; i++) {
		double x, y;

		if (range == POW2) {
			switch (i % 5) {
			case 0: x = log_uniform(-100, 100, 0); y = uniform(-50, 50); break;
			case 1: x = 1 + log_uniform(-50, -5, 1); y = log_uniform(0, 50, 1); break;
			case 2: x = -log_uniform(-30, 30, 0); y = (double)((int)uniform(-60, 60)); break;
			case 3: x = fabs(any_double()); y = log_uniform(-10, 3, 1); break;
			default: x = (double)(next_random() % 1000); y = (double)(next_random() % 20); break;
			}
		} else if (range == ATAN2) {
			x = i % 2 ? any_double() : uniform(-10, 10);
			y = i % 2 ? any_double() : uniform(-10, 10);
		} else {
			x = any_double();
			y = i % 3 ? any_double() : uniform(-100, 100);
		}
		snprintf(what, sizeof what, "(%a, %a)", x, y);
		check_exact(&t, ours(x, y), glibcs(x, y), ref ? (double)ref(x, y) : glibcs(x, y), max,
			    what);
	}
	report(&t);
}

static void test_pow(void **state)
{
	static const double pairs[][2] = { { 134217727.0, 2.0 }, { 10, 22 }, { 10, -5 }, { 2, -1074 },
		{ 2, -1075 }, { 2, 1023 }, { 2, 1024 }, { -2, 1023 }, { -2, 1024 }, { 0.5, 1074 },
		{ 1.0000001, 1e10 }, { 0.9999999, 1e10 }, { -1, 1e300 }, { -1, 3 }, { -8, 1.0 / 3 },
		{ 3, 0.5 }, { 1e-300, -1.5 }, { 1.5, 1750.0 }, { 0.5, -1025 }, { 9, 0.5 } };
	struct tally t = { "pow", 0, 0, 0, 0, 0, 0 };

	(void)state;
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		check(&t, u_pow(pairs[i][0], pairs[i][1]), pow(pairs[i][0], pairs[i][1]), 1, "(pair)");
	report(&t);
	run2("pow", u_pow, pow, powl, POW2, 1);
}

static void test_atan2_hypot(void **state)
{
	(void)state;
	run2("atan2", u_atan2, atan2, atan2l, ATAN2, 1);
	run2("hypot", u_hypot, hypot, hypotl, ANY2, 1);
}

static void test_exact_two_arguments(void **state)
{
	(void)state;
	run2("fmod", u_fmod, fmod, NULL, ANY2, 0);
	run2("copysign", u_copysign, copysign, NULL, ANY2, 0);
}

/* fmin and fmax: glibc's, but -0 counts below +0 here, in both orders. */
static void test_fmin_fmax(void **state)
{
	struct tally t = { "fmin/max", 0, 0, 0, 0, 0, 0 };

	(void)state;
	for (size_t i = 0; i < NSPECIALS; i++)
		for (size_t j = 0; j < NSPECIALS; j++) {
			double x = specials[i], y = specials[j];

			if (x == 0 && y == 0)
				continue;
			check(&t, u_fmin(x, y), fmin(x, y), 0, "fmin");
			check(&t, u_fmax(x, y), fmax(x, y), 0, "fmax");
		}
	assert_true(signbit(u_fmin(0.0, -0.0)) && signbit(u_fmin(-0.0, 0.0)));
	assert_true(!signbit(u_fmax(0.0, -0.0)) && !signbit(u_fmax(-0.0, 0.0)));
	report(&t);
}

/* modf, frexp, ldexp and scalbn: glibc's bits, and the same parts. */
static void test_parts(void **state)
{
	static const int exps[] = { 0, 1, -1, 10, -10, 52, -52, 1023, -1022, -1074, 1100, -1100,
		2000, -2000, 100000, -100000 };
	struct tally t = { "parts", 0, 0, 0, 0, 0, 0 };

	(void)state;
	for (int i = 0; i < (int)NSPECIALS + RANDOM; i++) {
		double x = i < (int)NSPECIALS ? specials[i] : i % 2 ? any_double() : uniform(-1e6, 1e6);
		double gi, wi;
		int ge, we;

		check(&t, u_modf(x, &gi), modf(x, &wi), 0, "modf");
		check(&t, gi, wi, 0, "modf's integer part");
		check(&t, u_frexp(x, &ge), frexp(x, &we), 0, "frexp");
		assert_int_equal(ge, we);
		for (size_t k = 0; k < sizeof exps / sizeof *exps; k++) {
			check(&t, u_ldexp(x, exps[k]), ldexp(x, exps[k]), 0, "ldexp");
			check(&t, u_scalbn(x, exps[k]), scalbn(x, exps[k]), 0, "scalbn");
		}
	}
	report(&t);
}

/* ---- float twins ---- */

typedef float (*ffn1)(float);
typedef float (*ffn2)(float, float);

static int64_t ulps_apartf(float a, float b)
{
	int32_t x, y;

	memcpy(&x, &a, sizeof x);
	memcpy(&y, &b, sizeof y);
	x = x < 0 ? -(x & INT32_MAX) : x;
	y = y < 0 ? -(y & INT32_MAX) : y;
	return x > y ? (int64_t)x - y : (int64_t)y - x;
}

static void checkf(struct tally *t, float got, float want, const char *what, double x)
{
	int64_t d;

	t->count++;
	if (isnan(want)) {
		if (!isnan(got))
			fail_msg("%s%s(%a): got %a, glibc nan", t->name, what, x, got);
		t->same++;
		return;
	}
	if (want == 0 || isinf(want)) {
		if (memcmp(&got, &want, sizeof got) != 0)
			fail_msg("%s%s(%a): got %a, glibc %a", t->name, what, x, got, want);
		t->same++;
		return;
	}
	d = isfinite(got) ? ulps_apartf(got, want) : INT64_MAX;
	if (d > 1)
		fail_msg("%s%s(%a): got %a, glibc %a: %lld ulps", t->name, what, x, got, want,
			 (long long)d);
	t->same += d == 0;
	if (d > t->max_ulps)
		t->max_ulps = d;
}

static const struct {
	const char *name;
	ffn1 ours;
	fn1 glibcs;	/* glibc's double function: its result rounded to float is the reference */
	float lo, hi;
} floats1[] = {
	{ "sqrtf", u_sqrtf, sqrt, 0, 1e30f }, { "expf", u_expf, exp, -110, 90 },
	{ "exp2f", u_exp2f, exp2, -160, 130 }, { "logf", u_logf, log, 0, 1e30f },
	{ "log2f", u_log2f, log2, 0, 1e30f }, { "log10f", u_log10f, log10, 0, 1e30f },
	{ "sinf", u_sinf, sin, -1e5f, 1e5f }, { "cosf", u_cosf, cos, -1e5f, 1e5f },
	{ "tanf", u_tanf, tan, -1e5f, 1e5f }, { "asinf", u_asinf, asin, -1, 1 },
	{ "acosf", u_acosf, acos, -1, 1 }, { "atanf", u_atanf, atan, -1e6f, 1e6f },
	{ "sinhf", u_sinhf, sinh, -95, 95 }, { "coshf", u_coshf, cosh, -95, 95 },
	{ "tanhf", u_tanhf, tanh, -12, 12 }, { "floorf", u_floorf, floor, -1e8f, 1e8f },
	{ "ceilf", u_ceilf, ceil, -1e8f, 1e8f }, { "truncf", u_truncf, trunc, -1e8f, 1e8f },
	{ "roundf", u_roundf, round, -1e8f, 1e8f }, { "fabsf", u_fabsf, fabs, -1e8f, 1e8f },
};

static void test_float_twins(void **state)
{
	(void)state;
	for (size_t f = 0; f < sizeof floats1 / sizeof *floats1; f++) {
		struct tally t = { floats1[f].name, 0, 0, 0, 0, 0, 0 };

		for (size_t i = 0; i < NSPECIALS; i++) {
			float x = (float)specials[i];

			checkf(&t, floats1[f].ours(x), (float)floats1[f].glibcs(x), "", x);
		}
		for (int i = 0; i < RANDOM; i++) {
			float x = (float)uniform(floats1[f].lo, floats1[f].hi);

			if (i % 4 == 0) {	/* any float bits at all */
				uint32_t b = (uint32_t)next_random();

				memcpy(&x, &b, sizeof x);
			}
			checkf(&t, floats1[f].ours(x), (float)floats1[f].glibcs(x), "", x);
		}
		report(&t);
	}
}

static void test_float_twins2(void **state)
{
	static const struct {
		const char *name;
		ffn2 ours;
		fn2 glibcs;
	} fns[] = { { "powf", u_powf, pow }, { "atan2f", u_atan2f, atan2 },
		    { "hypotf", u_hypotf, hypot }, { "fmodf", u_fmodf, fmod },
		    { "copysignf", u_copysignf, copysign } };

	(void)state;
	for (size_t f = 0; f < sizeof fns / sizeof *fns; f++) {
		struct tally t = { fns[f].name, 0, 0, 0, 0, 0, 0 };

		for (size_t i = 0; i < NSPECIALS; i++)
			for (size_t j = 0; j < NSPECIALS; j++) {
				float x = (float)specials[i], y = (float)specials[j];

				checkf(&t, fns[f].ours(x, y), (float)fns[f].glibcs(x, y), "", x);
			}
		for (int i = 0; i < RANDOM; i++) {
			float x = (float)uniform(0, 100), y = (float)uniform(-20, 20);

			checkf(&t, fns[f].ours(x, y), (float)fns[f].glibcs(x, y), "", x);
		}
		report(&t);
	}
	assert_true(u_ldexpf(1.5f, 10) == 1536.0f && u_ldexpf(1.0f, -149) == 0x1p-149f);
	assert_true(u_fminf(1, 2) == 1 && u_fmaxf(1, 2) == 2);
}

/* ---- errno ---- */

/* errno after a call: ours against glibc's, with errno cleared before each. */
#define SAME_ERRNO(call)							\
	do {									\
		int got, want;							\
		errno = 0;							\
		(void)u_##call;							\
		got = errno;							\
		errno = 0;							\
		(void)call;							\
		want = errno;							\
		if (got != want)						\
			fail_msg("%s: errno %d, glibc %d", #call, got, want);	\
	} while (0)

static void test_errno(void **state)
{
	(void)state;
	/* domain errors */
	SAME_ERRNO(sqrt(-1.0));
	SAME_ERRNO(sqrt(-INFINITY));
	SAME_ERRNO(log(-1.0));
	SAME_ERRNO(log(-INFINITY));
	SAME_ERRNO(log10(-2.0));
	SAME_ERRNO(log2(-0x1p-1074));
	SAME_ERRNO(pow(-1.0, 0.5));
	SAME_ERRNO(pow(-8.0, 1.0 / 3));
	SAME_ERRNO(acos(2.0));
	SAME_ERRNO(asin(-1.5));
	SAME_ERRNO(sin(INFINITY));
	SAME_ERRNO(cos(-INFINITY));
	SAME_ERRNO(tan(INFINITY));
	SAME_ERRNO(fmod(1.0, 0.0));
	SAME_ERRNO(fmod(INFINITY, 1.0));
	SAME_ERRNO(sqrtf(-1.0f));
	SAME_ERRNO(logf(-1.0f));
	SAME_ERRNO(acosf(2.0f));
	/* poles */
	SAME_ERRNO(log(0.0));
	SAME_ERRNO(log(-0.0));
	SAME_ERRNO(log2(0.0));
	SAME_ERRNO(log10(0.0));
	SAME_ERRNO(pow(0.0, -1.0));
	SAME_ERRNO(pow(-0.0, -3.0));
	SAME_ERRNO(logf(0.0f));
	SAME_ERRNO(powf(0.0f, -2.0f));
	/* overflows */
	SAME_ERRNO(exp(710.0));
	SAME_ERRNO(exp(1e300));
	SAME_ERRNO(exp2(1024.0));
	SAME_ERRNO(pow(10.0, 400.0));
	SAME_ERRNO(pow(-10.0, 401.0));
	SAME_ERRNO(pow(2.0, 1e10));
	SAME_ERRNO(cosh(711.0));
	SAME_ERRNO(sinh(-711.0));
	SAME_ERRNO(hypot(DBL_MAX, DBL_MAX));
	SAME_ERRNO(ldexp(1.0, 5000));
	SAME_ERRNO(expf(89.0f));
	SAME_ERRNO(powf(10.0f, 40.0f));
	SAME_ERRNO(coshf(90.0f));
	/* underflows to zero */
	SAME_ERRNO(exp(-746.0));
	SAME_ERRNO(exp(-1e300));
	SAME_ERRNO(pow(10.0, -400.0));
	SAME_ERRNO(exp2(-1100.0));
	SAME_ERRNO(ldexp(1.0, -5000));
	SAME_ERRNO(expf(-110.0f));
	SAME_ERRNO(powf(10.0f, -50.0f));
	/* no error: special values with a defined result, and ordinary ones */
	SAME_ERRNO(exp(INFINITY));
	SAME_ERRNO(exp(-INFINITY));
	SAME_ERRNO(exp(1.0));
	SAME_ERRNO(log(INFINITY));
	SAME_ERRNO(log(2.0));
	SAME_ERRNO(sqrt(-0.0));
	SAME_ERRNO(pow(INFINITY, 2.0));
	SAME_ERRNO(pow(0.0, 2.0));
	SAME_ERRNO(pow(2.0, 10.0));
	SAME_ERRNO(pow(-1.0, INFINITY));
	SAME_ERRNO(pow(NAN, 0.0));
	SAME_ERRNO(atan2(0.0, -0.0));
	SAME_ERRNO(atan(INFINITY));
	SAME_ERRNO(sin(1e300));
	SAME_ERRNO(cosh(INFINITY));
	SAME_ERRNO(hypot(INFINITY, NAN));
	SAME_ERRNO(fmod(1.0, INFINITY));
	SAME_ERRNO(tanh(1e300));
	SAME_ERRNO(ldexp(INFINITY, -5000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sqrt),
		cmocka_unit_test(test_exact_one_argument),
		cmocka_unit_test(test_exp),
		cmocka_unit_test(test_log),
		cmocka_unit_test(test_trig),
		cmocka_unit_test(test_inverse_trig),
		cmocka_unit_test(test_hyperbolic),
		cmocka_unit_test(test_pow),
		cmocka_unit_test(test_atan2_hypot),
		cmocka_unit_test(test_exact_two_arguments),
		cmocka_unit_test(test_fmin_fmax),
		cmocka_unit_test(test_parts),
		cmocka_unit_test(test_float_twins),
		cmocka_unit_test(test_float_twins2),
		cmocka_unit_test(test_errno),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
