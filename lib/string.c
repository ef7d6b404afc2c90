/* string.c: the <string.h> functions. memset, memcpy, memmove and memcmp
 * work a 32-bit word at a time: after the bytes that bring the destination
 * to a 4-byte boundary, memset and memcpy store whole words with rep stosl
 * and rep movsl (below 16 bytes, words wherever they fall), memmove copies
 * words downwards when the regions overlap that way, memcmp compares words
 * until two differ. The other functions go
 * a byte at a time: short and plainly right. Bytes compare as unsigned char,
 * as C requires.
 *
 * The kernel links this file too: it stays integer-only and freestanding,
 * and its inline assembly is the same on i386 and on the x86-64 host that
 * runs the unit tests. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "lib.h"

/* A word that may lie at any address, and alias any type. */
typedef uint32_t __attribute__((may_alias, aligned(1))) uword;
/* A word on a 4-byte boundary, which may alias any type. */
typedef uint32_t __attribute__((may_alias)) aword;

/* Below this many bytes, a byte loop costs less than lining up for words. */
#define WORD_MIN	16

/* The compiler must not turn the byte loops below back into calls to the
 * functions they implement. */
#define NO_LOOP_CALLS	__attribute__((optimize("no-tree-loop-distribute-patterns")))

/* Bytes to the next 4-byte boundary of p: 0 to 3. */
static size_t to_boundary(const void *p)
{
	return (size_t)(-(uintptr_t)p & 3);
}

NO_LOOP_CALLS void *LIBC(memset)(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	unsigned char b = (unsigned char)c;
	uint32_t w = b * 0x01010101u;

	if (n >= WORD_MIN) {
		size_t head = to_boundary(d), words;

		for (n -= head; head > 0; head--)
			*d++ = b;
		words = n / 4;
		n %= 4;
		__asm__ volatile("rep stosl"
				 : "+D"(d), "+c"(words)
				 : "a"(w)
				 : "memory");
	}
	for (; n >= 4; n -= 4, d += 4)	/* short: words where they fall */
		*(uword *)d = w;
	while (n--)
		*d++ = b;
	return dst;
}

/* Forwards, words while at least 4 bytes are left. Also memmove's way when
 * dst lies below src: each word is read before the stores reach it. */
NO_LOOP_CALLS static inline __attribute__((always_inline)) void copy_up(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n >= WORD_MIN) {
		size_t head = to_boundary(d), words;

		for (n -= head; head > 0; head--)
			*d++ = *s++;
		words = n / 4;
		n %= 4;
		__asm__ volatile("rep movsl"
				 : "+D"(d), "+S"(s), "+c"(words)
				 :
				 : "memory");
	}
	for (; n >= 4; n -= 4, d += 4, s += 4)	/* short: words where they fall */
		*(uword *)d = *(const uword *)s;
	while (n--)
		*d++ = *s++;
}

NO_LOOP_CALLS void *LIBC(memcpy)(void *dst, const void *src, size_t n)
{
	copy_up(dst, src, n);
	return dst;
}

/* Copies backwards when dst lies above src, so an overlap reads each byte
 * before it is overwritten: a word is loaded whole before it is stored, and
 * every byte it loads lies below the bytes stored so far. */
NO_LOOP_CALLS void *LIBC(memmove)(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((uintptr_t)d - (uintptr_t)s >= n) {	/* below src, or no overlap */
		copy_up(d, s, n);
		return dst;
	}
	d += n;
	s += n;
	for (; n > 0 && ((uintptr_t)d & 3) != 0; n--)
		*--d = *--s;
	for (; n >= 4; n -= 4) {
		d -= 4;
		s -= 4;
		*(aword *)d = *(const uword *)s;
	}
	while (n--)
		*--d = *--s;
	return dst;
}

NO_LOOP_CALLS int LIBC(memcmp)(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n >= 4 && *(const uword *)p == *(const uword *)q; n -= 4) {
		p += 4;
		q += 4;
	}
	for (; n > 0; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

size_t LIBC(strlen)(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int LIBC(strcmp)(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;

	while (*p && *p == *q)
		p++, q++;
	return *p - *q;
}

int LIBC(strncmp)(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;

	for (; n > 0; n--, p++, q++)
		if (*p != *q || !*p)
			return *p - *q;
	return 0;
}

char *LIBC(strcpy)(char *dst, const char *src)
{
	char *d = dst;

	while ((*d++ = *src++))
		;
	return dst;
}

/* As C: stops at n, and then leaves dst unterminated; pads short copies with NULs. */
char *LIBC(strncpy)(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = '\0';
	return dst;
}

char *LIBC(strcat)(char *dst, const char *src)
{
	char *d = dst;

	while (*d)
		d++;
	while ((*d++ = *src++))
		;
	return dst;
}

/* The terminator counts as part of the string: strchr(s, 0) finds it. */
char *LIBC(strchr)(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *LIBC(strrchr)(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}
