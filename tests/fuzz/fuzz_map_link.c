/* fuzz_map_link.c: pinfo's reader of LINK-style maps (host/common/maps.c).
 * A map is told apart by content; an input that would not read as a LINK
 * map gets a "Publics by Value" heading at its end, so every input reaches
 * the LINK parser. Then the checks of fuzz_map (fuzz.h). */
#define _GNU_SOURCE	/* memmem */
#include <string.h>

#include "elf32.h"
#include "fuzz.h"

static const char heading[] = "\n  Address         Publics by Value\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf;

	if (elf32_is(data, size))
		return -1;	/* the ELF target's */
	if (memmem(data, size, "Publics by", 10) ||
	    (memmem(data, size, "Start", 5) && memmem(data, size, "Class", 5))) {
		fuzz_map("testprof.map", data, size);
		return 0;
	}
	FUZZ_CHECK((buf = malloc(size + sizeof heading)) != NULL);
	memcpy(buf, data, size);
	memcpy(buf + size, heading, sizeof heading - 1);
	fuzz_map("testprof.map", buf, size + sizeof heading - 1);
	free(buf);
	return 0;
}
