/* syscalls.c: newlib's system-call layer for profkern (docs/libc.md). newlib
 * calls these by its own names (_write, _sbrk, ...: its _*_r functions); the
 * POSIX names are weak aliases, for the parts of newlib and the programs
 * that call write() or getpid() themselves. Each goes through the kernel's
 * one gate, int 0x80 (include/sys/syscall.h), with the number in EAX and the
 * arguments in EBX, ECX, EDX, ESI, EDI; the kernel returns a negative error
 * code, which becomes -1 and errno in newlib's numbering (__pk_kerrno()).
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
#include <time.h>
#include <unistd.h>
#include "ksys.h"

/* newlib's _*_r functions clear the global errno, call us, and copy it
 * into the program's errno (the reent's, which <errno.h> reads) when we
 * fail; a program calling write() or clock_gettime() itself reads the
 * reent's at once. An error sets both. */
#undef errno
extern int errno;

static void set_errno(int e)
{
	errno = e;
	*__errno() = e;
}

/* The kernel's error numbers (include/sys/errno.h) in newlib's: the same
 * below 35, where both follow Unix; the kernel's own above, mapped. The
 * profiler's calls (kcalls.c) return the kernel's codes as they are. */
int __pk_kerrno(long kerr)
{
	switch (kerr) {
	case 36: return ENAMETOOLONG;
	case 38: return ENOSYS;
	case 39: return ENOTEMPTY;
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
		set_errno(__pk_kerrno(-r));
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

int _read(int fd, void *buf, size_t len)
{
	return result(sys(SYS_read, fd, (long)buf, (long)len));
}

/* The file system is the boot image's files and those programs make, by
 * path (docs/syscalls.md, "Files"), from the working folder (posix.c); newlib's open flags and mode are
 * the kernel's (include/sys/abi.h). */
int _open(const char *name, int flags, ...)
{
	char b[KPATH_MAX];
	const char *p = __pk_path(name, b);

	return p ? result(sys(SYS_open, (long)p, flags, 0)) : -1;
}

int _close(int fd)
{
	return result(sys(SYS_close, fd, 0, 0));
}

off_t _lseek(int fd, off_t off, int whence)
{
	return (off_t)result(sys(SYS_lseek, fd, (long)off, whence));
}

int _isatty(int fd)
{
	long r = sys(SYS_isatty, fd, 0, 0);

	if (r < 0) {		/* -ENOTTY: not a terminal, newlib's 0 */
		set_errno(__pk_kerrno(-r));
		return 0;
	}
	return 1;
}

/* newlib's struct stat is the kernel's (include/sys/abi.h's k_stat). */
int _fstat(int fd, struct stat *st)
{
	return result(sys(SYS_fstat, fd, (long)st, 0));
}

int _unlink(const char *name)
{
	char b[KPATH_MAX];
	const char *p = __pk_path(name, b);

	return p ? result(sys(SYS_unlink, (long)p, 0, 0)) : -1;
}

/* Two paths, each from the working folder. */
static int twopaths(int call, const char *old, const char *new)
{
	char b[KPATH_MAX], c[KPATH_MAX];
	const char *o = __pk_path(old, b), *n = o ? __pk_path(new, c) : 0;

	return n ? result(sys(call, (long)o, (long)n, 0)) : -1;
}

int _link(const char *old, const char *new)
{
	return twopaths(SYS_link, old, new);
}

/* One call, so that a file of the new name is replaced, as C says. */
int _rename(const char *old, const char *new)
{
	return twopaths(SYS_rename, old, new);
}

int _getpid(void)
{
	return result(sys(SYS_getpid, 0, 0, 0));
}

/* To itself, a signal ends the process with 128 + its number, as a shell
 * shows a process a signal ended (abort(): 134); another's: -1, EPERM. */
int _kill(int pid, int sig)
{
	return result(sys(SYS_kill, pid, sig, 0));
}

/* The process's time in ms (newlib's CLOCKS_PER_SEC is 1000), returned and
 * in tms_utime; the time since boot is the result. */
clock_t _times(struct tms *tms)
{
	return (clock_t)result(sys(SYS_times, (long)tms, 0, 0));
}

/* The time since boot: the machine has no clock of the date, and a run is
 * the same every time. */
int _gettimeofday(struct timeval *tv, void *tz)
{
	return result(sys(SYS_gettimeofday, (long)tv, (long)tz, 0));
}

/* The break: the heap grows a page at a time above the data, as far as
 * the machine's memory goes; past that, -1 and ENOMEM, and malloc gives
 * NULL. */
void *_sbrk(ptrdiff_t incr)
{
	long r = sys(SYS_sbrk, (long)incr, 0, 0);

	if (r < 0) {
		set_errno(__pk_kerrno(-r));
		return (void *)-1;
	}
	return (void *)r;
}

/* open() takes a mode after the flags only with O_CREAT; the kernel has no
 * modes (docs/syscalls.md, "Files"), so it is not read. */
int open(const char *, int, ...) __attribute__((weak, alias("_open")));
/* POSIX's clocks, which newlib declares and leaves to the system: the
 * real-time and monotonic ones (newlib's ids 0, 1, 4, 5, 6) are the time
 * since boot; the CPU-time ones (2, 3) the process's time, in ms. */
int clock_gettime(clockid_t id, struct timespec *ts)
{
	struct timeval tv;
	struct tms tms;

	switch ((int)id) {
	case 0: case 1: case 4: case 5: case 6:
		if (_gettimeofday(&tv, NULL))
			return -1;
		ts->tv_sec = tv.tv_sec;
		ts->tv_nsec = tv.tv_usec * 1000;
		return 0;
	case 2: case 3:
		if (_times(&tms) == (clock_t)-1)
			return -1;
		ts->tv_sec = tms.tms_utime / 1000;
		ts->tv_nsec = (long)(tms.tms_utime % 1000) * 1000000;
		return 0;
	default:
		set_errno(EINVAL);
		return -1;
	}
}

/* The clocks' resolution: the timer's period (SYS_clock's rate). */
int clock_getres(clockid_t id, struct timespec *ts)
{
	uint64_t ticks;
	uint32_t hz;

	if ((int)id < 0 || (int)id > 6) {
		set_errno(EINVAL);
		return -1;
	}
	if (ts) {
		if (result(sys(SYS_clock, (long)&ticks, (long)&hz, 0)) < 0 || !hz)
			return -1;
		ts->tv_sec = 0;
		ts->tv_nsec = (long)(1000000000u / hz);
	}
	return 0;
}

int write(int, const void *, size_t) __attribute__((weak, alias("_write")));
int read(int, void *, size_t) __attribute__((weak, alias("_read")));
int close(int) __attribute__((weak, alias("_close")));
off_t lseek(int, off_t, int) __attribute__((weak, alias("_lseek")));
int isatty(int) __attribute__((weak, alias("_isatty")));
int fstat(int, struct stat *) __attribute__((weak, alias("_fstat")));
int unlink(const char *) __attribute__((weak, alias("_unlink")));
int link(const char *, const char *) __attribute__((weak, alias("_link")));
int rename(const char *, const char *) __attribute__((weak, alias("_rename")));
int getpid(void) __attribute__((weak, alias("_getpid")));
int kill(int, int) __attribute__((weak, alias("_kill")));
void *sbrk(ptrdiff_t) __attribute__((weak, alias("_sbrk")));
clock_t times(struct tms *) __attribute__((weak, alias("_times")));
int gettimeofday(struct timeval *, void *) __attribute__((weak, alias("_gettimeofday")));
