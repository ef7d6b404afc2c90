/* CRC-32 (IEEE), bit by bit: a hot loop of known shape. */
#include "support.h"

unsigned crc32_update(unsigned crc, const unsigned char *p, size_t n)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
	}
	return ~crc;
}
