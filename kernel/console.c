/* console.c: kprintf and panic, on COM1, and a program's output.
 *
 * The console is shared: the kernel's lines and the programs' bytes go out
 * on the same line. Each line the kernel writes starts with CONSOLE_MARK
 * (console_mark.h), which no program can put at the start of a line: a
 * program's CONSOLE_MARK bytes go out as CONSOLE_SUBST, and a program's
 * bytes never continue a kernel line, nor a kernel line a program's (a
 * newline is put between them). The host's view of the console relies on
 * it to tell the kernel's lines, and its dump frames, from the rest. */
#include "console.h"
#include "console_mark.h"
#include "x86.h"
#include "lib.h"
#include <stdint.h>
#include "uart16550.h"
#include "qemuexit.h"

/* Whose is the line being written: nobody's yet (at the start of a line),
 * the kernel's, or a program's. */
static enum { LINE_START, LINE_KERNEL, LINE_PROGRAM } line = LINE_START;

static char unmarked(char c)
{
	return (uint8_t)c == CONSOLE_MARK ? (char)CONSOLE_SUBST : c;
}

static void kernel_putc(char c)
{
	if (c == '\n') {		/* ends any line, a program's too */
		if (line == LINE_START)	/* an empty line of the kernel's is marked too: */
			uartputc((char)CONSOLE_MARK);	/* an unmarked one is a program's */
		uartputc(c);
		line = LINE_START;
		return;
	}
	if (line == LINE_PROGRAM) {
		uartputc('\n');
		line = LINE_START;
	}
	if (line == LINE_START) {
		uartputc((char)CONSOLE_MARK);
		line = LINE_KERNEL;
	}
	uartputc(unmarked(c));
}

void consolekwrite(const void *buf, size_t len)
{
	const char *p = buf;

	while (len--)
		kernel_putc(*p++);
}

void consolewrite(const void *buf, size_t len)
{
	const char *p = buf;

	if (len && line == LINE_KERNEL) {
		uartputc('\n');
		line = LINE_START;
	}
	while (len--) {
		char c = *p++;

		uartputc(unmarked(c));
		line = c == '\n' ? LINE_START : LINE_PROGRAM;
	}
}

static void put(void *ctx, char c)
{
	(void)ctx;
	kernel_putc(c);
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
	machine_exit(QEMUEXIT_PANIC);
}

/* Under QEMU, isa-debug-exit ends the run with the code. Anywhere else
 * (Bochs, which has no such device) the code goes out as the console's
 * last line, a kernel line no program can forge, for the launcher to
 * read; then Bochs's shutdown port ends the run (docs/running.md). */
void machine_exit(int code)
{
	qemuexit_try(code);
	kprintf("kernel: exit code 0x%x\n", (unsigned)code);
	uartdrain();
	bochs_shutdown();
}
