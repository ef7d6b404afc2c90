/* strextra.c: the rest of <string.h>, for programs only (the kernel links
 * string.c, not this): searches, spans, strtok, strdup. A byte at a time;
 * bytes compare as unsigned char. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "libc.h"

void *LIBC(memchr)(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n > 0; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

size_t LIBC(strnlen)(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

/* Appends at most n bytes of src, and always a NUL. */
char *LIBC(strncat)(char *dst, const char *src, size_t n)
{
	char *d = dst;

	while (*d)
		d++;
	for (; n > 0 && *src; n--)
		*d++ = *src++;
	*d = '\0';
	return dst;
}

/* The empty needle is found at the start. */
char *LIBC(strstr)(const char *haystack, const char *needle)
{
	for (;; haystack++) {
		size_t i = 0;

		while (needle[i] && haystack[i] == needle[i])
			i++;
		if (!needle[i])
			return (char *)haystack;
		if (!*haystack)
			return NULL;
	}
}

/* Whether c is one of the bytes of set (its NUL not counted). */
static int in_set(char c, const char *set)
{
	for (; *set; set++)
		if (*set == c)
			return 1;
	return 0;
}

size_t LIBC(strspn)(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && in_set(s[n], accept))
		n++;
	return n;
}

size_t LIBC(strcspn)(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !in_set(s[n], reject))
		n++;
	return n;
}

char *LIBC(strpbrk)(const char *s, const char *accept)
{
	s += LIBC(strcspn)(s, accept);
	return *s ? (char *)s : NULL;
}

/* One saved position, as C's strtok has. */
char *LIBC(strtok)(char *s, const char *delim)
{
	static char *next;
	char *token;

	if (s == NULL)
		s = next;
	if (s == NULL)
		return NULL;
	s += LIBC(strspn)(s, delim);
	if (*s == '\0') {
		next = NULL;
		return NULL;
	}
	token = s;
	s += LIBC(strcspn)(s, delim);
	if (*s != '\0')
		*s++ = '\0';
	next = s;
	return token;
}

char *LIBC(strdup)(const char *s)
{
	size_t n = LIBC(strlen)(s) + 1;
	char *p = LIBC(malloc)(n);

	if (p != NULL)
		LIBC(memcpy)(p, s, n);
	return p;
}
