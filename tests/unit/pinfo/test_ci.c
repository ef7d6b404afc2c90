/* test_ci.c: the 95% intervals and the tests of difference (host/pinfo/read/ci.c):
 * Wilson's interval against published values (Newcombe, Statistics in
 * Medicine 17, 1998, table I), its ends at 0 and at the whole, the t
 * quantiles, the batch means over sub-profiles worked by hand, the runs'
 * model worked by hand, and the two-sample tests on both sides of their
 * thresholds. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "ci.h"

#define EPS 1e-4	/* percent */

static void assert_near(double got, double want, double eps)
{
	if (got < want - eps || got > want + eps)
		fail_msg("%.9f, wanted %.9f +- %g", got, want, eps);
}

static void assert_ci(struct ci c, double low, double high)
{
	assert_near(c.low, low, EPS);
	assert_near(c.high, high, EPS);
}

/* ci_differ on counts and sub-profiles, without runs. */
static int differ(uint64_t ta, uint64_t na, const uint64_t *sa, const uint64_t *sta, int ka, uint64_t tb,
		  uint64_t nb, const uint64_t *sb, const uint64_t *stb, int kb)
{
	struct ci_in a = { ta, na, sa, sta, ka, 0, RUNS_NONE }, b = { tb, nb, sb, stb, kb, 0, RUNS_NONE };

	return ci_differ(&a, &b);
}

/* Newcombe's examples: 81/263, 15/148, 0/20, 1/29 (to 4 places there). */
static void test_wilson_published(void **state)
{
	(void)state;
	assert_ci(ci_share(81, 263, NULL, NULL, 0), 25.528852, 36.620958);
	assert_ci(ci_share(15, 148, NULL, NULL, 0), 6.238640, 16.048724);
	assert_ci(ci_share(0, 20, NULL, NULL, 0), 0, 16.112516);
	assert_ci(ci_share(1, 29, NULL, NULL, 0), 0.611321, 17.175522);
	assert_near(ci_share(81, 263, NULL, NULL, 0).low, 25.53, 0.005);
	assert_near(ci_share(15, 148, NULL, NULL, 0).high, 16.05, 0.005);
}

/* All the tics: the top end is 100 exactly; no total: nothing known; more
 * tics than the total counted as the total. */
static void test_wilson_ends(void **state)
{
	struct ci c = ci_share(20, 20, NULL, NULL, 0);

	(void)state;
	assert_near(c.low, 100 - 16.112516, EPS);
	assert_true(c.high == 100);
	c = ci_share(0, 0, NULL, NULL, 0);
	assert_true(c.low == 0 && c.high == 100);
	c = ci_share(30, 20, NULL, NULL, 0);
	assert_true(c.high == 100);
	/* narrows as the samples grow: 10% of 100, of 10,000 */
	assert_ci(ci_share(10, 100, NULL, NULL, 0), 5.522914, 17.436566);
	c = ci_share(1000, 10000, NULL, NULL, 0);
	assert_true(c.high - c.low < 1.2 && c.low < 10 && c.high > 10);
}

static void test_t95(void **state)
{
	(void)state;
	assert_near(ci_t95(1), 12.7062047, 1e-6);
	assert_near(ci_t95(7), 2.3646243, 1e-6);
	assert_near(ci_t95(30), 2.0422725, 1e-6);
	assert_near(ci_t95(60), 2.0002978, 1e-4);
	assert_near(ci_t95(120), 1.9799304, 1e-4);
	assert_near(ci_t95(1e12), 1.959964, 1e-6);
	assert_true(ci_t95(7.5) < 2.3646243 && ci_t95(7.5) > 2.3060041);
	assert_near(ci_t95(0), 12.7062047, 1e-6);
}

/* Four sub-profiles of 100 ticks holding 10, 12, 8 and 10 of the function's:
 * mean 0.1, s^2 = 0.0008/3, the mean's variance s^2/4, t(3) = 3.1824463:
 * 10% +- 2.598525. */
static void test_batch_means(void **state)
{
	const uint64_t sub[4] = { 10, 12, 8, 10 }, tot[4] = { 100, 100, 100, 100 };
	const uint64_t same[4] = { 10, 10, 10, 10 };
	const uint64_t empty[4] = { 10, 0, 0, 0 };
	const uint64_t tot1[4] = { 100, 0, 0, 0 };
	struct ci c;

	(void)state;
	assert_ci(ci_share(40, 400, sub, tot, 4), 10 - 2.598525, 10 + 2.598525);
	/* sub-profiles that agree say the spread is small; Wilson does not */
	c = ci_share(40, 400, same, tot, 4);
	assert_true(c.high - c.low < 1);
	c = ci_share(40, 400, NULL, NULL, 0);
	assert_true(c.high - c.low > 5);
	/* no tics, or all of them: Wilson's, not a width of 0 */
	{
		const uint64_t none[4] = { 0, 0, 0, 0 };

		assert_ci(ci_share(0, 400, none, tot, 4), 0, ci_share(0, 400, NULL, NULL, 0).high);
		assert_true(ci_share(0, 400, none, tot, 4).high > 0.9);
		assert_ci(ci_share(400, 400, tot, tot, 4), ci_share(400, 400, NULL, NULL, 0).low, 100);
	}
	/* one sub-profile with a total: Wilson's */
	c = ci_share(40, 400, empty, tot1, 4);
	assert_ci(c, ci_share(40, 400, NULL, NULL, 0).low, ci_share(40, 400, NULL, NULL, 0).high);
	/* wide sub-profile spreads are clamped to 0..100 */
	{
		const uint64_t wild[2] = { 0, 100 };

		c = ci_share(100, 200, wild, tot, 2);
		assert_true(c.low == 0 && c.high == 100);
	}
}

