/* stdlib.h: exit, and number parsing. */
#ifndef STDLIB_H
#define STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS	0
#define EXIT_FAILURE	1

void exit(int status) __attribute__((noreturn));

int atoi(const char *s);	/* leading spaces, a sign, decimal digits */
int abs(int n);			/* abs(INT_MIN) is INT_MIN */
/* Bases 0 (0x: 16, leading 0: 8, else 10) and 2 to 36; no errno: too large
 * gives ULONG_MAX; no digits gives 0 with *end = s. */
unsigned long strtoul(const char *s, char **end, int base);

#endif
