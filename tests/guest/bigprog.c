/* bigprog.c: a program whose data (512 MiB of bss) cannot fit in memory;
 * the kernel must refuse it with an error, not a panic. */
#include <stdio.h>

static char huge[512 << 20];

int main(void)
{
	huge[0] = 1;
	printf("bigprog: loaded, which it should not have been\n");
	return huge[0];
}
