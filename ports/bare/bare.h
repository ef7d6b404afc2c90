/* bare.h: what the bare kernel's three C files share: the machine's few
 * services (kernel.c), the profile through the module (port.c), and the
 * work it profiles (work.c). */
#ifndef PORTS_BARE_BARE_H
#define PORTS_BARE_BARE_H

#include <stddef.h>
#include <stdint.h>

#define KCODE 0x08		/* the flat code segment's selector (kernel.c's GDT) */

/* kernel.c */
void serial_write(const void *data, size_t len);
void serial_puts(const char *s);
void serial_putdec(uint32_t v);
/* The sampling period in PIT counts: uniform over base + [0, spread). */
void pit_period(uint32_t *base, uint32_t *spread);
uint32_t irq_save(void);		/* interrupts off; returns the old EFLAGS */
void irq_restore(uint32_t eflags);

/* port.c: the kernel's own code profiled through the module. */
int profile_start(void);
void profile_tick(uint32_t eip, uint32_t ebp);
int profile_stop_and_dump(const char *name, uint32_t hz);

/* work.c */
void work(uint32_t rounds);

#endif
