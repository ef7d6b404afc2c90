/* wlplain.c: a workload (wl.h) as a program of its own, for make run:
 *   make run PROG=graded=bench/graded.c,bench/wlplain.c ARGS=SCALE
 * runs wl_run(SCALE) and nothing else, profiled by profrun as any program
 * make run is given that makes no Prof* call (docs/accuracy.md's example).
 * A second argument sets wl_more. */
#include <stdlib.h>
#include "wl.h"

int wl_more;

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	wl_more = argc > 2 ? atoi(argv[2]) : 0;
	wl_run(atoi(argv[1]));
	return 0;
}
