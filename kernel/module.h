/* module.h: the files GRUB loaded beside the kernel (programs, batch files),
 * found by name. */
#ifndef KERNEL_MODULE_H
#define KERNEL_MODULE_H

#include <stdint.h>

#define NMODULE		64
#define MODULE_NAME_MAX	33	/* 32 characters and the NUL, as a process's name */
#define MODULE_DIR_MAX	192	/* a data file's folder in the file system, and the NUL */

struct module {
	char name[MODULE_NAME_MAX];	/* base name, without ".elf" */
	const uint8_t *data;
	uint32_t size;
	int file;		/* its line says "file": a data file programs may rewrite */
	char dir[MODULE_DIR_MAX];	/* a data file's folder ("in=libs/deep"), "" for the root */
};

void module_add(const char *cmdline, uint32_t start, uint32_t end);
const struct module *module_find(const char *name);
const struct module *module_at(int i);	/* NULL past the last */
void module_basename(const char *cmdline, char *name);	/* pure, tested on the host */
int module_is_file(const char *cmdline);	/* a word after the first is "file" (pure) */
/* The folder of a word "in=DIR" after the first into dir[MODULE_DIR_MAX]
 * ("" without one, or one too long: the root); pure. */
void module_folder(const char *cmdline, char *dir);

#endif
