/* stacks.h: call stacks, sampled by walking frame pointers and counted in
 * a table set up at ProfInit (docs/stacks.md). The walk reads memory only
 * through a window the kernel describes (struct prof_stackwin), checking
 * every read against it first; the host's unit tests hand it buffers. */
#ifndef PROFILER_STACKS_H
#define PROFILER_STACKS_H

#include <stdint.h>
#include "dump.h"

#define PROF_STACK_DEPTH	64	/* frames a stack keeps, kernel and process together */
#define PROF_STACK_ENTRIES	4096	/* distinct stacks a profile keeps */
#define PROF_STACK_POOL		(PROF_STACK_ENTRIES * 12)	/* their frames, in words */
_Static_assert(2 * PROF_STACK_ENTRIES == 1u << 13, "slots: twice the entries, 2^PROF_STACK_SLOT_BITS");

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
 * first; its top PROF_STACK_SLOT_BITS bits are the first slot probed. The
 * assembly computes the same, frame by frame, as it walks. */
#define PROF_HASH_SEED		2166136261u
#define PROF_HASH_MUL		0x9E3779B1u
#define PROF_STACK_SLOT_BITS	13
#define PROF_STACK_SLOTS	(1u << PROF_STACK_SLOT_BITS)
uint32_t prof_stack_hash(const uint32_t *pcs, uint32_t depth);

/* The table of a profile's distinct stacks. Entries are struct
 * pdump_stack, so a dump sends them as they are; their frames live in
 * pool. slots is an open-addressing hash index of twice the entries: each
 * the byte offset of its entry from the table's start (never 0), or 0
 * when free, so that the assembly finds an entry in one addressing mode. */
struct prof_stacks {
	uint32_t nents, pool_used;
	uint64_t dropped;		/* samples whose stack found no room */
	uint32_t slots[PROF_STACK_SLOTS];
	struct pdump_stack ents[PROF_STACK_ENTRIES];
	uint32_t pool[PROF_STACK_POOL];
};

/* Counts one sample of the stack pcs[0..depth) (leaf first; the first
 * kdepth frames the kernel's, the rest the process's code segment useg,
 * as struct pdump_stack says). A stack not yet in the table takes an entry
 * and its frames from the pool; when either is full the sample is counted
 * in dropped. */
void prof_stacks_add(struct prof_stacks *t, const uint32_t *pcs, uint32_t depth,
		     uint32_t kdepth, uint32_t useg);
void prof_stacks_clear(struct prof_stacks *t);

#endif
