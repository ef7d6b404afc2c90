/* names.c: a set of byte strings with a number each (names.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

static uint64_t hash(const void *key, size_t len)
{
	const unsigned char *b = key;
	uint64_t h = 1469598103934665603ull;	/* FNV-1a */

	while (len--)
		h = (h ^ *b++) * 1099511628211ull;
	return h;
}

static struct names_slot *slot_of(const struct names *s, const void *key, size_t len)
{
	size_t i = (size_t)hash(key, len) & (s->cap - 1);

	while (s->slots[i].key && (s->slots[i].len != len || memcmp(s->slots[i].key, key, len)))
		i = (i + 1) & (s->cap - 1);
	return &s->slots[i];
}

size_t *names_find(const struct names *s, const void *key, size_t len)
{
	struct names_slot *e;

	if (!s->cap)
		return NULL;
	e = slot_of(s, key, len);
	return e->key ? &e->value : NULL;
}

static int grow(struct names *s)
{
	struct names bigger = { NULL, s->cap ? 2 * s->cap : 64, s->n };
	size_t i;

	if (!(bigger.slots = calloc(bigger.cap, sizeof *bigger.slots)))
		return -1;
	for (i = 0; i < s->cap; i++)
		if (s->slots[i].key)
			*slot_of(&bigger, s->slots[i].key, s->slots[i].len) = s->slots[i];
	free(s->slots);
	*s = bigger;
	return 0;
}

size_t *names_add(struct names *s, const void *key, size_t len, size_t value)
{
	struct names_slot *e;
	size_t *had = names_find(s, key, len);

	if (had)
		return had;
	if (2 * (s->n + 1) > s->cap && grow(s))
		return NULL;
	e = slot_of(s, key, len);
	if (!(e->key = malloc(len ? len : 1)))
		return NULL;
	memcpy(e->key, key, len);
	e->len = len;
	e->value = value;
	s->n++;
	return &e->value;
}

void names_free(struct names *s)
{
	size_t i;

	for (i = 0; i < s->cap; i++)
		free(s->slots[i].key);
	free(s->slots);
	s->slots = NULL;
	s->cap = s->n = 0;
}
