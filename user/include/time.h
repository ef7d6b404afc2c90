/* time.h: the clock. There is no real-time clock: time() counts seconds
 * since the machine booted, and clock() the time since boot in
 * CLOCKS_PER_SEC units, from the timer's ticks (so its resolution is one
 * tick, 1 ms at the default rate). A clock_t wraps after about 36 minutes;
 * the difference of two calls less than that apart is right all the same. */
#ifndef TIME_H
#define TIME_H

#include <stddef.h>

typedef long clock_t;
typedef long time_t;

#define CLOCKS_PER_SEC	1000000L

clock_t clock(void);
time_t time(time_t *t);
double difftime(time_t end, time_t start);

#endif
