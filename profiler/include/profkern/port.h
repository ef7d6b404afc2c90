/* port.h: the profiler module's contract with the kernel that takes it,
 * both ways (docs/porting.md walks through it): what the kernel implements
 * (the environment, below), and what it calls, when and in what context.
 * A kernel includes this header alone ("profkern/port.h"), with the folder
 * profiler/include on its include path (profiler/profkern.mk). Contexts:
 *   calls      in a process's system call or the kernel's own thread,
 *              clock not masked, one at a time (the kernel serialises them,
 *              e.g. under one lock); they allocate through prof_zalloc()
 *   tick       in the timer interrupt, clock masked, on any CPU, beside
 *              at most the calls' one running on another CPU
 *   event      (optional) in a system call's entry or the scheduler, on
 *              the CPU that runs the process, which it does not leave
 *              meanwhile; clock masked or not (prof_event() masks it) */
#ifndef PROFILER_INCLUDE_PROFKERN_PORT_H
#define PROFILER_INCLUDE_PROFKERN_PORT_H

#include <stddef.h>
#include <stdint.h>
#include "profkern/config.h"
#include "profkern/dump.h"
#include "profkern/frame.h"
#include "profkern/profile.h"
#include "profkern/stacks.h"

/* ---- the module's error codes: the calls return 0 or one of them, negated,
 * and change nothing on error (Linux's numbers, which profkern's system
 * calls return as they are; a kernel maps them to its own if it likes) */
#define PROF_ENOENT	2	/* ProfInit: a module list names a module not known */
#define PROF_E2BIG	7	/* ProfInit: more than PROF_MAX_MODULES names */
#define PROF_ENOMEM	12	/* prof_zalloc() said no */
#define PROF_EBUSY	16	/* ProfFree of a profile that is on */
#define PROF_EEXIST	17	/* ProfInit of a profile there already */
#define PROF_EINVAL	22	/* a bad type, module list, segment or size */
#define PROF_ENAMETOOLONG 36	/* a module name longer than 32 bytes */
#define PROF_ENOSYS	38	/* PT_USEDD, which the module does not do */
#define PROF_ENOTINIT	70	/* no such profile (ProfInit first) */
#define PROF_ENOTON	71	/* ProfOff without a matching ProfOn */
#define PROF_EOVERFLOW	75	/* ProfOn nested more than PROF_MAX_DEPTH deep */

#define PROF_KERNEL_MODULE "kernel"	/* the module name of the kernel's text */
#define PROF_MODLIST_MAX 1024		/* bytes of a ProfInit module list */
#define PROF_MAX_MODULES 32		/* names in a module list */
#define PROF_MAX_DEPTH	1000000		/* ProfOn nesting beyond this is refused */

/* ---- what the kernel describes -------------------------------------------- */

/* A code segment: a process's code (owner the process's struct prof_proc)
 * or the kernel's text (owner NULL). Ticks at PROF_AT_USER(slot) count in
 * the process's segment of that slot, at pc - origin. */
struct prof_codeseg {
	struct prof_proc *owner;	/* the process that runs it; NULL for the kernel's text */
	uint16_t selector;	/* written into the dump as it is (profkern: the CS); any value */
	uint16_t segno;		/* its number in the module's map: 1 for a program's code */
	uint32_t origin;	/* address (or offset, as pc is given) of its first byte */
	uint32_t length;	/* bytes, 1 or more */
	const char *module;	/* "TESTPROF", "kernel": the map's name, up to 32 bytes */
	uint32_t fingerprint;	/* prof_fingerprint() of its bytes, taken once when loaded */
	uint16_t slot;		/* a process's: 0 to PROF_SLOTS - 1, its own choice */
};

/* What the module keeps of a process: one in each of the kernel's
 * process structures, zeroed when the process is made, given to every call
 * about it and to its ticks. The kernel writes only the call-stack windows
 * (ustack to uesp, docs/porting.md, "Call stacks"); the rest is the
 * module's. */
