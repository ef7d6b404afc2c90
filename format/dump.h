/* dump.h: the profile dump, in memory and on the wire (docs/dump-format.md).
 * One reader and one writer, shared by the kernel (writer) and the host
 * tools (reader); both are pure functions over bytes. */
#ifndef FORMAT_DUMP_H
#define FORMAT_DUMP_H

#include <stddef.h>
#include <stdint.h>
#include "crc32.h"	/* the CRC-32 a dump ends with */

#define PDUMP_MODNAME_MAX 33	/* bytes of a module name, NUL included: 32 characters */
#define PDUMP_MAXSEGS 4096	/* a reader refuses more */
#define PDUMP_NSUB 8		/* the sub-profiles the kernel keeps with PT_SPREAD (a power of 2) */
/* Buckets of a segment: length / bucket size, rounded up; exact for any
 * length up to 4 GiB (no length + bucket - 1 to overflow) and any shift. */
static inline uint32_t pdump_nbuckets(uint32_t length, uint32_t shift)
{
	if (shift >= 32)
		return length != 0;
	return (length >> shift) + ((length & ((1u << shift) - 1)) != 0);
}

/* One counter buffer: it parallels a code segment (or the kernel's text). */
struct pdump_seg {
	char module[PDUMP_MODNAME_MAX];	/* "TESTPROF", or "kernel" */
	uint16_t segno;		/* 1-based segment number in its module (map's ssss) */
	uint16_t selector;	/* CS it was sampled under: 0x07 LDT seg 1, 0x08 kernel */
	uint32_t origin;	/* offset of bucket 0: 0 in an LDT segment, text start for the kernel */
	uint32_t length;	/* bytes of code the buffer covers */
	uint32_t fingerprint;	/* CRC-32 of those bytes as loaded, taken at load (0 in a version 1 dump) */
	uint32_t *counters;	/* pdump_nbuckets(length, shift) DWORDs; NULL after pdump_scan */
	/* Filled by the reader: */
	uint64_t tics;		/* the sum of the counters */
	const uint8_t *enc;	/* pdump_scan: the counters as encoded in the dump's bytes */
	size_t enc_len;
	uint8_t encoding;	/* PDUMP_ENC_DENSE or PDUMP_ENC_SPARSE (dumpfmt.h) */
	/* Version 4 (PT_SPREAD): the counters of each sub-profile, nsub times
	 * nbuckets DWORDs, sub-profile k's bucket j at sub[k * nbuckets + j];
	 * NULL without (then the writer writes zeros). */
	uint32_t *sub;
	/* The kernel's, not in the file: DWORDs from one CPU's copy of the
	 * counters to the next (profiler/prof.h, prof_copy_stride). */
	uint32_t stride;
};

/* A distinct call stack and how many samples had it (version 3). Frames
 * are return addresses, the leaf first (the sampled EIP itself): the first
 * kdepth are the kernel's (absolute addresses), the rest are offsets in
 * the code segment useg names (1 + its index in segs; 0: none known). */
#define PDUMP_STACK_MAXDEPTH 255
struct pdump_stack {
	uint32_t count;
	uint32_t hash;		/* the kernel's table's; not in the file */
	uint16_t useg;
	uint8_t kdepth, depth;
	uint32_t *pcs;
};

/* One CPU's totals (version 6): its ticks of each kind, as the dump's
 * header counts them all; segtics[i], segment i's ticks on this CPU (the
 * sum of its counters that this CPU counted), in segs' order. The writer
 * takes segtics NULL as each segment's counters' sum: a one-CPU dump's. */
struct pdump_cpu {
	uint64_t samples;	/* kernel + idle + out_of_range + its segtics */
	uint64_t kernel, idle, out_of_range;
	uint64_t *segtics;	/* nseg of them, or NULL (above) */
};

