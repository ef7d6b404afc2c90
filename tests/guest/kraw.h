/* kraw.h: the kernel's calls that newlib's layer wraps (write, open, sbrk,
 * ...), made directly, for the tests of the kernel itself: each returns
 * what the kernel returns, a negative code of the kernel's
 * (include/sys/errno.h) for an error, where newlib's functions of the same
 * names return -1 and set errno in newlib's numbering. The structures and
 * flags are include/sys/abi.h's. */
#ifndef TESTS_GUEST_KRAW_H
#define TESTS_GUEST_KRAW_H

#include <stddef.h>
#include "sys/abi.h"
#include "ksys.h"

static inline int k_write(int fd, const void *buf, size_t len)
{
	return (int)sys(SYS_write, fd, (long)buf, (long)len);
}

static inline int k_read(int fd, void *buf, size_t len)
{
	return (int)sys(SYS_read, fd, (long)buf, (long)len);
}

static inline int k_open(const char *path, int flags)
{
	return (int)sys(SYS_open, (long)path, flags, 0);
}

static inline int k_close(int fd)
{
	return (int)sys(SYS_close, fd, 0, 0);
}

static inline int k_lseek(int fd, int offset, int whence)
{
	return (int)sys(SYS_lseek, fd, offset, whence);
}

static inline int k_fstat(int fd, struct k_stat *st)
{
	return (int)sys(SYS_fstat, fd, (long)st, 0);
}

static inline int k_isatty(int fd)
{
	return (int)sys(SYS_isatty, fd, 0, 0);
}

static inline int k_unlink(const char *path)
{
	return (int)sys(SYS_unlink, (long)path, 0, 0);
}

static inline int k_link(const char *oldpath, const char *newpath)
{
	return (int)sys(SYS_link, (long)oldpath, (long)newpath, 0);
}

static inline int k_rename(const char *oldpath, const char *newpath)
{
	return (int)sys(SYS_rename, (long)oldpath, (long)newpath, 0);
}

/* The old break, or (void *)-code. */
static inline void *k_sbrk(int increment)
{
	return (void *)sys(SYS_sbrk, increment, 0, 0);
}

static inline int k_times(struct k_tms *t)
{
	return (int)sys(SYS_times, (long)t, 0, 0);
}

static inline int k_gettimeofday(struct k_timeval *tv, struct k_timezone *tz)
{
	return (int)sys(SYS_gettimeofday, (long)tv, (long)tz, 0);
}

static inline int k_kill(int pid, int sig)
{
	return (int)sys(SYS_kill, pid, sig, 0);
}

static inline int k_getpid(void)
{
	return (int)sys(SYS_getpid, 0, 0, 0);
}

#endif
