/* seg.h: a program's segments as the loader lays them out, the facts the
 * kernel and the host's map reader must agree on: the page, the guard page
 * at the start of the data segment, and the largest byte-granular limit. */
#ifndef LIB_SEG_H
#define LIB_SEG_H

#define PAGE		4096u
#define PAGEROUND(x)	(((x) + PAGE - 1) & ~(PAGE - 1))
/* The data segment's first page is left unmapped: a NULL pointer (and
 * anything within 4 KiB of it) faults instead of reaching the stack, and a
 * stack that runs out faults there. user.ld puts the stack above it. */
#define UGUARD		PAGE
#define DESC_MAX_BYTE_LIMIT 0xFFFFFu	/* beyond, the limit counts 4 KiB pages */

#endif
