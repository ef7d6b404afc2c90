/* malloc.c: malloc, calloc, realloc and free.
 *
 * The heap is a run of blocks from heap_lo up to a sentinel header at its
 * end. Each block starts with a header word: its size (a multiple of 16,
 * header included) and two flags, USED and PREV_USED (the block below is in
 * use). A used block's payload follows its header, 16-byte aligned; a free
 * block holds its list links there and repeats its size in its last word,
 * so that freeing the block above can find it and merge with it. Free
 * blocks never touch: a freed block merges with free neighbours at once.
 *
 * Free blocks sit in bins by size, one per power of two; malloc takes the
 * first block that fits, from the request's bin up, and splits off what is
 * left when it can hold a block. When nothing fits, the heap grows at its
 * end (heap_grow, heap.c) by what the request needs, in 4 KiB steps.
 *
 * free and realloc check their pointer: one that malloc did not return, or
 * a block already free, ends the program with a message (abort), before
 * the heap is touched. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libc.h"

#define WORD		sizeof(size_t)
#define ALIGN		16
#define USED		((size_t)1)
#define PREV_USED	((size_t)2)
#define FLAGS		(USED | PREV_USED)
#define GROW_STEP	4096
#define NBINS		(8 * sizeof(size_t) - 4)

struct block {
	size_t head;		/* size | flags */
	struct block *next;	/* free blocks only: their bin's list */
	struct block *prev;
};

/* A free block: header, two links, footer; rounded up to ALIGN. */
#define MIN_BLOCK	((sizeof(struct block) + WORD + ALIGN - 1) / ALIGN * ALIGN)
/* No request may come near the address space's size: the sums stay exact. */
#define REQUEST_MAX	((size_t)-1 / 2)

static unsigned char *heap_lo;	/* the first block */
static struct block *top;	/* the sentinel: a used header of size 0 at the end */
static struct block *bins[NBINS];

static size_t size_of(const struct block *b)
{
	return b->head & ~FLAGS;
}

static struct block *at(void *p, size_t off)
{
	return (struct block *)((unsigned char *)p + off);
}

static void set_footer(struct block *b)
{
	*(size_t *)((unsigned char *)b + size_of(b) - WORD) = size_of(b);
}

/* The bin of a size: floor(log2(size)) - 4. */
static unsigned bin_of(size_t size)
{
	unsigned k = 0;

	for (size >>= 5; size != 0; size >>= 1)
		k++;
	return k < NBINS ? k : NBINS - 1;
}

static void bin_insert(struct block *b)
{
	struct block **head = &bins[bin_of(size_of(b))];

	b->prev = NULL;
	b->next = *head;
	if (*head)
		(*head)->prev = b;
	*head = b;
}

