/* dumpparts.c: the bytes of a dump's parts, for section 7's wire table
 * (bench/wire.sh).
 *   dumpparts DUMP
 * prints "total trace cpus": the dump's bytes, those of its trace (format
 * 5 on) and those of its CPU records (format 6), the last two as the
 * writer's size of the same dump without each. */
#include <stdio.h>

#include "dump.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "load.h"

int main(int argc, char **argv)
{
	struct pdump d;
	size_t all, notrace, nocpus;
	uint32_t type, ncpu;

	if (argc != 2) {
		fprintf(stderr, "usage: dumpparts DUMP\n");
		return 2;
	}
	if (pinfo_load_dump(argv[1], &d, stderr))
		return 1;
	all = pdump_size(&d);
	type = d.type;
	ncpu = d.ncpu;
	d.type &= ~PDUMP_TYPE_TRACE;
	notrace = pdump_size(&d);
	d.ncpu = 0;
	nocpus = pdump_size(&d);
	d.type = type;
	d.ncpu = ncpu;
	printf("%zu %zu %zu\n", all, all - notrace, notrace - nocpus);
	pinfo_release_dump(&d);
	return 0;
}
