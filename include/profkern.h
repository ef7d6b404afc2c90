/* profkern.h: the kernel's own calls, those that are not the C library's
 * (newlib's calls are in its headers: <unistd.h>, <fcntl.h>, ...). Each
 * returns what the kernel returns, as the profiler's calls (<profile.h>)
 * do: 0 or more on success, a negative error code of the kernel's
 * (include/sys/errno.h, named by errname()) on failure; errno is not set.
 * user/newlib/kcalls.c has them; docs/syscalls.md their arguments and codes. */
#ifndef INCLUDE_PROFKERN_H
#define INCLUDE_PROFKERN_H

#include <stddef.h>
#include <stdint.h>

/* Starts program NAME (a boot module) with ARGV (NULL-terminated, or NULL
 * for { NAME }): the child's pid. */
int spawn(const char *name, char *const argv[]);
/* Waits for child PID (-1: any) to exit; its exit status, as it gave it to
 * exit() (or the kernel's fault or signal status), into *STATUS if not
 * NULL: the child's pid. Not POSIX's waitpid(): no options, the status is
 * not encoded, and the error is returned, not put in errno. */
int waitchild(int pid, int *status);
/* Timer ticks since boot, and their rate. */
int clock_ticks(uint64_t *ticks, uint32_t *hz);
/* Up to LEN bytes of boot module NAME from OFFSET: the bytes read. */
int readfile(const char *name, uint32_t offset, void *buf, size_t len);
/* The caller goes to the back of the run queue. */
int yield(void);
/* The kernel's free memory, in bytes. */
int meminfo(uint32_t *free_bytes);
/* Sleeps at least MS milliseconds (rounded up to ticks). */
int sleep_ms(uint32_t ms);

/* The name of a kernel error code, as -code or code ("EFAULT"), "E?" if
 * none; and its text ("unknown error" if none). */
const char *errname(int code);
const char *kstrerror(int code);

#endif
