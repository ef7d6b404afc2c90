/* unistd.h: the kernel's system calls, one stub each (user/lib/syscalls.asm). */
#ifndef UNISTD_H
#define UNISTD_H

#include <stddef.h>
#include <stdint.h>

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

#endif
