/* test_math.c: the guest's <math.h> against glibc's. For every function a
 * table of inputs: the special values (zeros, infinities, NaN, subnormals,
 * the extremes, exact cases), arguments chosen to be hard (near multiples
 * of pi/2 up to the largest double, near 1 for log, near the overflow and
 * underflow thresholds), and tens of thousands of random ones over each
 * function's range. A result must be within 1 ulp of glibc's; where glibc's
 * is 0, inf or NaN, the same (sign included, but a NaN's). glibc is not
 * always that close to the exact value itself (sinh and log10 are up to 2
 * ulps off): a result further than 1 ulp from glibc's passes only if it is
 * the correctly rounded one and glibc's is not; such inputs are counted and
 * printed. The correctly rounded result is libquadmath's __float128
 * function (113 bits, within about an ulp of its own) rounded to double,
 * unless that lies within 2^-100 of a midpoint between two doubles, where
 * it could be either and the input counts as undecided (some of pow's, an
 * integer to an integer power on a midpoint among them, and of atan2's).
 * glibc's long double function rounded to double would not do: a long
 * double result on a midpoint, or a few of its ulps from one, rounds either
 * way (this library's sin, cos and tan rounded so from their long double
 * results 1 time in about 3,500, and glibc's long double functions agreed).
 * sin, cos and tan must be correctly rounded: on a table of inputs whose
 * results lie within 2^-13 ulp of a midpoint (the correctly rounded results
 * computed with mpmath, at 300 bits), and on a sweep of 110,000 inputs each
 * of every magnitude. The float functions are checked against glibc's
 * double function rounded to float (glibc's float ones are up to 2 ulps
 * off too): within 1 ulp. The exact functions (floor, fmod, frexp, ...)
 * must give glibc's bits. errno is
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
#include <quadmath.h>

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
	long undecided;		/* the reference too close to a midpoint to say */
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

/* The double nearest q, the correctly rounded value of a function whose
 * __float128 result q is; *decided is 0 if q lies within 2^-100 (relative)
 * of a midpoint between two doubles, where q's own error could put the
 * exact value on either side. */
static double round_quad(__float128 q, int *decided)
{
	double d = (double)q, n;
	__float128 mid;

	*decided = 1;
	if (!isfinite(d) || d == 0)
		return d;
	n = nextafter(d, q > (__float128)d ? INFINITY : -INFINITY);
	mid = ((__float128)d + (__float128)n) / 2;
	*decided = fabsq(q - mid) >= fabsq(q) * 0x1p-100Q;
	return d;
}

/* got against want: a NaN for a NaN; an exact zero or infinity (its sign
 * too) for one; else within max ulps, or, failing that, equal to exact
 * (the correctly rounded value) where want is not. decided: exact is sure
 * (round_quad); if not, the input is counted as undecided and exact is
 * not used. */
static void check_exact(struct tally *t, double got, double want, double exact, int decided,
			int max, const char *what)
{
	int64_t d;

	t->count++;
	if (!decided) {
		t->undecided++;
		exact = want;
	} else
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
	check_exact(t, got, want, want, 1, max, what);
}

static void report(const struct tally *t)
{
	printf("    %-9s %6ld inputs, %6.2f%% bit for bit as glibc, at most %ld ulp apart", t->name,
	       t->count, 100.0 * (double)t->same / (double)t->count, t->max_ulps);
	if (t->has_ref)
		printf("; %.3f%% correctly rounded (%ld not)", 100.0 * (double)t->rounded /
		       (double)(t->count - t->undecided), t->count - t->undecided - t->rounded);
	if (t->undecided)
		printf("; %ld undecided by the reference", t->undecided);
	if (t->glibc_off)
		printf("; %ld where glibc is over 1 ulp off and this is exact", t->glibc_off);
	printf("\n");
}

/* ---- one-argument functions ---- */

typedef double (*fn1)(double);
typedef __float128 (*qfn1)(__float128);
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

/* ref: libquadmath's twin, whose result rounded to double is the correctly
 * rounded one (round_quad; NULL for the exact functions). */
