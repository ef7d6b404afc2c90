/* qemuexit.h: ends the run through QEMU's isa-debug-exit device, or
 * Bochs's shutdown port (kernel/console.c: machine_exit). */
#ifndef DRIVERS_QEMUEXIT_H
#define DRIVERS_QEMUEXIT_H

/* QEMU exits with (code << 1) | 1, so neither can be confused with the 0 a
 * triple fault gives under -no-reboot. The launcher maps them back. */
#define QEMUEXIT_OK	0x10	/* QEMU status 33: clean shutdown */
#define QEMUEXIT_PANIC	0x11	/* QEMU status 35: kernel panic */

/* Writes code to isa-debug-exit: under QEMU with the device, it does not
 * return; anywhere else it does. */
void qemuexit_try(int code);
/* Bochs's shutdown port; then, wherever the port does nothing, halts. */
void bochs_shutdown(void) __attribute__((noreturn));

#endif
