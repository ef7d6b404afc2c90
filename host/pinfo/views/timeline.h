/* timeline.h: the run in time (docs/events.md, "The timeline"): from a
 * dump's trace, one track a CPU, one slice a run of ticks in one function
 * (or, outside the maps, one module), as the Chrome trace-event format
 * that Perfetto and chrome://tracing open, and as the rows of the HTML
 * report's timeline. A dump and maps in, text out; pinfo_timeline reads
 * and writes the files. */
#ifndef HOST_PINFO_VIEWS_TIMELINE_H
#define HOST_PINFO_VIEWS_TIMELINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dump.h"
#include "maps.h"

/* One slice: ticks [first, first + n) of its CPU's trace, in module's
 * function name (NULL: none known; module NULL: a tick in no bucket:
 * the kernel outside its segments, idle or out of range). */
struct tl_slice {
	uint32_t cpu, first, n;
	const char *module, *name;
};
struct timeline {
	uint32_t ncpu;		/* tracks (1 when the CPUs' traces cannot be told apart) */
	double tick_us;		/* a tick's length, 1e6 / hz */
	size_t n;
	struct tl_slice *s;	/* by CPU, then in time */
	uint32_t *len;		/* each track's ticks */
};

/* The timeline of d (which must have a trace) with maps[0..nmaps) naming
 * the functions. 0; -1 out of memory. The names point into d and maps. */
int timeline_make(const struct pdump *d, const struct map *maps, size_t nmaps, struct timeline *t);
void timeline_free(struct timeline *t);
/* The Chrome trace-event JSON of t: a thread a CPU ("CPU 0"), an "X"
 * event a slice (ts and dur in microseconds), an "i" event where the
 * module changes on a CPU (a switch). 0, or -1 when out fails. */
int timeline_json(FILE *out, const struct timeline *t);

/* The HTML report's section "Timeline" (id "timeline"): an SVG row a
 * CPU, a box a slice coloured by module, its function on hover, a mark at
 * each switch, and the script that zooms it (coloured by function and
 * labelled when zoomed); nothing for a dump without a trace or an event
 * profile's. 0, or -1 out of memory. */
int html_timeline(FILE *out, const struct pdump *d, const struct map *maps, size_t nmaps);

/* --offcpu's dump: PINFO_OK when path is a profile of time off the CPU
 * (PT_OFFCPU), else PINFO_FAIL having said why on errs. */
int pinfo_offcpu_check(const char *path, FILE *errs);

/* pinfo --timeline JSON DUMP [maps...]: the JSON file of DUMP's timeline,
 * whole or not at all, its functions named by the maps. A dump without a
 * trace, or an event profile's, is refused saying why. The exit status. */
int pinfo_timeline(const char *dumpfile, const char *json, char *const *maps, size_t nmaps, FILE *errs);

#endif
