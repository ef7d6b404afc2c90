/* console.c: kprintf and panic, on COM1. */
#include "console.h"
#include "x86.h"
#include "libc.h"
#include "../drivers/uart16550.h"
#include "../drivers/qemuexit.h"

void consolewrite(const void *buf, size_t len)
{
	uartwrite(buf, len);
}

static void put(void *ctx, char c)
{
	(void)ctx;
	uartputc(c);
}

int kvprintf(const char *fmt, va_list ap)
{
	return fmt_format(put, 0, fmt, ap);
}

int kprintf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kvprintf(fmt, ap);
	va_end(ap);
	return n;
}

void panic(const char *fmt, ...)
{
	va_list ap;

	cli();
	kprintf("\npanic: ");
	va_start(ap, fmt);
	kvprintf(fmt, ap);
	va_end(ap);
	kprintf("\n");
	qemuexit(QEMUEXIT_PANIC);
}
