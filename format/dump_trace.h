/* dump_trace.h: version 5's trace, walked for the scan (dump_trace.c). */
#ifndef FORMAT_DUMP_TRACE_H
#define FORMAT_DUMP_TRACE_H

struct reader;
struct pdump;
struct pdump_alloc;

/* The trace at r->pos, read into h (allocated with a). 0, or -1. */
int pdump_walk_trace(struct reader *r, struct pdump *h, const struct pdump_alloc *a);

#endif
