/* events.h: what pinfo's reports say of an event profile's dump (events.c,
 * docs/events.md). */
#ifndef HOST_PINFO_VIEWS_EVENTS_H
#define HOST_PINFO_VIEWS_EVENTS_H

#include <stdio.h>
#include "dump.h"

/* The unit of d's counts ("Tics", "Calls", "Switches", "Off-CPU"; plural:
 * "tics", "system calls", "switches", "ticks off the CPU"), and its events
 * by class, after the table (nothing for a time profile). */
const char *report_unit(const struct pdump *d, int plural);
void report_events(FILE *out, const struct pdump *d);

#endif
