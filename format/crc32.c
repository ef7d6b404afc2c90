/* crc32.c: CRC-32 of IEEE 802.3, as zlib's crc32() (reflected, polynomial
 * 0xEDB88320, initial and final XOR 0xFFFFFFFF): crc32("123456789") is
 * 0xCBF43926, so any zlib-based tool can check a dump.
 * A 16-entry table, two lookups per byte: 64 bytes of constants instead of
 * 1 KiB, which matters more in the kernel than the speed does. */
#include "crc32.h"

/* crc_nibble[n]: the CRC register after shifting the 4-bit value n out of it. */
static const uint32_t crc_nibble[16] = {
	0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac,
	0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
	0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
	0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
};

/* Chains: crc32_update(crc32_update(0, a), b) is the CRC of a followed by b. */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
	const uint8_t *p = data;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		crc = (crc >> 4) ^ crc_nibble[crc & 15];
		crc = (crc >> 4) ^ crc_nibble[crc & 15];
	}
	return ~crc;
}

/* a * b modulo the CRC's polynomial, in the reflected order of its
 * register (bit 31 is x^0). a is a power of x here, never 0. */
static uint32_t multmodp(uint32_t a, uint32_t b)
{
	uint32_t m = 1u << 31, p = 0;

	for (; m; m >>= 1) {
		if (a & m) {
			p ^= b;
			if (!(a & (m - 1)))
				break;
		}
		b = (b & 1) ? (b >> 1) ^ 0xedb88320u : b >> 1;
	}
	return p;
}

/* A zero byte multiplies the register by x^8: n of them by x^(8n), made
 * of the squares x^8, x^16, x^32, ... as zlib's crc32_combine() does. So
 * a code segment's fingerprint costs the CRC of its file bytes, however
 * many zero bytes the loader puts after them. */
uint32_t crc32_zeros(uint32_t crc, uint64_t n)
{
	uint32_t reg = ~crc, xp = 1u << 23;	/* x^8 */

	for (; n; n >>= 1) {
		if (n & 1)
			reg = multmodp(xp, reg);
		xp = multmodp(xp, xp);
	}
	return ~reg;
}
