/* hostsort.h: qsort and qsort_r for arrays that may be empty. C leaves
 * qsort(NULL, 0, ...) undefined (glibc declares the array nonnull, and
 * UBSan stops there), so an array of fewer than two elements is left as
 * it is, whatever its pointer. */
#ifndef HOST_COMMON_HOSTSORT_H
#define HOST_COMMON_HOSTSORT_H

#include <stddef.h>
#include <stdlib.h>

static inline void host_qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

#ifdef _GNU_SOURCE	/* qsort_r: glibc's, for the files that define it */
static inline void host_qsort_r(void *base, size_t n, size_t size,
				int (*cmp)(const void *, const void *, void *), void *arg)
{
	if (n > 1)
		qsort_r(base, n, size, cmp, arg);
}
#endif

#endif
