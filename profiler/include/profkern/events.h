/* profkern/events.h: the kernel's call at each event (port.h, "Event
 * profiles"): with no event profile on, one test of one word. Apart from
 * port.h so that the contract calls nothing of the module's. */
#ifndef PROFILER_INCLUDE_PROFKERN_EVENTS_H
#define PROFILER_INCLUDE_PROFKERN_EVENTS_H

#include "profkern/port.h"

static inline void prof_note_event(struct prof_proc *pp, uint32_t ev, uint32_t at, uint32_t pc, uint32_t fp)
{
	if (prof_events)
		prof_event(pp, ev, at, pc, fp);
}

#endif
