/* sys/abi.h: what crosses the system call boundary for files, time and
 * signals, laid out as newlib 3.3.0 lays it out for i686 (its
 * sys/_default_fcntl.h, sys/stat.h, sys/time.h, sys/times.h, measured on
 * the library built for the guests), so that its system-call layer passes
 * its own structures through unchanged. Shared by the kernel and the
 * programs; docs/syscalls.md describes each call. The names carry a
 * K_ prefix so that this header and newlib's can be included together. */
#ifndef INCLUDE_SYS_ABI_H
#define INCLUDE_SYS_ABI_H

#include <stdint.h>

/* open() flags (newlib's, not Linux's) */
#define K_O_RDONLY	0
#define K_O_WRONLY	1
#define K_O_RDWR	2
#define K_O_ACCMODE	3
#define K_O_APPEND	0x0008
#define K_O_CREAT	0x0200
#define K_O_TRUNC	0x0400
#define K_O_EXCL	0x0800
#define K_O_CLOEXEC	0x40000

/* fcntl() (newlib's numbers) */
#define K_F_DUPFD	0
#define K_F_GETFD	1
#define K_F_SETFD	2
#define K_F_GETFL	3
#define K_F_SETFL	4
#define K_F_DUPFD_CLOEXEC 14
#define K_FD_CLOEXEC	1

/* lseek() */
#define K_SEEK_SET	0
#define K_SEEK_CUR	1
#define K_SEEK_END	2

/* st_mode */
#define K_S_IFMT	0170000
#define K_S_IFCHR	0020000
#define K_S_IFREG	0100000
#define K_S_IFDIR	0040000

/* struct timespec and struct timeval: a 64-bit time_t, then a long; 12
 * bytes, 4-aligned, as on i686. */
struct k_timespec {
	int64_t tv_sec;
	int32_t tv_nsec;
} __attribute__((packed, aligned(4)));

struct k_timeval {
	int64_t tv_sec;
	int32_t tv_usec;
} __attribute__((packed, aligned(4)));

struct k_timezone {
	int32_t tz_minuteswest;
	int32_t tz_dsttime;
};

/* struct stat: 72 bytes */
struct k_stat {
	int16_t st_dev;
	uint16_t st_ino;
	uint32_t st_mode;
	uint16_t st_nlink;
	uint16_t st_uid;
	uint16_t st_gid;
	int16_t st_rdev;
	int32_t st_size;		/* off_t: 32 bits */
	struct k_timespec st_atim;
	struct k_timespec st_mtim;
	struct k_timespec st_ctim;
	int32_t st_blksize;
	int32_t st_blocks;
	int32_t st_spare4[2];
};

/* struct tms: clock_t is 32 bits and counts milliseconds (CLOCKS_PER_SEC 1000) */
struct k_tms {
	uint32_t tms_utime;
	uint32_t tms_stime;
	uint32_t tms_cutime;
	uint32_t tms_cstime;
};

#define K_CLOCKS_PER_SEC 1000
#define K_NSIG		32	/* signals 1 .. 31 */
#define K_SIGABRT	6

_Static_assert(sizeof(struct k_timeval) == 12, "newlib's struct timeval is 12 bytes");
_Static_assert(sizeof(struct k_timespec) == 12, "newlib's struct timespec is 12 bytes");
_Static_assert(sizeof(struct k_stat) == 72, "newlib's struct stat is 72 bytes");
_Static_assert(__builtin_offsetof(struct k_stat, st_mode) == 4, "st_mode at 4");
_Static_assert(__builtin_offsetof(struct k_stat, st_size) == 16, "st_size at 16");
_Static_assert(__builtin_offsetof(struct k_stat, st_atim) == 20, "st_atim at 20");
_Static_assert(__builtin_offsetof(struct k_stat, st_blksize) == 56, "st_blksize at 56");
_Static_assert(sizeof(struct k_tms) == 16, "newlib's struct tms is 16 bytes");

#endif
