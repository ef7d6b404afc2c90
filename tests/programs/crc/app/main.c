/* A program as portable benchmarks are laid out: its main in one folder,
 * support code and headers in another (found through -I), a board file in
 * a third, a local header beside it, and its size set with -D. */
#include <stdio.h>
#include "support.h"
#include "local.h"

#ifndef GLOBAL_SCALE
#error "GLOBAL_SCALE must be set with -D"
#endif

static unsigned char buf[4096];

int main(void)
{
	unsigned crc = 0;

	board_init();
	for (unsigned i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 7 + 1);
	for (int r = 0; r < GLOBAL_SCALE * ROUNDS; r++)
		crc = crc32_update(crc, buf, sizeof(buf));
	printf("crc %08x after %d rounds\n", crc, GLOBAL_SCALE * ROUNDS);
	return crc == EXPECTED_CRC ? 0 : 1;
}
