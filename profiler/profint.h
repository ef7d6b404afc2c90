/* profint.h: what the profiler's own files share. */
#ifndef PROFILER_PROFINT_H
#define PROFILER_PROFINT_H

#include "prof.h"

#define SATURATED 0xFFFFFFFFu

extern struct prof_session *prof_system;	/* the system profile, or NULL */

#endif
