/* maps.h: pinfo's maps in their three forms, told apart by content
 * (docs/pinfo.md): a LINK-style .MAP, nm or System.map text, an ELF32 file. */
#ifndef MAPS_H
#define MAPS_H

#include <stddef.h>
#include <stdint.h>

#define MAP_MODULE_MAX	64	/* bytes of a module name, NUL included */

enum map_form { MAP_LINK, MAP_NM, MAP_ELF };

struct msym {
	uint32_t addr;		/* offset in its segment (absolute for the kernel) */
	uint16_t seg;		/* 1-based */
	char *name;		/* malloc; an ELF map's: in the block of syms */
};

struct map {
	char module[MAP_MODULE_MAX];
	enum map_form form;
	struct msym *syms;	/* as listed; an ELF map's block also holds a copy
				 * of its string table, which its names point into */
	size_t n, cap;
};

/* Parses the map in buf[0..len), read from path (whose name gives the module
 * of nm and ELF maps). Returns 0, or -1 with a one-line reason in err (with
 * its line number for text maps) and nothing allocated. */
int map_parse(const char *path, const uint8_t *buf, size_t len, struct map *m,
	      char *err, size_t errlen);
void map_free(struct map *m);

/* The module of an nm or ELF map: path's basename without its extension,
 * upper case; "kernel" (any case) and "System" (System.map) are "kernel". */
void map_module_from_path(const char *path, char *out, size_t outlen);

#endif
