/* ksys.h: one system call through the kernel's gate, int 0x80: the number in
 * EAX, the arguments in EBX, ECX, EDX, ESI, EDI, the result (or a negative
 * error code) in EAX (include/sys/syscall.h, docs/syscalls.md). */
#ifndef USER_NEWLIB_KSYS_H
#define USER_NEWLIB_KSYS_H

#include "sys/syscall.h"

static inline long sys5(long n, long a, long b, long c, long d, long e)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e) : "memory");
	return r;
}

static inline long sys(long n, long a, long b, long c)
{
	return sys5(n, a, b, c, 0, 0);
}

/* The layer's own (user/newlib/syscalls.c, posix.c): the kernel's error
 * number in newlib's; a path from the working folder as the kernel takes
 * it, a path from the root (NULL, errno set, past KPATH_MAX bytes). */
#define KPATH_MAX 512
int __pk_kerrno(long kerr);
const char *__pk_path(const char *path, char *buf);

#endif
