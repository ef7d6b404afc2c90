/* wlhost.c: the host side of a workload (wl.h): runs wl_run(SCALE), the
 * last argument, once, for callgrind to count; and stands in for the
 * guest's system calls, which the host does not have. Built with the host's
 * flags: none of its instructions is compared. */
#include <stdint.h>
#include <stdlib.h>

void wl_run(int scale);
int clock_ticks(uint64_t *ticks, uint32_t *hz);
int meminfo(uint32_t *free_bytes);
int yield(void);

int wl_more;
static uint64_t fake_ticks;

int clock_ticks(uint64_t *ticks, uint32_t *hz)
{
	*ticks = ++fake_ticks;
	*hz = 1000;
	return 0;
}

int meminfo(uint32_t *free_bytes)
{
	*free_bytes = 1u << 20;
	return 0;
}

int yield(void)
{
	return 0;
}

int main(int argc, char **argv)
{
	wl_run(argc > 1 ? atoi(argv[argc - 1]) : 1);
	return 0;
}
