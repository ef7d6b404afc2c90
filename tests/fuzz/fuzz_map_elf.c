/* fuzz_map_elf.c: pinfo's reader of ELF32 files (host/common/elf32.c through
 * host/common/maps.c), with the code fingerprint it computes. The magic is
 * put back on every input, so mutations reach the section and symbol
 * tables rather than the text parsers. Every name read, whatever its bytes,
 * written as mkmap writes it (mapwrite.c), reads back the same. */
#define _GNU_SOURCE	/* open_memstream */
#include <string.h>

#include "fuzz.h"
#include "mapwrite.h"

static void check_names_round_trip(const uint8_t *buf, size_t size)
{
	struct map m, back;
	char err[300], *text;
	size_t len, i, k, n = 0;
	FILE *f;

	if (map_parse("testprof.elf", buf, size, &m, err, sizeof err))
		return;
	if (!m.has_fingerprint)
		fuzz_check_reason(m.why_none, sizeof m.why_none);
	FUZZ_CHECK((f = open_memstream(&text, &len)) != NULL);
	for (i = 0; i < m.n; i++)
		if (strlen(m.syms[i].name) <= MAP_NAME_MAX) {
			fprintf(f, "%08zx T ", i);
			map_put_name(f, m.syms[i].name);
			putc('\n', f);
			n++;
		}
	FUZZ_CHECK(fclose(f) == 0);
	if (n) {
		FUZZ_CHECK(map_parse("testprof.sym", (uint8_t *)text, len, &back, err, sizeof err) == 0);
		FUZZ_CHECK(back.form == MAP_NM && back.n == n);
		for (i = 0, k = 0; i < m.n; i++)
			if (strlen(m.syms[i].name) <= MAP_NAME_MAX)
				FUZZ_CHECK(!strcmp(back.syms[k++].name, m.syms[i].name));
		map_free(&back);
	}
	free(text);
	map_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf;

	if (size < 4)
		return -1;
	/* a copy of exactly size bytes, so reads past the end are caught */
	FUZZ_CHECK((buf = malloc(size)) != NULL);
	memcpy(buf, data, size);
	memcpy(buf, "\177ELF", 4);
	fuzz_map("testprof.elf", buf, size);
	check_names_round_trip(buf, size);
	free(buf);
	return 0;
}