static void run1(const char *name, fn1 ours, fn1 glibcs, qfn1 ref, enum range range, int max,
		 const double *extra, size_t nextra)
{
	struct tally t = { name, 0, 0, 0, 0, 0, ref != NULL, 0 };
	char what[64];

	for (int i = 0; i < (int)(NSPECIALS + nextra) + RANDOM; i++) {
		double x = i < (int)NSPECIALS ? specials[i] :
			   i < (int)(NSPECIALS + nextra) ? extra[i - NSPECIALS] : draw(range, i);
		double want = glibcs(x), exact = want;
		int decided = 1;

		if (ref)
			exact = round_quad(ref(x), &decided);
		snprintf(what, sizeof what, "(%a)", x);
		check_exact(&t, ours(x), want, exact, decided, max, what);
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
	run1("exp", u_exp, exp, expq, EXP_RANGE, 1, extra, 9);
	run1("exp2", u_exp2, exp2, exp2q, EXP2_RANGE, 1, extra, 9);
}

static void test_log(void **state)
{
	static const double extra[] = { 1e10, 1e100, 1e-100, 1000.0, 0.001, 1.0000000000000002,
		0.9999999999999999, 1.0 + 0x1p-30, 1.0 - 0x1p-30, 2.718281828459045, 1024.0, 0x1p-1074,
		100.0, 1e15, 1e23 };

	(void)state;
	run1("log", u_log, log, logq, POSITIVE, 1, extra, 15);
	run1("log2", u_log2, log2, log2q, POSITIVE, 1, extra, 15);
	run1("log10", u_log10, log10, log10q, POSITIVE, 1, extra, 15);
}

static void test_trig(void **state)
{
	size_t n = sizeof trig_hard / sizeof *trig_hard;

	(void)state;
	run1("sin", u_sin, sin, sinq, TRIG, 1, trig_hard, n);
	run1("cos", u_cos, cos, cosq, TRIG, 1, trig_hard, n);
	run1("tan", u_tan, tan, tanq, TRIG, 1, trig_hard, n);
}

/* ---- sin, cos and tan correctly rounded ---- */

/* Inputs whose sin, cos or tan lies within 2^-13 ulp of a midpoint between
 * two doubles, found among random ones of every magnitude (by libquadmath),
 * with the correctly rounded result beside each, computed with mpmath at
 * 300 bits. The last tan is the one an outside user found: its long double
 * result was the midpoint itself, and rounded to even, the wrong way. */
static const double sin_hard[][2] = {
	{ -0x1.d07c8a52a6d72p+256, -0x1.26ac84b6dfc09p-1 },
	{ 0x1.05b46cc432de1p+70, 0x1.4e0f22ded80bcp-1 },
	{ -0x1.0f419ed3481cdp+121, -0x1.f5ef756b79de5p-1 },
	{ 0x1.bb5d2890cfa6bp+767, -0x1.7acd8b365f1b3p-1 },
	{ 0x1.6c249b59b7824p+554, -0x1.cd74bc181f583p-1 },
	{ -0x1.2914e8ee18047p+823, -0x1.e5b34c5c8ad3fp-1 },
	{ -0x1.14e3e3fbb0483p+28, -0x1.ab46ec73654a7p-1 },
	{ 0x1.388d9e4d36ae5p+353, 0x1.d3e0c70ac533cp-4 },
	{ 0x1.5a12dc02ebfdbp+248, 0x1.6ce06539a1535p-1 },
	{ 0x1.85dfd8764a9a0p+725, -0x1.7be3c6d0f1fadp-1 },
	{ 0x1.fc0a29c913784p+912, -0x1.8dc6c93c35302p-7 },
	{ -0x1.371ca0af5e688p+382, -0x1.1f50a38d7c10dp-1 },
	{ 0x1.a919c323d096ep+697, -0x1.f66bda3efe89fp-3 },
	{ 0x1.04fb9d9573e19p+328, 0x1.b344c8362a63dp-1 },
	{ -0x1.bcd26a6d64fd2p+374, -0x1.1fb01485d8084p-1 },
	{ -0x1.f267fa6df9ceep+715, -0x1.6d5bcf36ee34fp-1 },
	{ -0x1.8196a0a297b5dp+552, 0x1.59ebbeb6266bap-1 },
	{ 0x1.89a37da04f393p+503, -0x1.f3b2e25a8c30bp-1 },
	{ -0x1.ad40c69ceca27p+127, -0x1.ba160825f8fd3p-3 },
	{ -0x1.7e879108d4859p+993, 0x1.6042b49ddafbfp-1 },
	{ -0x1.3222e2e9835afp+429, 0x1.4213978e7bacfp-1 },
	{ 0x1.7ef05eed056b6p+29, -0x1.fef71ca578978p-1 },
	{ -0x1.6c6c7e06817fep+190, -0x1.4ebe33cea9090p-6 },
	{ 0x1.bbf23e3c7bb14p+577, 0x1.96e62bf82b93ep-2 },
};

static const double cos_hard[][2] = {
	{ -0x1.dabb1c701b445p+903, 0x1.ccce2ca59c337p-1 },
	{ -0x1.2dda6e64f0e63p+743, 0x1.6c71ae70e5d22p-1 },
	{ -0x1.40824146806d2p+10, 0x1.ee11c82f823d7p-1 },
	{ 0x1.2df76f2348dfdp+121, 0x1.60fcc12cbe230p-2 },
	{ 0x1.9136358ee1219p+21, 0x1.3cd32f7c506bbp-2 },
	{ 0x1.52b954b5077fdp+385, -0x1.3b5c51eaec58fp-1 },
	{ 0x1.061b42f0f2f37p+371, 0x1.ff8d9dabc877ap-1 },
	{ 0x1.ba3d59a4ddfa9p+925, 0x1.fcdfc379e8cdbp-1 },
	{ 0x1.2b7f9b451e08ep+883, -0x1.cd7824ad77f64p-1 },
	{ 0x1.1a1a83bce0be6p+123, 0x1.a9dd64a8ff936p-2 },
	{ -0x1.a20e2d2a60b3dp+266, -0x1.d4cc8acf04910p-1 },
	{ -0x1.e2cd270bd9a29p+278, -0x1.fdda20af8dd63p-1 },
	{ -0x1.2f469d1a2029fp+594, -0x1.db15d8be2f40ep-3 },
	{ -0x1.3a4bb677bf96dp+895, -0x1.eed28cc0cd006p-1 },
	{ -0x1.0af68972ea676p+556, 0x1.ffff422112fffp-1 },
	{ 0x1.0b4b2f709f9ccp+925, -0x1.ff75f271aef66p-1 },
	{ -0x1.694ee8bc7d0fbp+75, 0x1.f5f08bf018835p-2 },
	{ -0x1.47d26465ebd92p+618, 0x1.d9c2986554202p-1 },
	{ -0x1.892eedad19c6bp+423, -0x1.f2020e0375c1fp-1 },
	{ -0x1.6c279afab3f7fp+336, 0x1.b536c99b16d0dp-2 },
	{ 0x1.8c95c03f088e6p+735, -0x1.97de6f52428e5p-1 },
	{ -0x1.02d4919c422e3p-15, 0x1.fffffffbe93b6p-1 },
	{ -0x1.cbada5a68a43ap+377, 0x1.f6f312842195dp-1 },
	{ -0x1.159909934f69ap+924, 0x1.7fb09664b36a5p-1 },
};

static const double tan_hard[][2] = {
	{ -0x1.fb990fe2b3c70p+437, -0x1.0f4190b5ff62dp-1 },
	{ -0x1.618243722b6bfp+3, 0x1.35f0ca272a487p+4 },
	{ 0x1.32a8f39b5bf8dp+295, 0x1.fc94dfd926b18p-3 },
	{ 0x1.29bf091596dacp+593, 0x1.382dcc1d24940p+1 },
	{ 0x1.e8a16223e695ep+1006, -0x1.dfab28ccebf85p-3 },
	{ -0x1.66d614f55678fp+798, -0x1.3549e89081889p+1 },
	{ -0x1.c0bf5558b08ffp+927, -0x1.86aba0c1512e7p+0 },
	{ 0x1.5fa9976654232p+463, -0x1.4d20d85e42964p+2 },
	{ -0x1.41bec1991f418p+194, -0x1.7bf1a7ffae637p-1 },
	{ -0x1.a9280f6d9d380p+449, -0x1.514721732c50ep+3 },
	{ 0x1.c77d848b8d7c1p+482, -0x1.2f3c05a017f25p+3 },
	{ 0x1.ceda83c8e6c3ap+763, 0x1.89bb5681f393ap+1 },
	{ 0x1.6f730e96f0760p+139, -0x1.37359a4b0e51fp+1 },
	{ -0x1.b15e3ce7f866dp+465, 0x1.b986f680a0a6ep+3 },
	{ -0x1.68958d20ffc76p+837, 0x1.694e5383a7e4ap-1 },
	{ 0x1.d67a88acdba2cp+266, -0x1.e35355fa17ad0p-1 },
	{ 0x1.bfb09880a12c1p+565, 0x1.f02c8b7edd9e4p+0 },
	{ 0x1.1c5a0fb63a2abp+363, 0x1.db28c555551d1p+1 },
	{ 0x1.5ec450ade8e6cp+619, 0x1.2ec939ec004c5p-1 },
	{ -0x1.14adb018ae491p+199, -0x1.a2e0a0748d0c9p+0 },
	{ 0x1.b694442e59055p+690, -0x1.fe55f13838eb3p-2 },
	{ 0x1.7522619a9831cp+542, 0x1.7f1650f3bbde8p+2 },
	{ 0x1.d684c704f1b17p+81, -0x1.8faa7afb2de71p+0 },
	{ -0x1.08b2135fef540p+993, 0x1.0bbb07eafac24p+0 },
	{ -0x1.afbdf3b645a1dp+9, 0x1.f3af2c9176d07p-2 },
};

static void table_rounding(const char *name, fn1 ours, const double (*tab)[2], size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double got = ours(tab[i][0]);

		if (got != tab[i][1])
			fail_msg("%s(%a): got %a, correctly rounded %a", name, tab[i][0], got, tab[i][1]);
	}
}

