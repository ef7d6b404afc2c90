/* modsyms.h: the maps' symbols by module, as the naming of a dump's call
 * stacks finds them (callstacks.c, leafcaller.c): a module's by a binary
 * search among the modules, a frame's symbol by one among its segment's. */
#ifndef HOST_PINFO_READ_MODSYMS_H
#define HOST_PINFO_READ_MODSYMS_H

#include <stddef.h>
#include <stdint.h>
#include "maps.h"

struct code_frames;

struct modsyms {
	const struct map *m;
	struct msym *sorted;	/* m's symbols by segment, then address (map_sorted_symbols) */
	size_t n;
	struct code_frames **fr;	/* [i]: sorted[i]'s function's frames, once asked */
	size_t *fn;		/* [i]: sorted[i]'s function + 1, once named (0: not yet) */
};

/* The symbols of maps[0..nmaps), sorted by module (case aside), a module's
 * first map first; NULL out of memory. Freed by modsyms_free, with the
 * frames and names cached in it. */
struct modsyms *modsyms_make(const struct map *maps, size_t nmaps);
void modsyms_free(struct modsyms *ms, size_t nms);

/* The module's symbols (its first map's), or NULL. */
struct modsyms *modsyms_of(const struct modsyms *ms, size_t nms, const char *module);

/* The index in sorted[first .. first + n) (one segment's symbols, by
 * address) of the symbol that holds addr, or first + n when none does. */
size_t modsyms_index(const struct msym *sorted, size_t first, size_t n, uint32_t addr);

/* The symbol of module's segment seg that holds addr, or NULL. */
const struct msym *modsyms_at(const struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
			      uint32_t addr);

/* 1 and *target the function a direct call just before return address
 * ret calls, when the map has the code (an ELF file), the five bytes
 * before ret are a `call rel32` (E8) and its target is where a function
 * of the map starts; else 0. */
int modsyms_call_target(const struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
			uint32_t ret, uint32_t *target);

#endif
