/* A program as portable benchmark code is written: the C library it
 * expects (malloc, floating point and <math.h>, printf's %f %e %g, qsort,
 * strtod, ctype, assert, setjmp), its parts in two folders, its size set
 * with -D. Built for the host with the host's C library, it prints the
 * same lines: the integration test compares them. */
#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "parse.h"

#ifndef N_ITEMS
#error "N_ITEMS must be set with -D"
#endif

static jmp_buf on_error;

static void fail_parse(const char *what)
{
	printf("parse error: %s\n", what);
	longjmp(on_error, 1);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	static const char text[] = "3.25 -1e-3 42 0x1p-2 7.5e+2 1e300 oops";
	double *v = malloc(N_ITEMS * sizeof *v), parsed[8];
	int n, i;
	unsigned seed = 12345;

	assert(v != NULL);
	for (i = 0; i < N_ITEMS; i++) {
		seed = seed * 1103515245u + 12345u;
		v[i] = sin((double)(seed >> 8) / 1000.0) * 100.0 + sqrt((double)i);
	}
	qsort(v, N_ITEMS, sizeof *v, by_value);
	printf("min %.6f max %.6f median %.6e\n", v[0], v[N_ITEMS - 1], v[N_ITEMS / 2]);
	printf("mean %.9g stddev %.9g\n", mean(v, N_ITEMS), stddev(v, N_ITEMS));
	printf("exp %.12g log %.12g pow %.12g atan2 %.12g fmod %.12g\n", exp(1.5), log(10.0),
	       pow(2.0, 0.5), atan2(1.0, -2.0), fmod(10.5, 3.0));
	if (setjmp(on_error) == 0) {
		n = parse_numbers(text, parsed, 8, fail_parse);
		printf("not reached: %d\n", n);
	} else {
		printf("after longjmp: %d numbers kept\n", parse_count());
	}
	for (i = 0; i < parse_count(); i++)
		printf("  %g\n", parse_value(i));
	printf("words with upper case: %d\n", count_upper_words("Hello big World of CoreMark and Embench"));
	v = realloc(v, 4 * sizeof *v);
	assert(v != NULL);
	free(v);
	return 0;
}
