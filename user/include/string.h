/* string.h: memory and string functions, and the names of error codes.
 * memset, memcpy, memmove and memcmp work a 32-bit word at a time. */
#ifndef STRING_H
#define STRING_H

#include <stddef.h>

void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, size_t n);
char *strcat(char *dst, const char *src);
char *strncat(char *dst, const char *src, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
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
