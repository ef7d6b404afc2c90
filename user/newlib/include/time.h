/* time.h: newlib's, with the POSIX clocks the layer has (user/newlib/
 * syscalls.c: clock_gettime, clock_getres; posix.c: nanosleep), which
 * newlib declares only where its configuration has _POSIX_TIMERS. */
#ifndef USER_NEWLIB_INCLUDE_TIME_H
#define USER_NEWLIB_INCLUDE_TIME_H

#include_next <time.h>

#ifndef _POSIX_TIMERS
int clock_gettime(clockid_t clock_id, struct timespec *tp);
int clock_getres(clockid_t clock_id, struct timespec *res);
int nanosleep(const struct timespec *req, struct timespec *rem);
#endif
#ifndef CLOCK_MONOTONIC
#define CLOCK_MONOTONIC ((clockid_t)4)
#endif
#ifndef CLOCK_PROCESS_CPUTIME_ID
#define CLOCK_PROCESS_CPUTIME_ID ((clockid_t)2)
#endif
#ifndef CLOCK_THREAD_CPUTIME_ID
#define CLOCK_THREAD_CPUTIME_ID ((clockid_t)3)
#endif

#endif
