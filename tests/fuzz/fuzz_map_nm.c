/* fuzz_map_nm.c: pinfo's reader of nm and System.map text
 * (host/common/maps.c). Inputs that would read as a LINK map or an ELF file
 * are the other targets' and are left out of this corpus. */
#define _GNU_SOURCE	/* memmem */
#include <string.h>

#include "elf32.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (elf32_is(data, size) || memmem(data, size, "Publics by", 10) ||
	    (memmem(data, size, "Start", 5) && memmem(data, size, "Class", 5)))
		return -1;
	fuzz_map("testprof.sym", data, size);
	return 0;
}
