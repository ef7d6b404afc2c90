/* pic8259.h: the two cascaded 8259A interrupt controllers. */
#ifndef DRIVERS_PIC8259_H
#define DRIVERS_PIC8259_H

#include <stdint.h>

#define IRQ_BASE	32	/* IRQ 0-15 arrive at vectors 32-47 */
#define IRQ_TIMER	0
#define IRQ_SPURIOUS_MASTER 7
#define IRQ_SPURIOUS_SLAVE 15

void picinit(void);
void picenable(int irq);
void piceoi(int irq);
int picspurious(int irq);	/* 1: a spurious IRQ 7/15 that must not be acknowledged */

#endif