/* 100,000 inputs of every binary exponent from -20 to 1023, and 10,000
 * near multiples of pi/2, each result against libquadmath's rounded
 * (round_quad); those it leaves undecided are counted, not checked. */
static void sweep_rounding(const char *name, fn1 ours, qfn1 ref)
{
	long undecided = 0;

	seed = 0x5deece66dULL;
	for (int i = 0; i < 110000; i++) {
		double x = i < 100000 ? log_uniform(-20, 1023, 1) : draw(TRIG, 3);
		int decided;
		double want = round_quad(ref(x), &decided), got = ours(x);

		if (!decided)
			undecided++;
		else if (got != want && !(isnan(got) && isnan(want)))
			fail_msg("%s(%a): got %a, correctly rounded %a", name, x, got, want);
	}
	printf("    %-9s 110000 inputs of every magnitude, correctly rounded; %ld undecided\n", name,
	       undecided);
}

static void test_trig_rounding(void **state)
{
	(void)state;
	table_rounding("sin", u_sin, sin_hard, sizeof sin_hard / sizeof *sin_hard);
	table_rounding("cos", u_cos, cos_hard, sizeof cos_hard / sizeof *cos_hard);
	table_rounding("tan", u_tan, tan_hard, sizeof tan_hard / sizeof *tan_hard);
	sweep_rounding("sin", u_sin, sinq);
	sweep_rounding("cos", u_cos, cosq);
	sweep_rounding("tan", u_tan, tanq);
}

