/* dump_cpus.h: version 6's CPU records, version 7's event record and
 * version 8's clock record,
 * walked for the scan (dump_cpus.c). */
#ifndef FORMAT_DUMP_CPUS_H
#define FORMAT_DUMP_CPUS_H

struct reader;
struct pdump;
struct pdump_alloc;

/* Version 6's CPU records, after the rest: h->cpus and h->cputics
 * allocated with a, each CPU checked, and the CPUs' sums against the
 * header's and each segment's ticks (semantic errors). 0, or -1. */
int pdump_walk_cpus(struct reader *r, struct pdump *h, const struct pdump_alloc *a);

/* Version 7's event record, after the CPUs': h->ev_count allocated with
 * a. 0, or -1. */
int pdump_walk_events(struct reader *r, struct pdump *h, const struct pdump_alloc *a);

/* Version 8's clock record, after the CPUs': h->clock and h->cputrace
 * (allocated with a), each CPU's trace within its ticks, together the
 * trace's length. 0, or -1. */
int pdump_walk_clock(struct reader *r, struct pdump *h, const struct pdump_alloc *a);

#endif
