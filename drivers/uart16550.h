/* uart16550.h: the console on COM1. */
#ifndef DRIVERS_UART16550_H
#define DRIVERS_UART16550_H

#include <stddef.h>

void uartinit(void);
void uartputc(char c);
void uartwrite(const void *buf, size_t len);
/* Waits until the last byte written has left the UART. */
void uartdrain(void);

#endif
