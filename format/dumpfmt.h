/* dumpfmt.h: the constants of the dump's byte layout (docs/dump-format.md),
 * for dump.c and for the tests that check sizes and corrupt dumps. */
#ifndef FORMAT_DUMPFMT_H
#define FORMAT_DUMPFMT_H

#include <stdint.h>

#define PDUMP_MAGIC		"PDMP"	/* 4 bytes, no NUL on disk */
#define PDUMP_VERSION		2	/* what the writer writes without stacks */
#define PDUMP_VERSION_V3	3	/* ... and with them: the stack table */
#define PDUMP_VERSION_V1	1	/* the reader also reads it: no fingerprints */
#define PDUMP_HDR_SIZE		56	/* magic .. nseg */
/* A segment header: the module field (33 bytes: up to 32 characters and a
 * NUL; 16 in version 1), then at these offsets from the field's end the
 * segment number, the selector, the origin, the length, the bucket count,
 * the encoding byte and (version 2) the fingerprint. */
#define PDUMP_SEG_NAME		33
#define PDUMP_SEG_NAME_V1	16
#define PDUMP_SEG_SEGNO		0
#define PDUMP_SEG_SELECTOR	2
#define PDUMP_SEG_ORIGIN	4
#define PDUMP_SEG_LENGTH	8
#define PDUMP_SEG_NBUCKETS	12
#define PDUMP_SEG_ENC		16
#define PDUMP_SEG_FP		17
#define PDUMP_SEGHDR_SIZE	(PDUMP_SEG_NAME + 21)		/* module .. fingerprint: 54 */
#define PDUMP_SEGHDR_SIZE_V1	(PDUMP_SEG_NAME_V1 + 17)	/* module .. encoding: 33 */
#define PDUMP_SEG_ENCODING	(PDUMP_SEG_NAME + PDUMP_SEG_ENC)	/* in a version 2 header: 49 */
#define PDUMP_SEG_FINGERPRINT	(PDUMP_SEG_NAME + PDUMP_SEG_FP)	/* 50 */
#define PDUMP_CRC_SIZE		4
#define PDUMP_ENC_DENSE		0	/* nbuckets u32 counters */
#define PDUMP_ENC_SPARSE	1	/* varint n, then n (varint gap, varint count) */
#define PDUMP_TYPE_BITS		15u	/* PT_USER | PT_USEDD | PT_USEKP | PT_VERBOSE */
#define PDUMP_TYPE_USER		1u	/* PT_USER: one process's profile; without it, the system's */
#define PDUMP_TYPE_STACKS	16u	/* PT_STACKS: version 3, or 4 to 6 */
#define PDUMP_VERSION_V4	4	/* with PT_SPREAD: the sub-profiles after the rest */
#define PDUMP_TYPE_SPREAD	32u	/* PT_SPREAD: version 4, or 5 and 6 */
#define PDUMP_VERSION_V5	5	/* with a trace: the order of the ticks, after the rest */
#define PDUMP_TYPE_TRACE	64u	/* version 5, or 6; set by the writer's caller, not a ProfInit type */
/* A reader refuses a longer trace (the kernel keeps PROF_TRACE_ENTRIES, 16384). */
#define PDUMP_MAXTRACE		(1u << 20)
#define PDUMP_VERSION_V6	6	/* with each CPU's totals, after the rest (the kernel's) */
#define PDUMP_MAXCPUS		256	/* a reader refuses more CPUs (and fewer than 1) */
#define PDUMP_VERSION_V7	7	/* an event profile's: its event record after the CPUs' */
#define PDUMP_TYPE_SYSCALL	128u	/* PT_SYSCALL: version 7, counts of system calls */
#define PDUMP_TYPE_SWITCH	256u	/* PT_SWITCH: version 7, counts of context switches */
#define PDUMP_TYPE_OFFCPU	512u	/* PT_OFFCPU: version 7, ticks off the CPU */
#define PDUMP_TYPE_EVENTS	(PDUMP_TYPE_SYSCALL | PDUMP_TYPE_SWITCH | PDUMP_TYPE_OFFCPU)
/* A time profile of several CPUs: version 6 with the clock record after
 * the CPUs' records, which says how their ticks fell. */
#define PDUMP_VERSION_V8	8
#define PDUMP_VERSION_MAX	PDUMP_VERSION_V8	/* the reader's newest */
#define PDUMP_CLOCK_CELLS	1	/* each CPU's timer in cells of one clock, the CPUs at once */
#define PDUMP_CLOCK_TURNS	2	/* the CPUs in turn: each one's ticks periods of its own work */
#define PDUMP_MAXCLASSES	256	/* a reader refuses more event classes */
#define PDUMP_CPUHDR_SIZE	32	/* a CPU's record: samples, kernel, idle, out_of_range */
#define PDUMP_NSUB_MIN		2	/* a reader's bounds on the sub-profiles */
#define PDUMP_NSUB_MAX		64
/* A reader refuses more sub-profile buckets than this, all sub-profiles of
 * all segments together (64 MiB decoded: the scan decodes them). */
#define PDUMP_READ_MAXSUBBUCKETS	(1u << 24)
#define PDUMP_STACKHDR_SIZE	12	/* version 3, after the segments: u64 dropped, u32 nstacks */
#define PDUMP_MAXSTACKS		(1u << 20)	/* a reader refuses more */
/* A reader refuses more frames than this in one dump, all stacks together. */
#define PDUMP_READ_MAXFRAMES	(1u << 26)
#define PDUMP_MAXSHIFT		31
/* A reader refuses more buckets than this in one dump (1 GiB of counters):
 * a sparse segment is a few bytes on disk whatever its length. */
#define PDUMP_READ_MAXBUCKETS	(1u << 28)

#endif