struct prof_session;	/* a profile: the module's own (profkern/prof.h) */
struct prof_proc {
	struct prof_session *user;		/* its user profile, or NULL */
	struct pdump_seg *ubuf[PROF_SLOTS];	/* user profile buffers by slot */
	struct pdump_seg *sbuf[PROF_SLOTS];	/* system profile buffers by slot */
	struct prof_proc *sysnext;		/* the processes attached to the system profile */
	int attached;
	/* profil(): the armed buffer in the kernel's view (NULL: off), its
	 * size in bytes, and the PC offset and 16.16 scale (docs/profil.md). */
	uint8_t *pfbuf;
	uint32_t pfsize, pfoffset, pfscale;
	/* Call stacks (stacks.h): the process's stack, its code, its kernel
	 * stack below the frame of its entry from user mode, and that frame's
	 * saved PC and "at" (uframe[0], [1]), frame pointer and stack pointer
	 * (which is also where a tick from user mode leaves ESP). Memory is
	 * only ever read through these windows; NULL/0: no stacks. */
	struct prof_stackwin ustack, ucode, kstack;
	const uint32_t *uframe, *uebp, *uesp;
	/* The event profiles' buffers by slot and their lists of processes
	 * (docs/events.md): [0] system calls, [1] switches, [2] off the CPU. */
	struct pdump_seg *ebuf[3][PROF_SLOTS];
	struct prof_proc *evnext[3];
	int evattached[3];
	/* Time off the CPU, from its last voluntary switch while an off-CPU
	 * profile of it was on until it runs again: where it blocked, its
	 * stack there (offdepth frames, 0 unless one has PT_STACKS), the clock
	 * then (prof_clock_ticks()); and, for the system profile, whether it
	 * counts this block (offwhere 1) and the ticks of it already charged
	 * or left out (a dump, ProfOff, ProfClear meanwhile). */
	uint32_t offat, offpc, offwhere, offdepth;
	uint64_t offsince, offdone;
	uint32_t offpcs[PROF_STACK_DEPTH];
	/* Its own event profiles (ProfInit(PT_USER | PT_SYSCALL ...)), as user
	 * is its own time profile: [0] system calls, [1] switches, [2] off the
	 * CPU, or NULL; their buffers by slot; and the off-CPU one's part of a
	 * block as offwhere and offdone are the system profile's. */
	struct prof_session *uev[3];
	struct pdump_seg *uebuf[3][PROF_SLOTS];
	uint32_t uoffwhere;
	uint64_t uoffdone;
};

/* The sampling period, in the kernel's own terms: base + [0, spread)
 * counts of a clock of clock_hz counts a second, each period uniform over
 * that (spread 0: a fixed period). A 1000 Hz tick: { 1000, 1, 0 }; in
 * nanoseconds: { 1000000000, 999000, 2000 }; profkern's PIT:
 * { PROF_PIT_HZ, 681, 1024 }. */
struct prof_period {
	uint32_t clock_hz;
	uint32_t base, spread;
};
#define PROF_PIT_HZ	1193182u	/* the PC's 8254: the dump's unit of period */

/* ---- the environment: what the kernel implements ---------------------------
 * Required unless marked optional. None is called from the tick but
 * prof_cpu(). */

/* size bytes, zeroed, 8-byte aligned and contiguous, or NULL; released by
 * prof_release() (NULL: nothing). From the calls; the largest block asked
 * is config.h's. */
void *prof_zalloc(size_t size);
void prof_release(void *p);
/* Masks the clock interrupt on this CPU (the tick cannot run here until
 * the restore) and returns the state to restore; nests. From the calls. */
uint32_t prof_clock_mask(void);
void prof_clock_restore(uint32_t state);
/* The sampling period (struct prof_period). From the calls (a dump). */
void prof_clock_period(struct prof_period *p);
/* The CPUs: how many run (fixed before the first process starts), and
 * the index of the one that runs the caller, 0 to prof_ncpu() - 1. From the
 * tick and the calls. A CPU out of range counts nothing (and writes
 * nothing outside the module's arrays). One CPU: return 1 and 0. */
int prof_ncpu(void);
int prof_cpu(void);
/* A profile changed: every other CPU's tick must see what was written
 * before the call; with wait, return only once no other CPU is still in a
 * tick begun before it (memory the tick read may be freed after). With
 * the fast path, the other CPUs also drop their plans (prof_plan()). From
 * the calls, clock masked. One CPU: nothing. */
