/* portrec.c: see portrec.h. */
#include "portrec.h"

uint16_t ports[PORTREC_MAX];
uint8_t values[PORTREC_MAX];
int nwrites;
uint8_t port_read_value;

void __wrap_outb(uint16_t port, uint8_t value);
void __wrap_outb(uint16_t port, uint8_t value)
{
	if (nwrites < PORTREC_MAX) {
		ports[nwrites] = port;
		values[nwrites] = value;
	}
	nwrites++;
}

uint8_t __wrap_inb(uint16_t port);
uint8_t __wrap_inb(uint16_t port)
{
	(void)port;
	return port_read_value;
}
