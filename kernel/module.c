/* module.c: multiboot modules by name. GRUB gives the string after the
 * path ("hello"), QEMU's -kernel gives the path first ("build/run/hello.elf"):
 * the name is the base name of the first word, less ".elf". */
#include "module.h"
#include "console.h"
#include <string.h>

static struct module modules[NMODULE];
static int nmodules;

void module_basename(const char *cmdline, char *name)
{
	const char *start = cmdline, *end;
	size_t n;

	while (*start == ' ')
		start++;
	end = start;
	while (*end && *end != ' ')
		end++;
	for (const char *p = start; p < end; p++)
		if (*p == '/')
			start = p + 1;
	n = (size_t)(end - start);
	if (n > 4 && memcmp(end - 4, ".elf", 4) == 0)
		n -= 4;
	if (n > MODULE_NAME_MAX - 1)
		n = MODULE_NAME_MAX - 1;
	memcpy(name, start, n);
	name[n] = 0;
}

/* The first word after a module's path that is key (exact) or begins
 * with it and goes on (not exact), its length in *n; NULL when none is. */
static const char *option_word(const char *p, const char *key, int exact, size_t *n)
{
	size_t k = strlen(key);

	while (*p == ' ')
		p++;
	while (*p && *p != ' ')
		p++;			/* the path */
	for (;;) {
		while (*p == ' ')
			p++;
		if (!*p)
			return 0;
		for (*n = 0; p[*n] && p[*n] != ' '; (*n)++)
			;
		if (strncmp(p, key, k) == 0 && (exact ? *n == k : *n > k))
			return p;
		p += *n;
	}
}

/* A data file (FILES=, docs/syscalls.md "Files") comes with the word
 * "file" after its path or name: "data.txt file". */
int module_is_file(const char *cmdline)
{
	size_t n;

	return option_word(cmdline, "file", 1, &n) != 0;
}

/* A data file from a folder given to FILES= comes with "in=DIR" after
 * "file": the folder it goes in, below the root (docs/syscalls.md). */
void module_folder(const char *cmdline, char *dir)
{
	size_t n;
	const char *p = option_word(cmdline, "in=", 0, &n);

	dir[0] = 0;
	if (p && n - 3 < MODULE_DIR_MAX) {
		memcpy(dir, p + 3, n - 3);
		dir[n - 3] = 0;
	}
}

void module_add(const char *cmdline, uint32_t start, uint32_t end)
{
	struct module *m;

	if (nmodules == NMODULE) {
		kprintf("module: more than %d modules, %s ignored\n", NMODULE, cmdline);
		return;
	}
	m = &modules[nmodules++];
	module_basename(cmdline ? cmdline : "", m->name);
	m->file = module_is_file(cmdline ? cmdline : "");
	module_folder(cmdline ? cmdline : "", m->dir);
	m->data = (const uint8_t *)(uintptr_t)start;
	m->size = end - start;
}

const struct module *module_find(const char *name)
{
	for (int i = 0; i < nmodules; i++)
		if (strcmp(modules[i].name, name) == 0)
			return &modules[i];
	return 0;
}

const struct module *module_at(int i)
{
	return i >= 0 && i < nmodules ? &modules[i] : 0;
}
