/* uaccess.h: checks of ring-3 pointers, which are offsets in the caller's
 * data segment. Pure, so the host tests drive them. */
#ifndef KERNEL_UACCESS_H
#define KERNEL_UACCESS_H

#include <stdint.h>
#include <stddef.h>

/* A segment's bytes a system call may touch are its offsets lo .. size:
 * the ones below lo (the guard page that makes a NULL pointer fault in
 * ring 3, kernel/vm.h) are outside it, as the ones past its size. */

/* 1 when [off, off + len) lies within lo .. size (an empty range anywhere
 * up to size). Both tests of the end are needed, in case off + len
 * overflows. */
static inline int urange_ok(uint32_t off, uint32_t len, uint32_t lo, uint32_t size)
{
	return (off >= lo || len == 0) && off <= size && len <= size - off;
}

/* Copies the NUL-terminated string at off (segment of size bytes at base,
 * usable from lo) into dst[max]. Returns its length, -EFAULT if it starts
 * below lo or runs off the segment, -ENAMETOOLONG if it does not fit
 * max - 1 bytes. */
int ustrcpy(char *dst, size_t max, const uint8_t *base, uint32_t lo, uint32_t size, uint32_t off);

/* Copies a ProfInit module list into dst[max]: "A B" up to its NUL, or
 * "A\0B\0\0" up to the empty name (profiler/prof.h); dst then ends in
 * two NULs either way. Bounded as ustrcpy. */
int ustrlist(char *dst, size_t max, const uint8_t *base, uint32_t lo, uint32_t size, uint32_t off);

#endif
