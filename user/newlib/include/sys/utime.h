/* sys/utime.h: for newlib's <utime.h>, whose own is a placeholder: struct
 * utimbuf and utime (accepted for a file there; times are not kept:
 * user/newlib/posix.c). */
#ifndef USER_NEWLIB_INCLUDE_SYS_UTIME_H
#define USER_NEWLIB_INCLUDE_SYS_UTIME_H

#include <sys/types.h>

struct utimbuf {
	time_t actime;
	time_t modtime;
};

int utime(const char *path, const struct utimbuf *times);

#endif
