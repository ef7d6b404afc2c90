/* names.h: a set of byte strings, each with a number, found and added in
 * constant time on average (a hash table with open addressing): profextract's
 * names taken in a capture, and the next suffix of each safe name
 * (extract.c, pick_name). */
#ifndef HOST_PROFEXTRACT_NAMES_H
#define HOST_PROFEXTRACT_NAMES_H

#include <stddef.h>

struct names_slot {
	char *key;		/* malloc; NULL: the slot is empty */
	size_t len;
	size_t value;
};

struct names {
	struct names_slot *slots;
	size_t cap, n;		/* cap a power of 2, n at most half of it */
};

/* The value of key[0..len), or NULL when it is not in the set. */
size_t *names_find(const struct names *s, const void *key, size_t len);
/* key's value, added with value when it is not there; NULL when out of memory. */
size_t *names_add(struct names *s, const void *key, size_t len, size_t value);
void names_free(struct names *s);

#endif
