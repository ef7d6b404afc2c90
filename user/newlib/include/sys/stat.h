/* sys/stat.h: newlib's, with lstat, which newlib declares only for some
 * systems (here it is stat: there are no symbolic links; posix.c). */
#ifndef USER_NEWLIB_INCLUDE_SYS_STAT_H
#define USER_NEWLIB_INCLUDE_SYS_STAT_H

#include_next <sys/stat.h>

#if !defined(__SPU__) && !defined(__rtems__) && !defined(__CYGWIN__)
int lstat(const char *__restrict path, struct stat *__restrict buf);
#endif

#endif
