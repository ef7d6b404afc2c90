/* mem.h: physical memory: one first-fit allocator for kernel objects,
 * process images and profile counters. */
#ifndef KERNEL_MEM_H
#define KERNEL_MEM_H

#include <stddef.h>
#include <stdint.h>

void meminit_region(uintptr_t start, uintptr_t end);	/* add [start, end) as free */
void *kalloc(size_t size);			/* 16-byte aligned, zeroed; NULL when full */
void *kalloc_aligned(size_t size, uintptr_t align);	/* align: a power of 2 */
void kfree(void *p);
#define KPAGE 4096u
void *kalloc_page(void);			/* one page, page-aligned, zeroed, no header */
void kfree_page(void *p);			/* a page of kalloc_page only */
uint32_t mem_free_bytes(void);
uint32_t mem_largest_free(void);

#endif
