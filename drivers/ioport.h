/* ioport.h: port I/O, out of line so host tests can wrap it (-Wl,--wrap=outb). */
#ifndef DRIVERS_IOPORT_H
#define DRIVERS_IOPORT_H

#include <stdint.h>

void outb(uint16_t port, uint8_t value);
uint8_t inb(uint16_t port);

#endif
