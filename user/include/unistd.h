/* unistd.h: the kernel's system calls, one stub each (user/lib/syscalls.asm).
 * Each returns what the kernel returns: -code on failure (sys/errno.h),
 * errno untouched. The structures and flags are sys/abi.h's (newlib's). */
#ifndef UNISTD_H
#define UNISTD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/abi.h>

int write(int fd, const void *buf, size_t len);
int spawn(const char *name, char *const argv[]);
int wait(int pid, int *status);
int getpid(void);
int clock_ticks(uint64_t *ticks, uint32_t *hz);	/* timer ticks since boot, and the rate */
int readfile(const char *name, uint32_t offset, void *buf, size_t len);
int yield(void);
int meminfo(uint32_t *free_bytes);
int sleep_ms(uint32_t ms);
void _exit(int status) __attribute__((noreturn));
int profil(char *buf, int bufsiz, int offset, int scale);
int open(const char *path, int flags, ...);	/* K_O_* flags; the mode is not kept */
int close(int fd);
int read(int fd, void *buf, size_t len);
int lseek(int fd, int offset, int whence);	/* K_SEEK_* */
int fstat(int fd, struct k_stat *st);
int isatty(int fd);				/* 1, or -ENOTTY */
int unlink(const char *path);
int link(const char *oldpath, const char *newpath);
int rename(const char *oldpath, const char *newpath);
void *sbrk(int increment);			/* the old break, or (void *)-code */
int times(struct k_tms *t);			/* ms since boot */
int gettimeofday(struct k_timeval *tv, struct k_timezone *tz);
int kill(int pid, int sig);

#endif
