/* kstub.c: what kernel files under host test call but do not test. */
#include <stdarg.h>
#include <stdint.h>

int kprintf(const char *fmt, ...);
int kprintf(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

void outb(uint16_t port, uint8_t value);
void outb(uint16_t port, uint8_t value)
{
	(void)port;
	(void)value;
}

uint8_t inb(uint16_t port);
uint8_t inb(uint16_t port)
{
	(void)port;
	return 0;
}
