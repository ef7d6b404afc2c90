/* The board file: what a port supplies. */
#include <stdio.h>
#include "support.h"

void board_init(void)
{
	printf("board: ready\n");
}
