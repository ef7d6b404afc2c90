/* string.h: memory and string functions, and the names of error codes.
 * memset, memcpy, memmove and memcmp work a 32-bit word at a time. */
#ifndef STRING_H
#define STRING_H

#include <stddef.h>
#include "../../lib/string.h"	/* memset .. strrchr: the code the kernel shares */

void *memchr(const void *s, int c, size_t n);

size_t strnlen(const char *s, size_t max);
char *strncat(char *dst, const char *src, size_t n);
char *strstr(const char *haystack, const char *needle);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strtok(char *s, const char *delim);
char *strdup(const char *s);			/* malloc'd copy, NULL if no memory */

/* An error code's name ("EFAULT") and text (its comment in <sys/errno.h>).
 * Both take code or -code, as system calls return it; an unknown code
 * gives "E?" and "unknown error". */
const char *errname(int code);
const char *strerror(int code);

#endif
