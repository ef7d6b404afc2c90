/* heap.c: the heap's end, which malloc moves up as it needs (heap_grow).
 * The kernel has no call to grow a process's data segment, so the heap is
 * an area of the program's .bss: __libc_heap, of __libc_heap_size bytes,
 * 1 MiB by default (heaparea.c), or as the program sets it with
 * LIBC_HEAP_SIZE(bytes) (<stdlib.h>). Only programs that call malloc link
 * this file, and so the area. */
#include <stddef.h>
#include "libc.h"

extern unsigned char LIBC(__libc_heap)[];
extern const unsigned long LIBC(__libc_heap_size);

static unsigned long heap_used;

void *LIBC(heap_grow)(size_t n)
{
	unsigned char *end = LIBC(__libc_heap) + heap_used;

	if (n > LIBC(__libc_heap_size) - heap_used)
		return NULL;
	heap_used += n;
	return end;
}