static void test_inverse_trig(void **state)
{
	static const double extra[] = { 0.5, -0.5, 0.9999999999999999, -0.9999999999999999,
		1e-300, 0.7071067811865476, 1e10, -1e10, 0x1p60, 0.4375, 0.6875, 1.1875, 2.4375 };

	(void)state;
	run1("asin", u_asin, asin, asinq, UNIT, 1, extra, 13);
	run1("acos", u_acos, acos, acosq, UNIT, 1, extra, 13);
	run1("atan", u_atan, atan, atanq, ANY, 1, extra, 13);
	seed = 99;
	run1("atan", u_atan, atan, atanq, HYPERBOLIC, 1, extra, 13);
}

static void test_hyperbolic(void **state)
{
	static const double extra[] = { 710.4758600739439, 710.48, -710.4758600739439, 19.0, 23.0,
		22.9, 0.5, 1.0, 1e-9, -1e-9 };

	(void)state;
	run1("sinh", u_sinh, sinh, sinhq, HYPERBOLIC, 1, extra, 10);
	run1("cosh", u_cosh, cosh, coshq, HYPERBOLIC, 1, extra, 10);
	run1("tanh", u_tanh, tanh, tanhq, HYPERBOLIC, 1, extra, 10);
}

/* ---- two-argument functions ---- */

