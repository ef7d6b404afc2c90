/* qemuexit.h: ends the run through QEMU's isa-debug-exit device. */
#ifndef DRIVERS_QEMUEXIT_H
#define DRIVERS_QEMUEXIT_H

/* QEMU exits with (code << 1) | 1, so neither can be confused with the 0 a
 * triple fault gives under -no-reboot. The launcher maps them back. */
#define QEMUEXIT_OK	0x10	/* QEMU status 33: clean shutdown */
#define QEMUEXIT_PANIC	0x11	/* QEMU status 35: kernel panic */

void qemuexit(int code) __attribute__((noreturn));

#endif
