/* syscalls.c: newlib's system-call layer for profkern (docs/libc.md). newlib
 * calls these by its own names (_write, _sbrk, ...: its _*_r functions); the
 * POSIX names are weak aliases, for the parts of newlib and the programs
 * that call write() or getpid() themselves. Each goes through the kernel's
 * one gate, int 0x80 (include/sys/syscall.h), with the number in EAX and the
 * arguments in EBX, ECX, EDX, ESI, EDI; the kernel returns a negative error
 * code, which becomes -1 and errno in newlib's numbering (kerrno()).
 *
 * Every function here is compiled with a frame (-fno-omit-frame-pointer),
 * so that a tick in the kernel during a call names its caller on the
 * profiler's call stacks (docs/stacks.md). */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/types.h>
#include <unistd.h>
#include "ksys.h"

#undef errno
extern int errno;

/* The kernel's error numbers (include/sys/errno.h) in newlib's: the same
 * below 35, where both follow Unix; the kernel's own above, mapped. */
static int kerrno(long kerr)
{
	switch (kerr) {
	case 36: return ENAMETOOLONG;
	case 38: return ENOSYS;
	case 70: return EINVAL;		/* ENOTINIT: the profile was not initialised */
	case 71: return EINVAL;		/* ENOTON: ProfOff without ProfOn */
	case 75: return EOVERFLOW;
	case 84: return EILSEQ;
	default: return kerr < 35 ? (int)kerr : EINVAL;
	}
}

/* A kernel result as newlib's: -1 and errno for an error. */
static int result(long r)
{
	if (r < 0) {
		errno = kerrno(-r);
		return -1;
	}
	return (int)r;
}

void _exit(int status)
{
	for (;;)
		sys(SYS_exit, status, 0, 0);
}

int _write(int fd, const void *buf, size_t len)
{
	return result(sys(SYS_write, fd, (long)buf, (long)len));
}

/* Standard input: empty until the kernel has files (0 bytes, end of file). */
int _read(int fd, void *buf, size_t len)
{
	(void)buf;
	(void)len;
	if (fd == 0)
		return 0;
	errno = EBADF;
	return -1;
}

int _open(const char *name, int flags, ...)
{
	(void)name;
	(void)flags;
	errno = ENOSYS;
	return -1;
}

int _close(int fd)
{
	if (fd >= 0 && fd <= 2)
		return 0;
	errno = EBADF;
	return -1;
}

off_t _lseek(int fd, off_t off, int whence)
{
	(void)off;
	(void)whence;
	errno = fd >= 0 && fd <= 2 ? ESPIPE : EBADF;
	return (off_t)-1;
}

/* The console (0, 1, 2) is a character device, so stdout is line-buffered. */
int _isatty(int fd)
{
	if (fd >= 0 && fd <= 2)
		return 1;
	errno = EBADF;
	return 0;
}

int _fstat(int fd, struct stat *st)
{
	if (fd < 0 || fd > 2) {
		errno = EBADF;
		return -1;
	}
	*st = (struct stat){ .st_mode = S_IFCHR | 0600, .st_blksize = 1024 };
	return 0;
}

int _unlink(const char *name)
{
	(void)name;
	errno = ENOENT;
	return -1;
}

int _link(const char *old, const char *new)
{
	(void)old;
	(void)new;
	errno = ENOSYS;
	return -1;
}

int _getpid(void)
{
	return result(sys(SYS_getpid, 0, 0, 0));
}

/* Only to itself: a signal ends the process with 128 + its number, as a
 * shell shows a process a signal ended (abort(): 134). */
int _kill(int pid, int sig)
{
	if (pid != _getpid()) {
		errno = EPERM;
		return -1;
	}
	_exit(128 + sig);
}

/* The timer's ticks since boot and their rate (SYS_clock). */
static int ticks(uint64_t *t, uint32_t *hz)
{
	return result(sys(SYS_clock, (long)t, (long)hz, 0)) < 0 || *hz == 0 ? -1 : 0;
}

/* Milliseconds of the process's time (newlib's CLOCKS_PER_SEC is 1000):
 * the time since boot, all of it counted as the caller's user time. */
clock_t _times(struct tms *tms)
{
	uint64_t t;
	uint32_t hz;
	clock_t ms;

	if (ticks(&t, &hz))
		return (clock_t)-1;
	ms = (clock_t)(t * 1000 / hz);
	*tms = (struct tms){ .tms_utime = ms };
	return ms;
}

/* The time since boot: the machine has no clock of the date. */
int _gettimeofday(struct timeval *tv, void *tz)
{
	uint64_t t;
	uint32_t hz;

	(void)tz;
	if (ticks(&t, &hz))
		return -1;
	tv->tv_sec = (time_t)(t / hz);
	tv->tv_usec = (suseconds_t)(t % hz * 1000000 / hz);
	return 0;
}

/* The heap: a static area until the kernel grows the data segment. */
#define HEAP_BYTES (1u << 20)
static char heap[HEAP_BYTES] __attribute__((aligned(16)));
static size_t brk_used;

void *_sbrk(ptrdiff_t incr)
{
	char *old = heap + brk_used;

	if ((incr > 0 && (size_t)incr > HEAP_BYTES - brk_used) || (incr < 0 && (size_t)-incr > brk_used)) {
		errno = ENOMEM;
		return (void *)-1;
	}
	brk_used += incr;
	return old;
}

int write(int, const void *, size_t) __attribute__((weak, alias("_write")));
int read(int, void *, size_t) __attribute__((weak, alias("_read")));
int close(int) __attribute__((weak, alias("_close")));
off_t lseek(int, off_t, int) __attribute__((weak, alias("_lseek")));
int isatty(int) __attribute__((weak, alias("_isatty")));
int fstat(int, struct stat *) __attribute__((weak, alias("_fstat")));
int unlink(const char *) __attribute__((weak, alias("_unlink")));
int link(const char *, const char *) __attribute__((weak, alias("_link")));
int getpid(void) __attribute__((weak, alias("_getpid")));
int kill(int, int) __attribute__((weak, alias("_kill")));
void *sbrk(ptrdiff_t) __attribute__((weak, alias("_sbrk")));
