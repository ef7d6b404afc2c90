/* stdlib.h: memory, numbers from text, sorting, random numbers, exit. */
#ifndef STDLIB_H
#define STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS	0
#define EXIT_FAILURE	1
#define RAND_MAX	2147483647

typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;

/* The heap: malloc takes memory from an area in the program's .bss, which
 * it grows into as requests come (1 MiB unless the program sets another
 * size with LIBC_HEAP_SIZE). Blocks are 16-byte aligned. */
void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void *realloc(void *p, size_t size);
void free(void *p);

/* LIBC_HEAP_SIZE(bytes), written once at file scope in a program, makes
 * its heap that many bytes instead of 1 MiB. */
#define LIBC_HEAP_SIZE(bytes)							\
	unsigned char __libc_heap[(bytes)] __attribute__((aligned(16)));	\
	const unsigned long __libc_heap_size = (bytes)

/* The sequence of glibc's rand() for the same seeds; srand(1) is the start. */
int rand(void);
void srand(unsigned int seed);

void qsort(void *base, size_t count, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t count, size_t size,
	      int (*cmp)(const void *, const void *));

/* As C: leading white space, a sign, base 0 (0x: 16, leading 0: 8, else
 * 10) or 2 to 36; out of range gives the type's limit and ERANGE; no digits
 * give 0 with *end = s. */
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
/* Correctly rounded; decimal, hexadecimal (0x1.8p3), inf, infinity, nan. */
double strtod(const char *s, char **end);
float strtof(const char *s, char **end);
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
double atof(const char *s);

int abs(int n);			/* abs(INT_MIN) is INT_MIN */
long labs(long n);
long long llabs(long long n);
div_t div(int num, int den);
ldiv_t ldiv(long num, long den);
lldiv_t lldiv(long long num, long long den);

/* exit runs the atexit functions, last registered first (at most 32). */
void exit(int status) __attribute__((noreturn));
void _Exit(int status) __attribute__((noreturn));
int atexit(void (*fn)(void));
/* Ends the process at once with status 134 (128 + SIGABRT's 6, as a shell shows it). */
void abort(void) __attribute__((noreturn));
char *getenv(const char *name);	/* no environment: NULL */

#endif
