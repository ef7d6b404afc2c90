/* test_sort.c: qsort and bsearch (qsort.c) against the host's. With keys
 * all different, the sorted order is the only one, and must be the host's
 * byte for byte; with equal keys, the result must be sorted and hold the
 * same elements. Every element size from 1 to 24 bytes, counts from 0 up,
 * inputs sorted, reversed, equal, in two values, organ-pipe and random;
 * and an input made to defeat the median of three, where the comparisons
 * must stay within O(n log n). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#define LIBC(name) u_##name
#include "../../user/lib/qsort.c"

#define MAX_SIZE	24
#define MAX_COUNT	600

static size_t elem_size;	/* the key is the element's first 4 bytes, or fewer */
static long comparisons;

static uint32_t key_of(const void *p)
{
	uint32_t k = 0;

	memcpy(&k, p, elem_size < 4 ? elem_size : 4);
	return k;
}

static int by_key(const void *a, const void *b)
{
	uint32_t x = key_of(a), y = key_of(b);

	comparisons++;
	return (x > y) - (x < y);
}

static uint32_t next_random(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

enum shape { RANDOM, SORTED, REVERSED, EQUAL, TWO_VALUES, ORGAN_PIPE, FEW_VALUES, SHAPES };

/* Element i of a shape: its key, and the rest of its bytes from i (so
 * elements of equal keys still differ, and a lost byte shows). With unique
 * set, the keys all differ: the shape's key times the count plus i, or,
 * for elements of under 4 bytes, i times an odd number, modulo their range. */
static void fill(unsigned char *a, size_t n, enum shape shape, uint32_t seed, int unique)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t key;

		switch (shape) {
		case SORTED: key = (uint32_t)i; break;
		case REVERSED: key = (uint32_t)(n - i); break;
		case EQUAL: key = 7; break;
		case TWO_VALUES: key = (uint32_t)(i * 7 % 3 == 0); break;
		case ORGAN_PIPE: key = (uint32_t)(i < n / 2 ? i : n - i); break;
		case FEW_VALUES: key = next_random(&seed) % 5; break;
		default: key = next_random(&seed); break;
		}
		if (unique)
			key = elem_size >= 4 ? (key % 1000000) * MAX_COUNT + (uint32_t)i :
			      (uint32_t)(i * 167);
		if (elem_size < 4)
			key &= (1u << (8 * elem_size)) - 1;
		memcpy(a + i * elem_size, &key, elem_size < 4 ? elem_size : 4);
		for (size_t b = 4; b < elem_size; b++)
			a[i * elem_size + b] = (unsigned char)(i * 31 + b);
	}
}

static int by_bytes(const void *a, const void *b)
{
	return memcmp(a, b, elem_size);
}

/* Sorted by key, and the same elements as before: both copies sorted by all
 * their bytes (by the host) are equal. */
static void check_sorted_permutation(const unsigned char *got, const unsigned char *orig, size_t n)
{
	static unsigned char x[MAX_COUNT * MAX_SIZE], y[MAX_COUNT * MAX_SIZE];

	for (size_t i = 1; i < n; i++)
		assert_true(key_of(got + (i - 1) * elem_size) <= key_of(got + i * elem_size));
	memcpy(x, got, n * elem_size);
	memcpy(y, orig, n * elem_size);
	qsort(x, n, elem_size, by_bytes);
	qsort(y, n, elem_size, by_bytes);
	assert_memory_equal(x, y, n * elem_size);
}

static const size_t counts[] = { 0, 1, 2, 3, 5, 12, 13, 14, 31, 100, 256, 600 };

/* Keys all different: the host's order, byte for byte. */
static void test_unique_keys_as_host(void **state)
{
	static unsigned char orig[MAX_COUNT * MAX_SIZE], got[MAX_COUNT * MAX_SIZE],
		want[MAX_COUNT * MAX_SIZE];

	(void)state;
	for (elem_size = 1; elem_size <= MAX_SIZE; elem_size++)
		for (size_t c = 0; c < sizeof counts / sizeof *counts; c++)
			for (int shape = 0; shape < SHAPES; shape++) {
				size_t n = counts[c];

				if (elem_size == 1 && n > 256)	/* one byte has 256 keys */
					continue;
				fill(orig, n, (enum shape)shape, (uint32_t)(n + 1), 1);
				memcpy(got, orig, n * elem_size);
				memcpy(want, orig, n * elem_size);
				u_qsort(got, n, elem_size, by_key);
				qsort(want, n, elem_size, by_key);
				if (n > 0 && memcmp(got, want, n * elem_size) != 0)
					fail_msg("size %zu, count %zu, shape %d: not the host's order",
						 elem_size, n, shape);
			}
}

