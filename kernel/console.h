/* console.h: kernel output on COM1, and panic. */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stdarg.h>
#include <stddef.h>

int kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int kvprintf(const char *fmt, va_list ap);
void consolewrite(const void *buf, size_t len);
void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif
