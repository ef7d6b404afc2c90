/* elf.c: ELF32 validation, pure so the host tests can feed it anything. */
#include "elf.h"
#include "seg.h"
#include "sys/errno.h"

#define PT_LOAD 1
#define PF_X 1

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static int fail(const char **why, const char *reason)
{
	*why = reason;
	return -ENOEXEC;
}

/* [off, off + size) within [0, len), overflow in mind. */
static int inside(uint32_t off, uint32_t size, uint32_t len)
{
	return off <= len && size <= len - off;
}

static int load_entry(const uint8_t *ph, uint32_t len, struct elfload *l, const char **why)
{
	l->offset = rd32(ph + 4);
	l->vaddr = rd32(ph + 8);
	l->filesz = rd32(ph + 16);
	l->memsz = rd32(ph + 20);
	if (l->filesz > l->memsz)
		return fail(why, "segment file size exceeds its memory size");
	if (!inside(l->offset, l->filesz, len))
		return fail(why, "segment extends past the end of the file");
	if (l->memsz > 0x40000000u || l->vaddr > 0x40000000u)
		return fail(why, "segment too large");
	return 0;
}

int elf_parse(const uint8_t *buf, uint32_t len, struct elfimage *img, const char **why)
{
	uint32_t phoff, phentsize, phnum;
	int havetext = 0, err;

	if (len < 52 || buf[0] != 0x7F || buf[1] != 'E' || buf[2] != 'L' || buf[3] != 'F')
		return fail(why, "not an ELF file");
	if (buf[4] != 1 || buf[5] != 1)
		return fail(why, "not ELF32 little-endian");
	if (rd16(buf + 16) != 2 || rd16(buf + 18) != 3)
		return fail(why, "not an i386 executable");
	phoff = rd32(buf + 28);
	phentsize = rd16(buf + 42);
	phnum = rd16(buf + 44);
	if (phentsize < 32 || phnum == 0 || phnum > ELF_MAX_PHDRS ||
	    !inside(phoff, phentsize * phnum, len))
		return fail(why, "bad program header table");

	img->ndata = 0;
	img->data_start = 0xFFFFFFFFu;
	img->data_end = 0;
	for (uint32_t i = 0; i < phnum; i++) {
		const uint8_t *ph = buf + phoff + i * phentsize;
		struct elfload l;
		if (rd32(ph) != PT_LOAD)
			continue;
		if ((err = load_entry(ph, len, &l, why)))
			return err;
		if (rd32(ph + 24) & PF_X) {
			if (havetext++)
				return fail(why, "more than one executable segment");
			if (l.vaddr != 0 || l.memsz == 0)
				return fail(why, "code not linked at offset 0");
			img->text = l;
		} else if (l.memsz) {
			img->data[img->ndata++] = l;
			if (l.vaddr < img->data_start)
				img->data_start = l.vaddr;
			if (l.vaddr + l.memsz > img->data_end)
				img->data_end = l.vaddr + l.memsz;
		}
	}
	if (!havetext)
		return fail(why, "no executable segment");
	if (img->ndata == 0) {		/* code only: the guard, then 64 KiB of stack */
		img->data_start = img->data_end = UGUARD + 0x10000;
	}
	/* The data may not start in the guard page, which is never mapped.
	 * Room for a stack above the guard is the loader's check (proc.c):
	 * the code's fingerprint does not depend on it (host/common/elf32.c). */
	if (img->ndata && img->data_start < UGUARD)
		return fail(why, "data in the guard page (the data segment's first 4 KiB)");
	img->entry = rd32(buf + 24);
	if (img->entry >= img->text.memsz)
		return fail(why, "entry point outside the code");
	img->codesize = img->text.memsz > DESC_MAX_BYTE_LIMIT + 1 ? PAGEROUND(img->text.memsz)
								  : img->text.memsz;
	return 0;
}
