/* qemuexit.c: ends the run: QEMU's isa-debug-exit device (iobase 0xf4,
 * iosize 4), and Bochs's shutdown port. */
#include "qemuexit.h"
#include "ioport.h"

#define DEBUG_EXIT_PORT 0xF4
#define BOCHS_SHUTDOWN_PORT 0x8900

void qemuexit_try(int code)
{
	outb(DEBUG_EXIT_PORT, (uint8_t)code);
}

void bochs_shutdown(void)
{
	/* Bochs ends its run when the string "Shutdown" is written to port
	 * 0x8900, a byte at a time; elsewhere the port is not decoded. */
	for (const char *s = "Shutdown"; *s; s++)
		outb(BOCHS_SHUTDOWN_PORT, (uint8_t)*s);
	for (;;)
		__asm__ volatile("cli; hlt" ::: "memory");
}