/* z-test: 50/100 vs 30/100, z = 2.89, differ; 50/100 vs 40/100, z = 1.42, not. */
static void test_differ_counts(void **state)
{
	(void)state;
	assert_int_equal(differ(50, 100, NULL, NULL, 0, 30, 100, NULL, NULL, 0), 1);
	assert_int_equal(differ(50, 100, NULL, NULL, 0, 40, 100, NULL, NULL, 0), 0);
	assert_int_equal(differ(40, 100, NULL, NULL, 0, 50, 100, NULL, NULL, 0), 0);
	assert_int_equal(differ(500, 1000, NULL, NULL, 0, 440, 1000, NULL, NULL, 0), 1);
	assert_int_equal(differ(0, 100, NULL, NULL, 0, 0, 200, NULL, NULL, 0), 0);
	assert_int_equal(differ(5, 0, NULL, NULL, 0, 5, 100, NULL, NULL, 0), 0);
}

/* 400/4000 vs 440/4000: no change to the z-test (z = 1.46), but the
 * sub-profiles agree within 1 tic in 1000 on each side: Welch says change. */
static void test_differ_subprofiles(void **state)
{
	const uint64_t a[4] = { 100, 101, 99, 100 }, b[4] = { 110, 111, 109, 110 };
	const uint64_t tot[4] = { 1000, 1000, 1000, 1000 };
	const uint64_t wa[4] = { 10, 12, 8, 10 }, wb[4] = { 11, 13, 9, 11 }, t100[4] = { 100, 100, 100, 100 };

	(void)state;
	assert_int_equal(differ(400, 4000, NULL, NULL, 0, 440, 4000, NULL, NULL, 0), 0);
	assert_int_equal(differ(400, 4000, a, tot, 4, 440, 4000, b, tot, 4), 1);
	/* 10% vs 11% with spreads of 2 points: no change */
	assert_int_equal(differ(40, 400, wa, t100, 4, 44, 400, wb, t100, 4), 0);
	/* 0 of 4000 on one side: binomial there, not a spread of 0 */
	{
		const uint64_t z[4] = { 0, 0, 0, 0 };

		assert_int_equal(differ(0, 4000, z, tot, 4, 2, 4000, NULL, NULL, 0), 0);
		assert_int_equal(differ(0, 4000, z, tot, 4, 40, 4000, NULL, NULL, 0), 1);
	}
	/* one side measured, the other binomial */
	assert_int_equal(differ(400, 4000, a, tot, 4, 430, 4000, NULL, NULL, 0), 0);
	assert_int_equal(differ(400, 4000, a, tot, 4, 520, 4000, NULL, NULL, 0), 1);
}

/* The runs' model: 200 of 1000 with c^2 0.04 and an edge of 9: variance
 * (0.04 * 200 * 0.8 + 9) / 1000^2 = 15.4e-6, sd 0.0039243, half 1.95996 sd
 * = 0.76915 points around 20%. An edge of 0 (no run in the trace), or no
 * tics, is Wilson's. The runs come before the sub-profiles. */
static void test_runs_model(void **state)
{
	const uint64_t sub[2] = { 90, 110 }, tot[2] = { 500, 500 };
	struct ci_in in = { 200, 1000, NULL, NULL, 0, 0.04, 9 };
	struct ci_in wil = { 200, 1000, NULL, NULL, 0, 0.04, 0 };
	double half = 1.959963984540054 * sqrt(15.4e-6) * 100;

	(void)state;
	assert_ci(ci_of(&in), 20 - half, 20 + half);
	assert_near(half, 0.76915, 1e-4);
	assert_ci(ci_of(&wil), ci_share(200, 1000, NULL, NULL, 0).low, ci_share(200, 1000, NULL, NULL, 0).high);
	in.sub = sub;
	in.subtot = tot;
	in.nsub = 2;
	assert_ci(ci_of(&in), 20 - half, 20 + half);
	in.tics = 0;
	assert_ci(ci_of(&in), 0, ci_share(0, 1000, NULL, NULL, 0).high);
}

/* Two runs' shares: 20% against 21.5% and 22% with the model's variance of
 * 15.4e-6 each side: z = 0.015 / sqrt(30.8e-6) = 2.70 (marked), 0.010 /
 * 0.00555 = 1.80 (not); the binomial test would mark neither (sd 0.0181). */
static void test_differ_runs(void **state)
{
	struct ci_in a = { 200, 1000, NULL, NULL, 0, 0.04, 9 };
	struct ci_in b = { 215, 1000, NULL, NULL, 0, 0.04, 9 };
	struct ci_in c = { 210, 1000, NULL, NULL, 0, 0.04, 9 };

	(void)state;
	b.edge = 9 - 0.04 * (215 * (1 - 0.215) - 200 * 0.8);	/* the same variance as a's */
	c.edge = 9 - 0.04 * (210 * (1 - 0.21) - 200 * 0.8);
	assert_int_equal(ci_differ(&a, &b), 1);
	assert_int_equal(ci_differ(&a, &c), 0);
	assert_int_equal(differ(200, 1000, NULL, NULL, 0, 215, 1000, NULL, NULL, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson_published),
		cmocka_unit_test(test_wilson_ends),
		cmocka_unit_test(test_t95),
		cmocka_unit_test(test_batch_means),
		cmocka_unit_test(test_differ_counts),
		cmocka_unit_test(test_differ_subprofiles),
		cmocka_unit_test(test_runs_model),
		cmocka_unit_test(test_differ_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