static void bin_remove(struct block *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		bins[bin_of(size_of(b))] = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

/* Marks b (of its current size) free, merges it with free neighbours, and
 * files the result in its bin. */
static struct block *release(struct block *b)
{
	size_t size = size_of(b);
	struct block *next = at(b, size);

	if (next != top && !(next->head & USED)) {
		bin_remove(next);
		size += size_of(next);
	}
	if (!(b->head & PREV_USED)) {
		size_t below = *(size_t *)((unsigned char *)b - WORD);

		b = at(b, 0 - below);
		bin_remove(b);
		size += below;
	}
	b->head = size | PREV_USED;	/* below a free block is always a used one */
	set_footer(b);
	at(b, size)->head &= ~PREV_USED;
	bin_insert(b);
	return b;
}

/* The empty heap: room to align the first payload, and the sentinel. */
static int heap_start(void)
{
	unsigned char *p = LIBC(heap_grow)(ALIGN);

	if (p == NULL)
		return 0;
	heap_lo = p + ALIGN - WORD;
	top = (struct block *)heap_lo;
	top->head = USED | PREV_USED;
	return 1;
}

/* Grows the heap by at least need bytes at its end; returns the free block
 * at the end, merged with the one below, or NULL if the heap is full. */
static struct block *heap_extend(size_t need)
{
	size_t grow = (need + GROW_STEP - 1) / GROW_STEP * GROW_STEP;
	struct block *b = top;

	if (LIBC(heap_grow)(grow) == NULL && (grow = need, LIBC(heap_grow)(grow) == NULL))
		return NULL;
	/* The old sentinel becomes the new block's header. */
	b->head = grow | (top->head & PREV_USED) | USED;
	top = at(b, grow);
	top->head = USED | PREV_USED;
	return release(b);
}

/* Makes b, a block taken from its bin, a used block of size bytes,
 * returning the rest, if a block's worth, to a bin. */
static void *take(struct block *b, size_t size)
{
	size_t have = size_of(b);

	if (have - size >= MIN_BLOCK) {
		struct block *rest = at(b, size);

		rest->head = (have - size) | PREV_USED | USED;
		release(rest);
		have = size;
	}
	b->head = have | (b->head & PREV_USED) | USED;
	at(b, have)->head |= PREV_USED;
	return (unsigned char *)b + WORD;
}

/* The block size for a request of n bytes; 0 if there can be none. */
static size_t block_size(size_t n)
{
	if (n > REQUEST_MAX)
		return 0;
	n = (n + WORD + ALIGN - 1) / ALIGN * ALIGN;
	return n < MIN_BLOCK ? MIN_BLOCK : n;
}

void *LIBC(malloc)(size_t n)
{
	size_t size = block_size(n);
	struct block *b = NULL;

	if (size == 0 || (top == NULL && !heap_start())) {
		errno = ENOMEM;
		return NULL;
	}
	for (unsigned k = bin_of(size); k < NBINS && b == NULL; k++)
		for (b = bins[k]; b != NULL && size_of(b) < size; b = b->next)
			;
	if (b == NULL) {
		/* The block at the end, if free, is part of what the heap gives. */
		size_t have = !(top->head & PREV_USED) ? *(size_t *)((unsigned char *)top - WORD) : 0;

		b = heap_extend(size - have);
		if (b == NULL) {
			errno = ENOMEM;
			return NULL;
		}
	}
	bin_remove(b);
	return take(b, size);
}

/* The block of a pointer that free or realloc was given; ends the program
 * if malloc did not return it, or if it is free already. */
static struct block *block_of(void *p, const char *who)
{
	struct block *b = at(p, 0 - WORD);
	const char *why = NULL;

	if (top == NULL || (unsigned char *)b < heap_lo || b >= top || ((uintptr_t)p & (ALIGN - 1)))
		why = "invalid pointer";
	else if (!(b->head & USED))
		why = "double free, or a pointer into a free block";
	else if (size_of(b) < MIN_BLOCK || (size_of(b) & (ALIGN - 1)) ||
		 size_of(b) > (size_t)((unsigned char *)top - (unsigned char *)b))
		why = "invalid pointer, or a corrupt heap";
	if (why != NULL) {
		LIBC(fprintf)(LIBC(stderr), "%s(%p): %s\n", who, p, why);
		LIBC(abort)();
	}
	return b;
}

void LIBC(free)(void *p)
{
	if (p != NULL)
		release(block_of(p, "free"));
}

void *LIBC(calloc)(size_t count, size_t size)
{
	void *p;

	if (size != 0 && count > REQUEST_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	p = LIBC(malloc)(count * size);
	if (p != NULL)
		LIBC(memset)(p, 0, count * size);
	return p;
}

/* The bytes free just above b: the free block there, if any. */
static size_t room_above(struct block *b)
{
	struct block *next = at(b, size_of(b));

	return next != top && !(next->head & USED) ? size_of(next) : 0;
}

/* In place when the block shrinks, or when the free block above it and the
 * heap's end have the room; else a new block, the bytes copied. As glibc,
 * realloc(p, 0) frees p and returns NULL. */
void *LIBC(realloc)(void *p, size_t n)
{
	struct block *b;
	size_t size, have, above;
	void *q;

	if (p == NULL)
		return LIBC(malloc)(n);
	b = block_of(p, "realloc");
	if (n == 0) {
		release(b);
		return NULL;
	}
	size = block_size(n);
	if (size == 0) {
		errno = ENOMEM;
		return NULL;
	}
	have = size_of(b);
	above = room_above(b);
	/* The last block, or the one below a free last block: the heap grows. */
	if (have + above < size && at(b, have + above) == top && heap_extend(size - have - above))
		above = room_above(b);
	if (size > have && have + above >= size) {
		bin_remove(at(b, have));
		have += above;
		b->head = have | (b->head & FLAGS);
	}
	if (size <= have)
		return take(b, size);
	q = LIBC(malloc)(n);
	if (q == NULL)
		return NULL;
	LIBC(memcpy)(q, p, have - WORD);
	release(b);
	return q;
}
