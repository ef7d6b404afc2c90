/* mapwrite.h: mkmap's output, from an ELF file's symbols: a map in the
 * MS/OS/2 LINK style, or System.map text for readprofile (docs/pinfo.md). */
#ifndef HOST_MKMAP_MAPWRITE_H
#define HOST_MKMAP_MAPWRITE_H

#include <stdio.h>
#include "elf32.h"

/* kernel: one code segment only (segment 1, absolute addresses); data
 * symbols are left out, as the kernel's counters cover its text alone.
 * fingerprint: the code's (elf32_fingerprint), written into the map, or
 * NULL for none. Names are written escaped (map_put_name). */
void map_write_link(FILE *out, const char *module, struct elfsyms *e, int kernel,
		    const uint32_t *fingerprint);
void map_write_system(FILE *out, struct elfsyms *e, int kernel, const uint32_t *fingerprint);

/* A symbol name as the text maps hold it, one token on its line: bytes
 * from '!' to '~' as they are but '\', which is "\\"; any other byte
 * (space, newline, controls, DEL, non-ASCII) as "\xHH". pinfo's map
 * reader decodes it back (maps.h). */
void map_put_name(FILE *out, const char *name);

#endif
