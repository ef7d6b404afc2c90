/* stacks.h: call stacks, sampled by walking frame pointers and counted in
 * a table set up at ProfInit (docs/stacks.md). The walk reads memory only
 * through a window the kernel describes (struct prof_stackwin), checking
 * every read against it first; the host's unit tests hand it buffers. */
#ifndef PROFILER_STACKS_H
#define PROFILER_STACKS_H

#include <stddef.h>
#include <stdint.h>
#include "profkern/config.h"
#include "profkern/dump.h"

#define PROF_STACK_DEPTH	64	/* frames a stack keeps, kernel and process together */
/* The distinct stacks a profile keeps: a power of 2 in [MIN, MAX], chosen
 * when the profile is set up (the boot argument stacktable=N; by default
 * config.h's PROF_STACK_ENTRIES_DEFAULT); their frames take a pool of
 * PROF_STACK_POOL_PER words an entry. */
#define PROF_STACK_ENTRIES_MIN		256u
#define PROF_STACK_ENTRIES_MAX		1048576u
#define PROF_STACK_POOL_PER		12u

/* Memory a walk may read: size bytes at base, where frame pointers say
 * bias (a process's stack: its data segment, bias 0; the kernel's stack:
 * its block, bias its address). The frame at frame pointer fp is read
 * (its saved frame pointer at fp, its return address at fp + 4) only when
 * fp - bias is 4-aligned and fp - bias + 8 <= size, in unsigned arithmetic
 * (base is 4-aligned). */
struct prof_stackwin {
	const uint8_t *base;
	uint32_t bias, size;
};

/* Appends to out[0..max) the return addresses of the chain of frames that
 * starts at frame pointer fp, innermost first, and returns how many. It
 * stops at the first frame that is outside the window or not above the
 * one before it (so a loop ends), and after max frames. (Alignment is not
 * asked: x86 reads a misaligned word as well, and a frame checked against
 * the window is inside it whatever its alignment.) */
uint32_t prof_walk(const struct prof_stackwin *w, uint32_t fp, uint32_t *out, uint32_t max);

/* The caller of a function sampled before its frame is made (at its
 * push ebp or its mov ebp, esp), after it is gone (at its ret), or that
 * makes none (GCC drops the frame of a leaf that uses no stack,
 * -fno-omit-frame-pointer or not): the word at stack pointer sp (at
 * sp + 4 when the code at eip is mov ebp, esp, 89 E5, the push ebp before
 * it done), when it is a return address, that is, an offset w in code
 * whose 5 bytes before are a call rel32 (E8). 0 when it is not. Every
 * read is checked. One word only, so that the timer's assembly checks it
 * in a few instructions: a frameless function that pushed registers
 * before the tick hides its caller (docs/stacks.md), and a word that
 * looks so but is not the caller's (a local that happens to hold such an
 * offset) adds a wrong frame. */
uint32_t prof_leaf_caller(const struct prof_stackwin *stack, const struct prof_stackwin *code,
			  uint32_t sp, uint32_t eip);

/* The hash of a stack: h = seed, then h = (h + pc) * mul for each pc, leaf
 * first; its top bits (as many as the table's slots take) are the first
 * slot probed. The assembly computes the same, frame by frame, as it walks. */
#define PROF_HASH_SEED		2166136261u
#define PROF_HASH_MUL		0x9E3779B1u
uint32_t prof_stack_hash(const uint32_t *pcs, uint32_t depth);

/* The table of a profile's distinct stacks, one allocation: this header,
 * the slots, the entries, the pool. Entries are struct pdump_stack, so a
 * dump sends them as they are; their frames live in pool. slots is an
 * open-addressing hash index of twice the entries: each the byte offset
 * of its entry from the table's start (never 0), or 0 when free, so that
 * the assembly finds an entry in one addressing mode. The first slot of
 * hash h is h >> shift, the next one after slot i is (i + 1) & mask: the
 * assembly reads both here (boot/irq0.asm, irq0_stacks). */
struct prof_stacks {
	uint32_t nents, pool_used;
	uint64_t dropped;		/* samples whose stack found no room */
	uint32_t entries, pool_size;	/* what it holds: entries, and frames in words */
	uint32_t shift;			/* 32 - log2 of the slots */
	uint32_t mask;			/* the slots, less 1 */
	struct pdump_stack *ents;	/* entries[], after the slots */
	uint32_t *pool;			/* pool_size words, after the entries */
	uint32_t slots[];		/* 2 * entries */
};

/* 1 when a table may hold n entries: a power of 2 from
 * PROF_STACK_ENTRIES_MIN to PROF_STACK_ENTRIES_MAX. */
static inline int prof_stacks_valid(uint32_t n)
{
	return n >= PROF_STACK_ENTRIES_MIN && n <= PROF_STACK_ENTRIES_MAX && (n & (n - 1)) == 0;
}
/* The bytes of a table of n entries (about 72 n), 0 when n is not valid. */
size_t prof_stacks_size(uint32_t n);
/* Makes t, prof_stacks_size(n) zeroed bytes (n valid), an empty table of
 * n entries. */
void prof_stacks_init(struct prof_stacks *t, uint32_t n);

/* Counts one sample of the stack pcs[0..depth) (leaf first; the first
 * kdepth frames the kernel's, the rest the process's code segment useg,
 * as struct pdump_stack says). A stack not yet in the table takes an entry
 * and its frames from the pool; when either is full the sample is counted
 * in dropped. */
void prof_stacks_add(struct prof_stacks *t, const uint32_t *pcs, uint32_t depth,
		     uint32_t kdepth, uint32_t useg);
/* The same, n samples at once (time off the CPU: the ticks of a block). */
void prof_stacks_add_n(struct prof_stacks *t, const uint32_t *pcs, uint32_t depth,
		       uint32_t kdepth, uint32_t useg, uint32_t n);
void prof_stacks_clear(struct prof_stacks *t);
/* The entry among t's first n that holds the stack of e (its frames,
 * kdepth and useg; e->hash is the table's hash of it), or NULL. t may be
 * another CPU's, counting meanwhile: n is its nents read before (an entry
 * is published whole before nents counts it). */
const struct pdump_stack *prof_stacks_find(const struct prof_stacks *t, uint32_t n,
					   const struct pdump_stack *e);

#endif
