/* cglines.c: cglines PROGRAM.elf < "address count" lines (bench/cginstr.awk's
 * output): the instructions of each source line of PROGRAM, "file:line
 * count", by the DWARF line table as pinfo reads it (host/pinfo/read/dwarf.c).
 * Addresses of no line (other objects, libc) are left out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostio.h"
#include "lines.h"

int main(int argc, char **argv)
{
	struct line_table t;
	double *count;
	unsigned long long addr;
	double n;
	uint8_t *buf;
	size_t len, i;
	char err[300];

	if (argc != 2) {
		fputs("usage: cglines PROGRAM.elf < addresses\n", stderr);
		return 2;
	}
	if (read_regular(argv[1], &buf, &len, err, sizeof err) ||
	    lines_load(buf, len, &t, err, sizeof err)) {
		fprintf(stderr, "cglines: %s: %s\n", argv[1], err);
		return 1;
	}
	free(buf);
	if (!(count = calloc(t.n ? t.n : 1, sizeof *count)))
		return 1;
	while (scanf("%llu %lf", &addr, &n) == 2) {
		size_t lo = 0, hi = t.n;

		while (lo < hi) {	/* the first range ending above addr */
			size_t mid = lo + (hi - lo) / 2;

			if (t.r[mid].hi <= addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < t.n && t.r[lo].lo <= addr)
			count[lo] += n;
	}
	for (i = 0; i < t.n; i++)
		if (count[i] > 0)
			printf("%s:%u %.0f\n", lines_display_path(t.files[t.r[i].file]), t.r[i].line,
			       count[i]);
	free(count);
	lines_free(&t);
	return 0;
}
