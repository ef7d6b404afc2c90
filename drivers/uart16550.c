/* uart16550.c: the 16550 UART on COM1, polled, as the kernel's console. */
#include "uart16550.h"
#include "ioport.h"

#define COM1		0x3F8
#define UART_THR	0	/* transmit holding (DLAB 0) */
#define UART_DLL	0	/* divisor latch low (DLAB 1) */
#define UART_IER	1	/* interrupt enable (DLAB 0) */
#define UART_DLM	1	/* divisor latch high (DLAB 1) */
#define UART_FCR	2
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define LSR_THRE	0x20	/* transmit holding register empty */
#define LSR_TEMT	0x40	/* transmitter empty: the last byte is out */
#define UART_DIVISOR(baud) (115200 / (baud))

void uartinit(void)
{
	outb(COM1 + UART_IER, 0x00);	/* IER: no interrupts: the console is polled */
	outb(COM1 + UART_LCR, 0x80);	/* LCR: DLAB=1 to reach the divisor */
	outb(COM1 + UART_DLL, UART_DIVISOR(115200) & 0xFF);
	outb(COM1 + UART_DLM, UART_DIVISOR(115200) >> 8);
	outb(COM1 + UART_LCR, 0x03);	/* LCR: 0000 0011  8 bits, no parity, 1 stop, DLAB=0 */
	outb(COM1 + UART_FCR, 0xC7);	/* FCR: 11xx 0111  FIFO on, clear both, 14-byte trigger */
	outb(COM1 + UART_MCR, 0x03);	/* MCR: DTR and RTS */
}

void uartputc(char c)
{
	/* Bounded: a UART that never drains must not hang the kernel. */
	for (int i = 0; i < 100000 && !(inb(COM1 + UART_LSR) & LSR_THRE); i++)
		;
	outb(COM1 + UART_THR, (uint8_t)c);
}

void uartwrite(const void *buf, size_t len)
{
	const char *p = buf;
	while (len--)
		uartputc(*p++);
}

void uartdrain(void)
{
	/* Bounded too, as uartputc. */
	for (int i = 0; i < 100000 && !(inb(COM1 + UART_LSR) & LSR_TEMT); i++)
		;
}
