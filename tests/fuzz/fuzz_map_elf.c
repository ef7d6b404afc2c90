/* fuzz_map_elf.c: pinfo's reader of ELF32 files (host-tools/elf32.c through
 * host-tools/maps.c). The magic is put back on every input, so mutations
 * reach the section and symbol tables rather than the text parsers. */
#include <string.h>

#include "fuzz.h"

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
	free(buf);
	return 0;
}
