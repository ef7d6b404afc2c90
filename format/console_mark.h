/* console_mark.h: how the kernel's own lines are told from a program's on
 * the console (COM1), for the kernel (console.c), which writes them, and the
 * host (capture.c; scripts/qrun's view), which reads them
 * (docs/running.md, "The console").
 *
 * Every line the kernel writes starts with CONSOLE_MARK; a program's lines
 * never do, because the kernel writes every CONSOLE_MARK byte a program (or
 * a name in a kernel message) gives as CONSOLE_SUBST, and starts a line of
 * its own before a program's bytes that would follow a kernel line's. */
#ifndef FORMAT_CONSOLE_MARK_H
#define FORMAT_CONSOLE_MARK_H

#define CONSOLE_MARK	0x01	/* SOH: first byte of each line the kernel writes */
#define CONSOLE_SUBST	0x1A	/* SUB: what a CONSOLE_MARK byte it did not place becomes */

#endif