/* Keys repeated: sorted, and nothing lost or made up. */
static void test_equal_keys(void **state)
{
	static unsigned char orig[MAX_COUNT * MAX_SIZE], got[MAX_COUNT * MAX_SIZE];

	(void)state;
	for (elem_size = 1; elem_size <= MAX_SIZE; elem_size++)
		for (size_t c = 0; c < sizeof counts / sizeof *counts; c++)
			for (int shape = 0; shape < SHAPES; shape++) {
				size_t n = counts[c];

				fill(orig, n, (enum shape)shape, (uint32_t)(n + 3), 0);
				memcpy(got, orig, n * elem_size);
				u_qsort(got, n, elem_size, by_key);
				check_sorted_permutation(got, orig, n);
			}
}

/* An input built against the median of three (the "antiqsort" of
 * McIlroy: each key is fixed only when the sort first compares it, always
 * so as to make the pivot bad): the comparisons stay within 5 n log2 n
 * (the quicksort levels up to the depth limit, then heapsort: about 4 n
 * log2 n), where a quadratic sort would take n^2 / 4, 70 times more. */
static uint32_t *anti_val;
static size_t anti_gas, anti_next, anti_candidate;

static int anti_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	comparisons++;
	if (anti_val[x] == anti_gas && anti_val[y] == anti_gas) {
		if (x == anti_candidate)
			anti_val[x] = (uint32_t)anti_next++;
		else
			anti_val[y] = (uint32_t)anti_next++;
	}
	if (anti_val[x] == anti_gas)
		anti_candidate = x;
	else if (anti_val[y] == anti_gas)
		anti_candidate = y;
	return (anti_val[x] > anti_val[y]) - (anti_val[x] < anti_val[y]);
}

static void test_adversary_stays_n_log_n(void **state)
{
	enum { N = 20000 };
	static uint32_t idx[N], val[N];
	long bound = 0;

	(void)state;
	for (size_t n = N; n > 1; n >>= 1)
		bound += 5 * N;
	anti_val = val;
	anti_gas = N;
	anti_next = 0;
	for (uint32_t i = 0; i < N; i++) {
		idx[i] = i;
		val[i] = N;	/* gas: not fixed yet */
	}
	comparisons = 0;
	u_qsort(idx, N, sizeof *idx, anti_cmp);
	assert_true(comparisons < bound);
	/* and it is sorted by the values the adversary fixed */
	for (size_t i = 1; i < N; i++)
		assert_true(val[idx[i - 1]] <= val[idx[i]]);
}

/* Sorted and reversed runs, of any size, also take O(n log n). */
static void test_patterns_stay_n_log_n(void **state)
{
	enum { N = 50000 };
	static uint32_t a[N];

	(void)state;
	elem_size = 4;
	for (int shape = 0; shape < SHAPES; shape++) {
		long bound = 0;

		for (size_t n = N; n > 1; n >>= 1)
			bound += 3 * N;
		fill((unsigned char *)a, N, (enum shape)shape, 99, 0);
		comparisons = 0;
		u_qsort(a, N, sizeof *a, by_key);
		assert_true(comparisons < bound);
		for (size_t i = 1; i < N; i++)
			assert_true(a[i - 1] <= a[i]);
	}
}

/* bsearch finds what the host finds, for each element and for keys absent
 * between and beyond them, in arrays of every count to 70. */
static int by_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void test_bsearch_as_host(void **state)
{
	int a[70];

	(void)state;
	for (size_t n = 0; n <= 70; n++) {
		for (size_t i = 0; i < n; i++)
			a[i] = (int)(3 * i + 1);
		for (int key = -2; key < (int)(3 * n + 3); key++) {
			void *got = u_bsearch(&key, a, n, sizeof *a, by_int);
			void *want = bsearch(&key, a, n, sizeof *a, by_int);

			assert_ptr_equal(got, want);
		}
	}
}

/* Equal keys: bsearch returns one of them. */
static void test_bsearch_equal_keys(void **state)
{
	int a[] = { 1, 2, 2, 2, 2, 3 }, key = 2;
	int *got;

	(void)state;
	got = u_bsearch(&key, a, 6, sizeof *a, by_int);
	assert_non_null(got);
	assert_int_equal(*got, 2);
	key = 4;
	assert_null(u_bsearch(&key, a, 6, sizeof *a, by_int));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unique_keys_as_host),
		cmocka_unit_test(test_equal_keys),
		cmocka_unit_test(test_adversary_stays_n_log_n),
		cmocka_unit_test(test_patterns_stay_n_log_n),
		cmocka_unit_test(test_bsearch_as_host),
		cmocka_unit_test(test_bsearch_equal_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
