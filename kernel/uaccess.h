/* uaccess.h: checks of ring-3 pointers, which are offsets in the caller's
 * data segment. Pure, so the host tests drive them. */
#ifndef KERNEL_UACCESS_H
#define KERNEL_UACCESS_H

#include <stdint.h>
#include <stddef.h>

/* 1 when [off, off + len) lies within a segment of size bytes. Both tests
 * are needed, in case off + len overflows. */
static inline int urange_ok(uint32_t off, uint32_t len, uint32_t size)
{
	return off <= size && len <= size - off;
}

/* Copies the NUL-terminated string at off (segment of size bytes at base)
 * into dst[max]. Returns its length, -EFAULT if it runs off the segment,
 * -ENAMETOOLONG if it does not fit max - 1 bytes. */
int ustrcpy(char *dst, size_t max, const uint8_t *base, uint32_t size, uint32_t off);

/* Copies a ProfInit module list into dst[max]: "A B" up to its NUL, or
 * "A\0B\0\0" up to the empty name (profiler/prof.h); dst then ends in
 * two NULs either way. */
int ustrlist(char *dst, size_t max, const uint8_t *base, uint32_t size, uint32_t off);

#endif
