/* profint.h: what the profiler's own files share. */
#ifndef PROFILER_PROFINT_H
#define PROFILER_PROFINT_H

#include "prof.h"

#define SATURATED 0xFFFFFFFFu

extern struct prof_session *prof_system;	/* the system profile, or NULL */

/* session.c */
void prof_copyname(char *dst, const char *src);
void prof_free_session(struct prof_session *s);
struct pdump_seg *prof_buffer_for(struct prof_session *s, const struct prof_codeseg *cs);
int prof_valid_user_seg(const struct prof_codeseg *cs);
/* A table of stacks of prof_stack_entries() entries, empty; NULL when
 * memory runs out. */
struct prof_stacks *prof_new_stacks(void);

/* sample.c: a profile with PT_SPREAD made (1) or freed (-1): prof_tick_fn
 * follows. Called with the clock masked. */
void prof_spread_adjust(int d);

/* trace.c: a trace for s (none when memory runs out), freed, emptied;
 * and its first n entries turned into bucket numbers (the dump's). */
void prof_trace_new(struct prof_session *s);
void prof_trace_free(struct prof_session *s);
void prof_trace_clear(struct prof_session *s);
void prof_trace_number(struct prof_session *s, uint32_t n);

/* The tick's entry: where it was counted (v), unless the trace is full. */
static inline void prof_trace_put(struct prof_session *s, uint32_t v)
{
	struct prof_trace *t = &s->trace;

	if (t->pos4 < t->end4)
		*(uint32_t *)(t->pos4++ << 2) = v;
}

/* system.c */
int prof_init_system(uint32_t type, const char *modulelist, const struct prof_codeseg *segs, int nsegs);
void prof_detach(struct prof_proc *pp);
void prof_detach_all(void);

#endif
