/* qemuexit.c: QEMU's isa-debug-exit device (iobase 0xf4, iosize 4). */
#include "qemuexit.h"
#include "ioport.h"

#define DEBUG_EXIT_PORT 0xF4

void qemuexit(int code)
{
	outb(DEBUG_EXIT_PORT, (uint8_t)code);
	/* Not under QEMU, or the device is missing: stop here. */
	for (;;)
		__asm__ volatile("cli; hlt" ::: "memory");
}
