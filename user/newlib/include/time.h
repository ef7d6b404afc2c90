/* time.h: newlib's, with the POSIX clocks the layer has (user/newlib/
 * syscalls.c: clock_gettime, clock_getres; posix.c: nanosleep), which
 * newlib declares only where its configuration has _POSIX_TIMERS; and
 * struct tm with tm_gmtoff and tm_zone, as on Linux. newlib was built
 * without them, so its localtime and gmtime fill the fields before them:
 * the programs' localtime, localtime_r, gmtime and gmtime_r are the
 * layer's (user/newlib/posix.c), which fill all of them. */
#ifndef USER_NEWLIB_INCLUDE_TIME_H
#define USER_NEWLIB_INCLUDE_TIME_H

#define __TM_GMTOFF tm_gmtoff
#define __TM_ZONE tm_zone
#include_next <time.h>

struct tm *__pk_localtime(const time_t *t);
struct tm *__pk_localtime_r(const time_t *__restrict t, struct tm *__restrict tm);
struct tm *__pk_gmtime(const time_t *t);
struct tm *__pk_gmtime_r(const time_t *__restrict t, struct tm *__restrict tm);
#define localtime(t) __pk_localtime(t)
#define localtime_r(t, tm) __pk_localtime_r(t, tm)
#define gmtime(t) __pk_gmtime(t)
#define gmtime_r(t, tm) __pk_gmtime_r(t, tm)

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
