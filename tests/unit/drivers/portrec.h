/* portrec.h: the port writes of a driver under test, recorded: a test links
 * tests/unit/drivers/portrec.c with -Wl,--wrap=outb (and --wrap=inb, whose reads
 * return port_read_value). */
#ifndef TESTS_UNIT_DRIVERS_PORTREC_H
#define TESTS_UNIT_DRIVERS_PORTREC_H

#include <stdint.h>

#define PORTREC_MAX 32
extern uint16_t ports[PORTREC_MAX];
extern uint8_t values[PORTREC_MAX];
extern int nwrites;		/* writes since it was last set to 0 */
extern uint8_t port_read_value;

#endif
