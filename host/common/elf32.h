/* elf32.h: the symbols of an ELF32 little-endian i386 file, sorted into the
 * segments of a map: executable sections are segment 1, other allocated
 * sections segment 2 (docs/pinfo.md). Shared by mkmap and pinfo. */
#ifndef HOST_COMMON_ELF32_H
#define HOST_COMMON_ELF32_H

#include <stddef.h>
#include <stdint.h>

struct esym {
	uint32_t value;		/* the symbol's address: its offset in its segment */
	uint16_t seg;		/* 1 code, 2 data */
	char type;		/* nm's letter: T t W D d B b R r V */
	char func;		/* 1 for a function (STT_FUNC): it names code, not a bound */
	char *name;		/* in the elfsyms' strings */
};

struct elfsyms {
	struct esym *syms;	/* in symbol-table order */
	size_t n;
	char *strings;		/* the file's string table (in buf), which names point into */
	size_t strings_len;
	uint32_t entry;
	uint32_t start[3], end[3];	/* [1], [2]: the segments' address spans */
};

/* Reads buf[0..len), which must outlive out (names point into it). Returns 0, or -1 with a one-line reason in err. Only
 * named FUNC, OBJECT and NOTYPE symbols of allocated sections are kept; not
 * section or file symbols, not "$x" mapping symbols or ".L" locals. */
int elf32_symbols(const uint8_t *buf, size_t len, struct elfsyms *out, char *err, size_t errlen);
void elf32_free(struct elfsyms *e);

int elf32_is(const uint8_t *buf, size_t len);	/* starts with the ELF magic */

/* The code fingerprint of buf (docs/pinfo.md): the CRC-32 of the code
 * segment exactly as the kernel loads it and fingerprints it at load.
 * A program's (kernel 0): the code segment lib/elf.c lays out, the
 * executable PT_LOAD's file bytes then zeros up to its size; for another
 * kernel's program whose code is not at 0, the same of its executable
 * PT_LOAD, from its address, with no other check. The kernel's
 * (kernel 1): its text, _text_start to _text_end (e's symbols), as the
 * PT_LOAD that holds it puts it in memory. Returns 0 and *crc, or -1 with
 * a one-line reason in why (a file the kernel would not load). */
int elf32_fingerprint(const uint8_t *buf, size_t len, const struct elfsyms *e, int kernel,
		      uint32_t *crc, char *why, size_t whylen);

/* The same code segment's bytes: size bytes from origin (0 for a
 * program, its code's address for another kernel's program linked
 * elsewhere, _text_start's address for the kernel), of which the first
 * file are at bytes (in buf) and the rest zeros. 0, or -1 with why. */
struct elf32_code {
	uint32_t origin, size, file;
	const uint8_t *bytes;
};
int elf32_code(const uint8_t *buf, size_t len, const struct elfsyms *e, int kernel,
	       struct elf32_code *c, char *why, size_t whylen);

/* A symbol of e whose name is longer than SHOWN_LONG bytes (shown.h), which
 * pinfo and mkmap keep shortened. */
struct elf32_long {
	size_t off;		/* its name's offset in the string table */
	size_t sym;		/* its index in e->syms */
	uint64_t hash;		/* of its whole name (shown_hash) */
};

/* e's symbols whose names are longer than SHOWN_LONG, *n of them (*out
 * malloc'd, NULL when none), by offset from the table's end, each with its
 * name's hash: one pass backwards over the string table hashes them all,
 * even when thousands share one name's bytes (a name's tail is a name
 * too). *distinct: how many distinct offsets, the shortened names to make.
 * 0, or -1 when out of memory. */
int elf32_long_names(const struct elfsyms *e, struct elf32_long **out, size_t *n,
		     size_t *distinct);

#endif
