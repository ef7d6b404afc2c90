/* rounding.h: the largest remainder method, by which the exact shares of a
 * segment's ticks become whole tics that sum to the segment's ticks: the
 * symbols' (attrib.c) and the source lines' (split.c). */
#ifndef HOST_PINFO_READ_ROUNDING_H
#define HOST_PINFO_READ_ROUNDING_H

#include <stddef.h>
#include <stdint.h>

/* Where the fields of one of the items rounded lie (offsetof; a packed
 * struct will do): its exact share, an unsigned __int128 in units of
 * 1/2^shift tic; the key that breaks ties, a uint64_t (its address); and
 * its tics, a uint64_t, written. */
struct round_layout {
	size_t size;		/* of one item */
	size_t share, key, tics;
};

/* Sets the tics of items[0..n) to the integer parts of their shares, then
 * gives one more each to the items of the largest fractions (at equal
 * fractions the lower key first) until the tics sum to total, or every
 * item with a fraction has had one. The shares are left as they are.
 * Returns 0, or -1 when out of memory (the tics then unset). */
int largest_remainder(void *items, size_t n, const struct round_layout *lay, uint32_t shift,
		      uint64_t total);

#endif
