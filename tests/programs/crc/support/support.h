/* The support code's interface, found through -I. */
#include <stddef.h>
unsigned crc32_update(unsigned crc, const unsigned char *p, size_t n);
void board_init(void);
