/* string.c: the <string.h> functions, a byte at a time: short and plainly
 * right, which matters more here than speed. Bytes compare as unsigned char,
 * as C requires. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "libc.h"

void *LIBC(memset)(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}

void *LIBC(memcpy)(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

/* Copies backwards when dst lies above src, so an overlap reads each byte
 * before it is overwritten. */
void *LIBC(memmove)(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((uintptr_t)d <= (uintptr_t)s) {
		while (n--)
			*d++ = *s++;
	} else {
		while (n--)
			d[n] = s[n];
	}
	return dst;
}

int LIBC(memcmp)(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

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