void prof_replan(int wait);
/* Optional: the clock's ticks since it started, the count prof_offcpu()'s
 * ticks are in, never going back, the same on every CPU. From the calls
 * and events. Without it (0), a dump of time off the CPU holds a blocked
 * process's ticks only once it has run again (docs/events.md). */
uint64_t prof_clock_ticks(void);
/* Optional: 1 if a program module has this name, so that ProfInit refuses
 * a list naming one it does not know (PROF_ENOENT). From the calls (it
 * may sleep if they may). Without it, every name is taken. */
int prof_module_known(const char *name);
/* Optional: 1 if the CPUs take turns, one running a process at a time, so
 * that each CPU's ticks are prof_clock_period()'s periods of its own work
 * (profkern's turns=1); 0 if they run at once, each on its own timer. From
 * the calls (a dump of several CPUs says which). Without it, 0. */
int prof_clock_turns(void);

/* ---- the calls: what the kernel calls --------------------------------------- */

/* The OS/2 profiler's calls, from the process's system calls (calls
 * context), with arguments the kernel has copied in and checked; 0 or
 * -PROF_E*. pp: the calling process's. ProfInit's segs: for a user
 * profile (PT_USER: its time profile or an event profile of its own), the
 * caller's code segments; for the system's, every code segment of every
 * process now alive, and the kernel's text (owner NULL, counted with
 * PT_VERBOSE). modulelist: NULL, "A B" or "A\0B\0\0". */
int prof_init(struct prof_proc *pp, int type, const char *modulelist,
	      const struct prof_codeseg *segs, int nsegs);
int prof_on(struct prof_proc *pp, int type);
int prof_off(struct prof_proc *pp, int type);
int prof_clear(struct prof_proc *pp, int type);
int prof_free(struct prof_proc *pp, int type);
/* ProfDump in one call: the dump of the profile, named name (at most
 * FRAME_NAME_MAX bytes), sent through sink in a frame (format/frame.h); hz
 * goes into the dump as the nominal rate. The sink is called with the
 * clock running and no lock of the module's. */
int prof_dump(struct prof_proc *pp, int type, uint32_t hz, const char *name,
	      pdump_sink sink, void *ctx);
/* ProfDump in two: the snapshot under the kernel's lock (calls context),
 * then the sending with no lock held, as slow as the line is (the sink may
 * sleep), then the release. The snapshot owns its memory: the profile may
 * change or go meanwhile. Unlike prof_dump(), the ticks the sending costs
 * count where they land (a kernel profile's functions with PT_VERBOSE). */
struct prof_snapshot {
	struct pdump d;
	void *scratch;
};
int prof_dump_take(struct prof_proc *pp, int type, uint32_t hz, struct prof_snapshot *snap);
size_t prof_dump_send(const struct prof_snapshot *snap, const char *name, pdump_sink sink, void *ctx);
void prof_dump_release(struct prof_snapshot *snap);

/* A process's code is loaded, before it runs (calls context): the system
 * profile, if any, counts its segments. 0, or -PROF_ENOMEM when they
 * could not be counted (its ticks then go to out of range; it runs all
 * the same). */
int prof_proc_start(struct prof_proc *pp, const struct prof_codeseg *segs, int nsegs);
/* A process ends, before its struct prof_proc goes (calls context): its
 * own profiles (PT_USER: time and events) go with it; the system profiles
 * keep their counts. */
void prof_exit(struct prof_proc *pp);

/* The tick (tick context), on every CPU that runs processes: pp the
 * interrupted process's (NULL when the CPU was idle: a kernel without
 * processes passes a struct prof_proc of its own), at where it was
 * (PROF_AT_KERNEL, or PROF_AT_USER(slot) for its code segment of that
 * slot), pc the interrupted program counter, fp its frame pointer (for
 * PT_STACKS; else 0). */
#define PROF_AT_KERNEL		0u
#define PROF_AT_USER(slot)	(((uint32_t)(slot) << 3) | 3u)
#if defined(__i386__)
#define PROF_HOT __attribute__((regparm(3)))
#else
#define PROF_HOT
#endif
typedef void prof_tick_t(struct prof_proc *pp, uint32_t at, uint32_t pc, uint32_t fp) PROF_HOT;
extern prof_tick_t *volatile prof_tick_fn;
extern volatile uint32_t prof_active;	/* profiles counting: 0, the tick has nothing to do */
static inline void prof_clock_tick(struct prof_proc *pp, uint32_t at, uint32_t pc, uint32_t fp)
{
	if (prof_active)
		prof_tick_fn(pp, at, pc, fp);
}

