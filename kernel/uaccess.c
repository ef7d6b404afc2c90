/* uaccess.c: copying strings in from ring 3, bounded both ways. */
#include "uaccess.h"
#include "sys/errno.h"

int ustrcpy(char *dst, size_t max, const uint8_t *base, uint32_t lo, uint32_t size, uint32_t off)
{
	if (off < lo)
		return -EFAULT;
	for (size_t i = 0;; i++) {
		if (off >= size || i >= size - off)
			return -EFAULT;
		if (i == max)
			return -ENAMETOOLONG;
		dst[i] = (char)base[off + i];
		if (!dst[i])
			return (int)i;
	}
}

int ustrlist(char *dst, size_t max, const uint8_t *base, uint32_t lo, uint32_t size, uint32_t off)
{
	int spaced = 0;

	if (off < lo)
		return -EFAULT;
	for (size_t i = 0;; i++) {
		if (off >= size || i >= size - off)
			return -EFAULT;
		if (i + 1 >= max)
			return -ENAMETOOLONG;
		dst[i] = (char)base[off + i];
		spaced |= dst[i] == ' ';
		if (!dst[i] && (spaced || i == 0 || !dst[i - 1])) {
			dst[i + 1] = 0;	/* both forms end in two NULs here */
			return (int)i;
		}
	}
}
