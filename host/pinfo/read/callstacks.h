/* callstacks.h: a dump's call stacks (format 3) named by the maps' symbols
 * (callstacks.c), and the views made from them (docs/stacks.md), each in
 * views/: folded stacks (folded.c), an SVG flame graph (flamegraph.c), a
 * gprof-style call graph (callgraph.c), and a pprof profile (pprof.c). */
#ifndef HOST_PINFO_READ_CALLSTACKS_H
#define HOST_PINFO_READ_CALLSTACKS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dump.h"
#include "maps.h"

/* A function: a symbol of a module, or, without a symbol, the module
 * itself ("[kernel]"), or a pseudo-function of ticks without a stack:
 * "(idle)", "(dropped)" (no room in the kernel's table), "(other)"
 * (a process the profile did not select, or the kernel sending a dump). */
struct cs_func {
	char *name;		/* as shown: "lookup", or "TESTPROF`lookup" when several modules */
	char *module;		/* "" for a pseudo-function */
	uint32_t addr;		/* the symbol's address (0 when none) */
	uint64_t self;		/* samples with it as the leaf */
	uint64_t total;		/* samples with it anywhere in the stack (once each) */
};

/* A frame: the function and the address (the leaf's EIP, or a return
 * address less 1: the call instruction's last byte). */
struct cs_frame {
	uint32_t func;		/* (8 bytes a frame: a dump holds at most 2^26 frames) */
	uint32_t addr;
};

/* A distinct stack, root first. */
struct cs_stack {
	uint64_t count;
	size_t depth;
	struct cs_frame *frames;
};

struct callstacks {
	struct cs_func *funcs;
	size_t nfuncs;
	struct cs_stack *stacks;
	size_t nstacks;
	uint64_t total;		/* the dump's every tick: stacks and pseudo-functions */
	uint32_t hz;
	int several;		/* frames of more than one module: names carry theirs */
};

/* Names d's stacks with maps[0..nmaps) (kernel frames with the map of
 * module "kernel", a program's with its module's map). Returns 0, or -1
 * with a reason in err: d has no stacks (not format 3), out of memory. */
int callstacks_build(const struct pdump *d, const struct map *maps, size_t nmaps,
		     struct callstacks *cs, char *err, size_t errlen);
void callstacks_free(struct callstacks *cs);

/* The root frame of the time off the CPU in a profile of both. */
#define CALLSTACKS_OFFCPU	"[off-cpu]"

/* on's stacks and off's (a profile of time off the CPU, PT_OFFCPU) in
 * one, *both: off's each under a root frame "[off-cpu]", the total both
 * totals: the wall clock, on the CPU and off it side by side (fgprof's
 * view), for every view below. A function of both is one function; names
 * carry their modules when the two together have frames of several.
 * Returns 0, or -1 with a reason in err: the rates differ, out of memory. */
int callstacks_join(const struct callstacks *on, const struct callstacks *off, struct callstacks *both,
		    char *err, size_t errlen);

/* Folded stacks, "main;parse;lookup 1234", root first, one line per
 * distinct stack (stacks that name alike merged), sorted. Returns 0, or -1
 * when out of memory. */
int callstacks_folded(const struct callstacks *cs, FILE *out);

/* A self-contained SVG flame graph (no script), title the caption. */
int callstacks_flamegraph(const struct callstacks *cs, const char *title, FILE *out);

/* gprof's call graph layout: each function, its callers above and its
 * callees below, with self and children ticks. */
int callstacks_callgraph(const struct callstacks *cs, FILE *out);

/* A pprof profile (profile.proto, gzipped): samples, locations, functions,
 * mappings. Returns 0, or -1 with a reason in err. */
int callstacks_pprof(const struct callstacks *cs, FILE *out, char *err, size_t errlen);

#endif