typedef double (*fn2)(double, double);
typedef __float128 (*qfn2)(__float128, __float128);
enum range2 { ANY2, POW2, ATAN2 };

/* One pair: ours against glibc's, and ref's correctly rounded result. */
static void check2(struct tally *t, fn2 ours, fn2 glibcs, qfn2 ref, double x, double y, int max)
{
	char what[96];
	double want = glibcs(x, y), exact = want;
	int decided = 1;

	if (ref)
		exact = round_quad(ref(x, y), &decided);
	snprintf(what, sizeof what, "(%a, %a)", x, y);
	check_exact(t, ours(x, y), want, exact, decided, max, what);
}

static void run2(const char *name, fn2 ours, fn2 glibcs, qfn2 ref, enum range2 range, int max)
{
	struct tally t = { name, 0, 0, 0, 0, 0, ref != NULL, 0 };

	for (size_t i = 0; i < NSPECIALS; i++)
		for (size_t j = 0; j < NSPECIALS; j++)
			check2(&t, ours, glibcs, ref, specials[i], specials[j], max);
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
		check2(&t, ours, glibcs, ref, x, y, max);
	}
	report(&t);
}

static void test_pow(void **state)
{
	static const double pairs[][2] = { { 134217727.0, 2.0 }, { 10, 22 }, { 10, -5 }, { 2, -1074 },
		{ 2, -1075 }, { 2, 1023 }, { 2, 1024 }, { -2, 1023 }, { -2, 1024 }, { 0.5, 1074 },
		{ 1.0000001, 1e10 }, { 0.9999999, 1e10 }, { -1, 1e300 }, { -1, 3 }, { -8, 1.0 / 3 },
		{ 3, 0.5 }, { 1e-300, -1.5 }, { 1.5, 1750.0 }, { 0.5, -1025 }, { 9, 0.5 } };
	struct tally t = { "pow", 0, 0, 0, 0, 0, 0, 0 };

	(void)state;
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		check(&t, u_pow(pairs[i][0], pairs[i][1]), pow(pairs[i][0], pairs[i][1]), 1, "(pair)");
	report(&t);
	run2("pow", u_pow, pow, powq, POW2, 1);
}

static void test_atan2_hypot(void **state)
{
	(void)state;
	run2("atan2", u_atan2, atan2, atan2q, ATAN2, 1);
	run2("hypot", u_hypot, hypot, hypotq, ANY2, 1);
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
	struct tally t = { "fmin/max", 0, 0, 0, 0, 0, 0, 0 };

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
	struct tally t = { "parts", 0, 0, 0, 0, 0, 0, 0 };

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
		struct tally t = { floats1[f].name, 0, 0, 0, 0, 0, 0, 0 };

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
		struct tally t = { fns[f].name, 0, 0, 0, 0, 0, 0, 0 };

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
		cmocka_unit_test(test_trig_rounding),
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
