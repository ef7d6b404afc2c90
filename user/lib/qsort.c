/* qsort.c: qsort and bsearch.
 *
 * qsort is an introsort: quicksort on the median of three (of three such
 * medians for long slices), partitioned so
 * that runs of equal keys split evenly; slices of up to 12 elements by
 * insertion; and, when the partitions go badly (deeper than twice log2 of
 * the count), heapsort for the slice, so that no input takes more than
 * O(n log n) comparisons. It needs no memory besides the stack, a few
 * hundred bytes at most (the smaller side is sorted first, by recursion).
 * Not stable, as C allows. A comparison that is not a consistent order
 * leaves the elements in some order, but never reads outside the array. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "libc.h"

#define SMALL	12

typedef int (*cmp_fn)(const void *, const void *);

/* Swaps two elements, a word at a time when both lie on word boundaries. */
static void swap(unsigned char *a, unsigned char *b, size_t size)
{
	if (((uintptr_t)a | (uintptr_t)b | size) % sizeof(uint32_t) == 0) {
		uint32_t *p = (uint32_t *)(void *)a, *q = (uint32_t *)(void *)b;

		for (size /= sizeof(uint32_t); size > 0; size--, p++, q++) {
			uint32_t t = *p;

			*p = *q;
			*q = t;
		}
		return;
	}
	for (; size > 0; size--, a++, b++) {
		unsigned char t = *a;

		*a = *b;
		*b = t;
	}
}

static void insertion_sort(unsigned char *base, size_t n, size_t size, cmp_fn cmp)
{
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && cmp(base + (j - 1) * size, base + j * size) > 0; j--)
			swap(base + (j - 1) * size, base + j * size, size);
}

/* Moves element i down the heap of n elements until its children are not larger. */
static void sift_down(unsigned char *base, size_t i, size_t n, size_t size, cmp_fn cmp)
{
	for (;;) {
		size_t child = 2 * i + 1;

		if (child >= n)
			return;
		if (child + 1 < n && cmp(base + child * size, base + (child + 1) * size) < 0)
			child++;
		if (cmp(base + i * size, base + child * size) >= 0)
			return;
		swap(base + i * size, base + child * size, size);
		i = child;
	}
}

static void heap_sort(unsigned char *base, size_t n, size_t size, cmp_fn cmp)
{
	for (size_t i = n / 2; i > 0; i--)
		sift_down(base, i - 1, n, size, cmp);
	for (size_t end = n - 1; end > 0; end--) {
		swap(base, base + end * size, size);
		sift_down(base, 0, end, size, cmp);
	}
}

/* Orders three elements so that the middle one, b, is their median. */
static void order3(unsigned char *a, unsigned char *b, unsigned char *c, size_t size, cmp_fn cmp)
{
	if (cmp(b, a) < 0)
		swap(a, b, size);
	if (cmp(c, b) < 0) {
		swap(b, c, size);
		if (cmp(b, a) < 0)
			swap(a, b, size);
	}
}

/* Puts a pivot first: the median of the first, middle and last elements,
 * or for long slices the median of three such medians (Tukey's ninther). */
static void median_first(unsigned char *base, size_t n, size_t size, cmp_fn cmp)
{
	unsigned char *m = base + n / 2 * size, *z = base + (n - 1) * size;

	if (n >= 40) {
		size_t d = n / 8 * size;

		order3(base, base + d, base + 2 * d, size, cmp);
		order3(m - d, m, m + d, size, cmp);
		order3(z - 2 * d, z - d, z, size, cmp);
		order3(base + d, m, z - d, size, cmp);
	} else {
		order3(base, m, z, size, cmp);
	}
	swap(base, m, size);
}

static void sort(unsigned char *base, size_t n, size_t size, cmp_fn cmp, unsigned depth)
{
	while (n > SMALL) {
		size_t i = 1, j = n - 1;

		if (depth-- == 0) {
			heap_sort(base, n, size, cmp);
			return;
		}
		median_first(base, n, size, cmp);
		/* Both scans stop at keys equal to the pivot (base), which keeps
		 * equal keys from piling up on one side. */
		for (;;) {
			while (i <= j && cmp(base + i * size, base) < 0)
				i++;
			while (j >= i && cmp(base + j * size, base) > 0)
				j--;
			if (i >= j)
				break;
			swap(base + i * size, base + j * size, size);
			i++;
			j--;
		}
		swap(base, base + j * size, size);
		/* [0, j) before the pivot, [j + 1, n) after it: the smaller first. */
		if (j < n - 1 - j) {
			sort(base, j, size, cmp, depth);
			base += (j + 1) * size;
			n -= j + 1;
		} else {
			sort(base + (j + 1) * size, n - 1 - j, size, cmp, depth);
			n = j;
		}
	}
	insertion_sort(base, n, size, cmp);
}

void LIBC(qsort)(void *base, size_t count, size_t size, int (*cmp)(const void *, const void *))
{
	unsigned depth = 0;

	if (count < 2 || size == 0)
		return;
	for (size_t n = count; n > 1; n >>= 1)
		depth += 2;
	sort(base, count, size, cmp, depth);
}

void *LIBC(bsearch)(const void *key, const void *base, size_t count, size_t size,
		    int (*cmp)(const void *, const void *))
{
	const unsigned char *lo = base;

	while (count > 0) {
		const unsigned char *mid = lo + count / 2 * size;
		int c = cmp(key, mid);

		if (c == 0)
			return (void *)mid;
		if (c > 0) {
			lo = mid + size;
			count -= count / 2 + 1;
		} else {
			count /= 2;
		}
	}
	return NULL;
}
