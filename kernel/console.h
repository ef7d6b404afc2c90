/* console.h: kernel output on COM1, a program's output, and panic. The
 * kernel's lines are marked as its own (console_mark.h). */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stdarg.h>
#include <stddef.h>

int kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int kvprintf(const char *fmt, va_list ap);
/* A program's bytes (the write system call): never marked as the kernel's. */
void consolewrite(const void *buf, size_t len);
/* The kernel's bytes, each line marked (kprintf's, the dump frames). */
void consolekwrite(const void *buf, size_t len);
/* The same as the byte sink a dump's or a file's frame is written to
 * (format/frame.h's pdump_sink): its lines are the kernel's. Inline, so
 * that each caller hands its own copy on, one call from consolekwrite. */
static inline void console_sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	consolekwrite(data, len);
}
void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Ends the run with QEMUEXIT_OK or QEMUEXIT_PANIC: QEMU's isa-debug-exit,
 * or, where there is none, the line "kernel: exit code 0xNN" and Bochs's
 * shutdown port. */
void machine_exit(int code) __attribute__((noreturn));

#endif
