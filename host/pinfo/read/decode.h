/* decode.h: the code of an ELF file, read with its line table (decode.c);
 * its instructions and blocks are lines_insns's (lines.h). */
#ifndef HOST_PINFO_READ_DECODE_H
#define HOST_PINFO_READ_DECODE_H

#include <libelf.h>
#include "lines.h"

/* The code of an ELF32 i386 file into t->code and t->ptrs: its executable
 * PROGBITS sections' bytes, and the words of its other allocated PROGBITS
 * sections (but the unwinding tables) that point into them. Another
 * machine, or sections libelf cannot read, give no code (then every bucket
 * is split by bytes). Returns -1 only out of memory. */
int lines_load_code(Elf *elf, struct line_table *t);

#endif