struct pdump {
	uint32_t version;	/* as read: 1 has no fingerprints; the writer picks its own (ncpu, type) */
	uint32_t type;		/* PT_SYSTEM (0) or PT_USER|PT_USEKP (5), | PT_VERBOSE */
	uint32_t shift;		/* bucket = 1 << shift bytes (PROF_SHIFT, 2) */
	uint32_t hz;		/* sample rate */
	uint64_t total;		/* every tick counted: kernel + idle + out_of_range + all counters */
	uint64_t kernel;	/* kernel ticks not in any kernel segment's counters */
	uint64_t idle;		/* ticks with nothing to run */
	uint64_t out_of_range;	/* ring-3 ticks whose EIP was past its segment, or unknown CS */
	uint32_t nseg;
	struct pdump_seg *segs;
	/* Version 3, with PT_STACKS in type: the stack table. Each stack
	 * counted once per sample; dropped: samples whose stack the table had
	 * no room for. Without PT_STACKS: none, and a version 2 file is written. */
	uint64_t dropped;
	uint32_t nstacks;
	struct pdump_stack *stacks;
	uint32_t *frames;	/* the reader's: one block with every stack's pcs */
	/* Version 4, with PT_SPREAD in type: the sub-profiles (docs/accuracy.md):
	 * the profile's ticks dealt in turn into nsub of them, the i-th tick
	 * counted into sub-profile i mod nsub; subtotal[k], sub-profile k's every
	 * tick (its total), and each segment's sub. Without PT_SPREAD: none
	 * (nsub 0, not read by the writer). */
	uint32_t nsub;
	uint64_t *subtotal;
	/* Version 5, with PDUMP_TYPE_TRACE in type: the trace (docs/accuracy.md),
	 * where the first ntrace ticks the profile counted went, in order: 1 +
	 * the bucket's index over all segments in order (segment 0's buckets
	 * first), or 0 for a tick in no bucket (kernel, idle, out of range).
	 * And the sampling period, uniform over period_base + [0, period_spread)
	 * PIT counts (spread 0: a fixed period of period_base). */
	uint32_t period_base, period_spread;
	uint32_t ntrace;
	uint32_t *trace;
	uint32_t trace_bytes;	/* the reader's: the section's bytes in the file */
	/* Not the format's: a host tool's index of the trace (pinfo's,
	 * host/pinfo/read/runs.h), which the tool makes and frees; the reader
	 * leaves it NULL and pdump_release does not touch it. */
	struct trace_index *trace_index;
	/* Version 6, written when ncpu is not 0: each CPU's totals, cpus[0 ..
	 * ncpu); they add up to the header's, and each segment's over the CPUs
	 * to its counters' sum. ncpu 0: none, and the writer writes version 2
	 * to 5 as type says (the kernel always gives at least one CPU). */
	uint32_t ncpu;
	struct pdump_cpu *cpus;
	uint64_t *cputics;	/* the reader's: one block with every CPU's segtics */
	/* Version 8, written when clock is not 0 (a time profile of several
	 * CPUs): how their ticks fell, PDUMP_CLOCK_CELLS or PDUMP_CLOCK_TURNS
	 * (dumpfmt.h; with turns, the period fields are each CPU's periods),
	 * and cputrace[c], CPU c's entries of the trace, which is CPU 0's,
	 * then CPU 1's...: ncpu of them, adding up to ntrace. */
	uint32_t clock;
	uint32_t *cputrace;
	/* Version 7, with PDUMP_TYPE_SYSCALL or PDUMP_TYPE_SWITCH in type: an
	 * event profile's record. Its samples are every ev_every-th event (of
	 * each CPU); ev_count[k], every event of class k, sampled or not: a
	 * system call's number, or 0 voluntary and 1 involuntary switches. */
	uint32_t ev_every, ev_nclass;
	uint64_t *ev_count;
};

/* A byte sink: the kernel's is the serial line, a test's is a buffer. */
typedef void (*pdump_sink)(void *ctx, const void *data, size_t len);

/* Writes d in the dump format to sink, CRC-32 last. Returns the bytes written. */
size_t pdump_write(const struct pdump *d, pdump_sink sink, void *ctx);

/* Bytes pdump_write would write, without writing them. */
size_t pdump_size(const struct pdump *d);

/* An allocator for the reader (the host passes calloc-like, free-like). */
struct pdump_alloc {
	void *(*zalloc)(void *ctx, size_t size);	/* zeroed, or NULL */
	void (*free)(void *ctx, void *p);
	void *ctx;
};

/* Parses buf[0..len) into *d. Returns 0, or -1 with a one-line reason in
 * err (errlen bytes, NUL-terminated) and *d untouched-free (nothing allocated). */
int pdump_read(const uint8_t *buf, size_t len, struct pdump *d,
	       const struct pdump_alloc *a, char *err, size_t errlen);

/* pdump_read without decoding: checks everything pdump_read checks (in one
 * pass, the CRC summed as the bytes are walked) and fills *d, but leaves
 * each segment's counters NULL and points it at its encoded counters in
 * buf, which must outlive d. A segment is then decoded only if asked
 * (pdump_load_seg), or its nonzero buckets walked in place (the cursor). */
int pdump_scan(const uint8_t *buf, size_t len, struct pdump *d,
	       const struct pdump_alloc *a, char *err, size_t errlen);

/* Decodes segment s of a scanned dump into s->counters (nothing to do if
 * it has them). Returns 0, or -1 when out of memory. */
int pdump_load_seg(struct pdump_seg *s, uint32_t shift, const struct pdump_alloc *a);

/* The nonzero buckets of a segment, in order: from its counters when it has
 * them, else from its encoded bytes (a scanned dump's). */
struct pdump_cursor {
	const struct pdump_seg *s;
	uint32_t nb, k, left;
	size_t pos;
	uint64_t next;
};
void pdump_cursor_start(struct pdump_cursor *c, const struct pdump_seg *s, uint32_t shift);
/* Up to max of them: bucket idx[k] holds cnt[k] (never 0). Returns how many; 0 at the end. */
size_t pdump_cursor_next(struct pdump_cursor *c, uint32_t *idx, uint32_t *cnt, size_t max);

/* Frees what pdump_read or pdump_scan allocated. */
void pdump_release(struct pdump *d, const struct pdump_alloc *a);

#endif
