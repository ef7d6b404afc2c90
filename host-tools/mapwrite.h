/* mapwrite.h: mkmap's output, from an ELF file's symbols: a map in the
 * MS/OS/2 LINK style, or System.map text for readprofile (docs/pinfo.md). */
#ifndef MAPWRITE_H
#define MAPWRITE_H

#include <stdio.h>
#include "elf32.h"

/* kernel: one code segment only (segment 1, absolute addresses); data
 * symbols are left out, as the kernel's counters cover its text alone. */
void map_write_link(FILE *out, const char *module, struct elfsyms *e, int kernel);
void map_write_system(FILE *out, struct elfsyms *e, int kernel);

#endif
