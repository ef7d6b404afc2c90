/* crc32.h: CRC-32 of IEEE 802.3, as zlib's crc32() (crc32.c): the dump's
 * and the frame's check, and a program's code fingerprint. */
#ifndef FORMAT_CRC32_H
#define FORMAT_CRC32_H

#include <stddef.h>
#include <stdint.h>

uint32_t crc32_update(uint32_t crc, const void *data, size_t len);	/* start with 0 */
/* crc32_update(crc, n zero bytes), in O(log n) steps, whatever n. */
uint32_t crc32_zeros(uint32_t crc, uint64_t n);

#endif
