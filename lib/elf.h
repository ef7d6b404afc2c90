/* elf.h: validates an ELF32 i386 program and finds its two segments. */
#ifndef LIB_ELF_H
#define LIB_ELF_H

#include <stdint.h>

#define ELF_MAX_PHDRS 16

struct elfload {		/* one PT_LOAD to copy */
	uint32_t offset, vaddr, filesz, memsz;
};

/* A program as the loader needs it: the code segment is the one executable
 * PT_LOAD, linked at 0; the data segment holds every other PT_LOAD, its
 * offsets below the lowest of them being the stack. */
struct elfimage {
	uint32_t entry;
	struct elfload text;
	/* Bytes of the code segment: the text's memory size, in whole 4 KiB
	 * pages above 1 MiB (where a descriptor's limit counts pages). The
	 * loader copies text.filesz bytes of the file to its start; the rest
	 * is zero. Its CRC-32 is the program's fingerprint in a dump. */
	uint32_t codesize;
	struct elfload data[ELF_MAX_PHDRS];
	int ndata;
	uint32_t data_start;	/* lowest data offset: the top of the stack */
	uint32_t data_end;	/* highest data offset + 1 */
};

/* Returns 0, or -ENOEXEC with *why set to a short reason. */
int elf_parse(const uint8_t *buf, uint32_t len, struct elfimage *img, const char **why);

#endif
