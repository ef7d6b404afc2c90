/* mem.c: a first-fit free list over physical memory, kept sorted by address
 * and coalesced, so that freeing everything gives back exactly what was
 * there (ProfFree's promise rests on it). */
#include "mem.h"
#include "console.h"
#include <string.h>

#define ALIGN 16
#define MAGIC 0x4B414C43u	/* "KALC" */
#define ROUNDUP(x) (((x) + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1))
#define ROUNDDOWN(x) ((x) & ~(uintptr_t)(ALIGN - 1))

struct freeblock {		/* lives in the free memory it describes */
	uintptr_t size;
	struct freeblock *next;
};

struct header {			/* just below each allocation */
	uintptr_t start;		/* of the whole block, which alignment may have moved */
	uintptr_t size;		/* of the whole block, header included */
	uintptr_t magic;
	uintptr_t pad;
};

static struct freeblock *freelist;
static uintptr_t freebytes;

static void insert_free(uintptr_t start, uintptr_t size)
{
	struct freeblock **pp = &freelist, *b = (struct freeblock *)start;

	while (*pp && (uintptr_t)*pp < start)
		pp = &(*pp)->next;
	b->size = size;
	b->next = *pp;
	*pp = b;
	freebytes += size;
	if (b->next && start + size == (uintptr_t)b->next) {	/* merge the next */
		b->size += b->next->size;
		b->next = b->next->next;
	}
	if (pp != &freelist) {					/* merge into the previous */
		struct freeblock *prev = (struct freeblock *)((char *)pp - offsetof(struct freeblock, next));
		if ((uintptr_t)prev + prev->size == start) {
			prev->size += b->size;
			prev->next = b->next;
		}
	}
}

void meminit_region(uintptr_t start, uintptr_t end)
{
	start = ROUNDUP(start);
	end = ROUNDDOWN(end);
	if (end > start + sizeof(struct header))
		insert_free(start, end - start);
}

/* Takes [start, end) out of free block *pp, giving back what is left on
 * either side when it is large enough to be a block of its own. */
static void carve(struct freeblock **pp, uintptr_t start, uintptr_t end, uintptr_t *rstart, uintptr_t *rend)
{
	struct freeblock *b = *pp;
	uintptr_t bs = (uintptr_t)b, be = bs + b->size;

	*pp = b->next;
	freebytes -= b->size;
	if (start - bs < 2 * sizeof(struct header))
		start = bs;
	if (be - end < 2 * sizeof(struct header))
		end = be;
	if (start > bs)
		insert_free(bs, start - bs);
	if (be > end)
		insert_free(end, be - end);
	*rstart = start;
	*rend = end;
}

void *kalloc_aligned(size_t size, uintptr_t align)
{
	struct freeblock **pp;

	if (size == 0 || size > 0x7FFFFFFF || align < ALIGN || (align & (align - 1)))
		return NULL;
	for (pp = &freelist; *pp; pp = &(*pp)->next) {
		uintptr_t bs = (uintptr_t)*pp, be = bs + (*pp)->size;
		uintptr_t user = (bs + sizeof(struct header) + align - 1) & ~(align - 1);
		uintptr_t start, end;
		struct header *h;

		if (user < bs || user > be || size > be - user || ROUNDUP(user + size) > be)
			continue;
		carve(pp, user - sizeof(struct header), ROUNDUP(user + (uintptr_t)size), &start, &end);
		h = (struct header *)user - 1;
		h->start = start;
		h->size = end - start;
		h->magic = MAGIC;
		memset((void *)user, 0, size);
		return (void *)user;
	}
	return NULL;
}

void *kalloc(size_t size)
{
	return kalloc_aligned(size, ALIGN);
}

void kfree(void *p)
{
	struct header *h;

	if (!p)
		return;
	h = (struct header *)p - 1;
	if (h->magic != MAGIC)
		panic("kfree: %p was not allocated", p);
	h->magic = 0;
	insert_free(h->start, h->size);
}

/* A page, page-aligned, with no header: the block is exactly the page, so
 * that a heap of pages costs its pages and nothing between them (kalloc's
 * header would cost an aligned page a page of its own). What is left of the
 * free block on either side stays free, however small: everything is
 * 16-byte aligned, so a remainder holds a freeblock, and it merges back
 * when the page is freed. */
void *kalloc_page(void)
{
	for (struct freeblock **pp = &freelist; *pp; pp = &(*pp)->next) {
		uintptr_t bs = (uintptr_t)*pp, be = bs + (*pp)->size;
		uintptr_t page = (bs + KPAGE - 1) & ~(uintptr_t)(KPAGE - 1);

		if (page < bs || page > be || be - page < KPAGE)
			continue;
		*pp = (*pp)->next;
		freebytes -= be - bs;
		if (page > bs)
			insert_free(bs, page - bs);
		if (be > page + KPAGE)
			insert_free(page + KPAGE, be - page - KPAGE);
		memset((void *)page, 0, KPAGE);
		return (void *)page;
	}
	return NULL;
}

void kfree_page(void *p)
{
	if (p)
		insert_free((uintptr_t)p, KPAGE);
}

uint32_t mem_free_bytes(void)
{
	return freebytes;
}

uint32_t mem_largest_free(void)
{
	uintptr_t best = 0;
	for (struct freeblock *b = freelist; b; b = b->next)
		if (b->size > best)
			best = b->size;
	return best > sizeof(struct header) ? best - sizeof(struct header) : 0;
}
