/* maps.h: pinfo's maps in their three forms, told apart by content
 * (docs/pinfo.md): a LINK-style .MAP, nm or System.map text, an ELF32 file. */
#ifndef HOST_COMMON_MAPS_H
#define HOST_COMMON_MAPS_H

#include <stddef.h>
#include <stdint.h>
#include <strings.h>

#define MAP_MODULE_MAX	64	/* bytes of a module name, NUL included */
#define MAP_NAME_MAX	4096	/* bytes of a symbol name (decoded), NUL not included */

/* The code fingerprint in a text map (docs/pinfo.md): in the LINK form a
 * line " Fingerprint 0001 CRC-32 XXXXXXXX", in the nm form an absolute
 * symbol "xxxxxxxx A __code_crc32", as nm prints one. */
#define MAP_FP_WORD	"Fingerprint"
#define MAP_FP_SYMBOL	"__code_crc32"

enum map_form { MAP_LINK, MAP_NM, MAP_ELF };

struct msym {
	uint32_t addr;		/* offset in its segment (absolute for the kernel) */
	uint16_t seg;		/* 1-based */
	char *name;		/* in the map's block of names (m->text) */
};

struct map {
	char module[MAP_MODULE_MAX];
	enum map_form form;
	struct msym *syms;	/* as listed */
	size_t n, cap;
	int has_fingerprint;	/* 1: fingerprint is the code's (segment 1) */
	uint32_t fingerprint;	/* CRC-32 of the code segment as loaded */
	char why_none[120];	/* an ELF map without one: why not */
	uint8_t *local;		/* [i]: 1 when syms[i] is local (an ELF binding, nm's lower
				 * case); NULL: none is (a LINK map's are publics) */
	uint8_t *code;		/* an ELF map's code segment as loaded (its file bytes):
				 * code_len bytes from code_origin; NULL for text maps */
	uint32_t code_origin, code_len;
	uint8_t *file;		/* non-NULL: code points into this mapped file, file_len
				 * bytes, kept until map_free (map_parse_owned) */
	size_t file_len;
	uint8_t *text;		/* the names, NUL-terminated, which syms point into */
	size_t text_len;	/* bytes of text used */
	int reserved;		/* 0 */
};

/* Parses the map in buf[0..len), read from path (whose name gives the module
 * of nm and ELF maps). Returns 0, or -1 with a one-line reason in err (with
 * its line number for text maps) and nothing allocated. Names in text maps
 * are decoded: "\\" is a backslash, "\xHH" the byte HH (mkmap's escapes). */
int map_parse(const char *path, const uint8_t *buf, size_t len, struct map *m,
	      char *err, size_t errlen);
/* map_parse of bytes it takes over and lets go before it returns: with
 * mapped, buf is unmapped (hostio's file_unmap), else freed. The names are
 * copied into one block (m->text), never larger than the map's bytes. */
int map_parse_owned(const char *path, uint8_t *buf, size_t len, int mapped, struct map *m,
		    char *err, size_t errlen);
void map_free(struct map *m);

/* The module of an nm or ELF map: path's basename without its extension,
 * upper case; "kernel" (any case) and "System" (System.map) are "kernel". */
void map_module_from_path(const char *path, char *out, size_t outlen);

/* The kernel's module, as a dump's segments and the maps name it:
 * "kernel", in any case. */
static inline int map_is_kernel(const char *module)
{
	return !strcasecmp(module, "kernel");
}

#endif
