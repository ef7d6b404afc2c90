/* pinfo_stacks.h: pinfo's views of a dump's call stacks (pinfo_stacks.c,
 * docs/stacks.md): -g, --folded, --flamegraph, --pprof. */
#ifndef HOST_PINFO_PINFO_STACKS_H
#define HOST_PINFO_PINFO_STACKS_H

#include <stddef.h>
#include <stdio.h>

/* The views of the call stacks asked for. */
struct pinfo_stack_views {
	const char *folded;	/* --folded FILE */
	const char *flamegraph;	/* --flamegraph FILE.svg */
	const char *pprof;	/* --pprof FILE */
	int callgraph;		/* -g: the call graph on out */
	int strict;		/* --strict */
	const char *offcpu;	/* --offcpu OFF.pro: its stacks too, in the folded file, under "[off-cpu]" */
};

/* Writes the stack views x asks for from dumpfile (format 3) named with
 * the maps (any that are of no module of the dump are not used); problems
 * on errs. Returns the exit status. */
int pinfo_stacks(const char *dumpfile, char *const *mapfiles, size_t nmaps,
		 const struct pinfo_stack_views *x, FILE *out, FILE *errs);

#endif