/* Optional: event profiles (docs/events.md), the system's and each
 * process's own. The kernel tells of each event (event context): pp the
 * process it happened to, at and pc the user code it is charged to (as a
 * tick's: the PC the process will go on from), fp its frame pointer (for
 * PT_STACKS; else 0); ev which event. A system
 * call: PROF_EV_SYSCALL(its number), at its entry, before its work; a
 * switch away from a process: PROF_EV_SWITCH_VOLUNTARY when it blocked or
 * exited, PROF_EV_SWITCH_INVOLUNTARY when it could have run on (its
 * quantum ended, or it yielded), before the next one runs. While no event
 * profile is on, prof_events is 0 and prof_note_event() (profkern/events.h)
 * only tests it. */
#define PROF_EV_CLASSES		128u	/* classes counted: system calls 127 and up share the last */
#define PROF_EV_SYSCALL(nr)	(0x10000u | ((uint32_t)(nr) < PROF_EV_CLASSES ? (uint32_t)(nr) : PROF_EV_CLASSES - 1))
#define PROF_EV_SWITCH_VOLUNTARY   0x20000u
#define PROF_EV_SWITCH_INVOLUNTARY 0x20001u
extern volatile uint32_t prof_events;	/* event profiles on: 0, no event has anything to do */
void prof_event(struct prof_proc *pp, uint32_t ev, uint32_t at, uint32_t pc, uint32_t fp);
/* prof_note_event(), the kernel's call, is in profkern/events.h. */
/* Time off the CPU (PT_OFFCPU): a process switched back in after a
 * voluntary switch away was off the CPU for ticks clock ticks since; they
 * are charged where that switch found it, less those a dump, ProfOff or
 * ProfClear meanwhile charged or left out. The voluntary switch's event
 * takes the place (and with PT_STACKS the stack, its memory mapped); a
 * dump of the profile, ProfOff and prof_exit() charge every process still
 * blocked up to prof_clock_ticks(), from whatever CPU makes the call. So
 * the switch's event and this run under the lock the calls run under
 * (event context otherwise; it need not have pp's memory mapped). */
void prof_offcpu(struct prof_proc *pp, uint64_t ticks);

/* Optional: profil(). buf is the caller's buffer, checked to lie in its
 * memory (the tick writes it), or NULL (then, as with a scale of 0 or 1,
 * off). Calls context. */
void prof_profil(struct prof_proc *pp, uint8_t *buf, uint32_t bufsiz, uint32_t offset,
		 uint32_t scale);
/* Optional: the entries of the stack table a profile made from now on
 * gets (PROF_STACK_ENTRIES_DEFAULT until set); -PROF_EINVAL, changing
 * nothing, unless a power of 2 from 256 to 1048576. Calls context. */
int prof_set_stack_entries(uint32_t n);
uint32_t prof_stack_entries(void);

/* ---- helpers ------------------------------------------------------------------- */

/* The code fingerprint: the CRC-32 (IEEE 802.3, zlib's crc32()) of the
 * length bytes at code, the segment as loaded (its file bytes, then the
 * zeros up to its size), taken once before it runs. mkmap computes the same
 * from the ELF file, and pinfo matches the two. */
uint32_t prof_fingerprint(const void *code, uint32_t length);
/* The period as the dump carries it: PIT counts (PROF_PIT_HZ), rounded,
 * base 1 to 65536 (halved with spread, which keeps their ratio, while
 * longer). */
void prof_period_pit(const struct prof_period *p, uint32_t *base, uint32_t *spread);
/* Module names compare without regard to case ("testprof", "TESTPROF"). */
int prof_name_eq(const char *a, const char *b);
/* 1 when a module list is "A B" (ends at its NUL), 0 when "A\0B\0\0". */
int prof_modlist_spaced(const char *list);
/* n / d and n % d (d not 0) without the compiler's 64-bit division (libgcc). */
uint64_t prof_udiv64(uint64_t n, uint32_t d, uint32_t *rem);

#endif
