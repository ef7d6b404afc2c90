/* trap.h: the one dispatcher every vector reaches (trap.c); the frame it
 * is given is trapframe.h's. */
#ifndef KERNEL_TRAP_H
#define KERNEL_TRAP_H

#include "trapframe.h"

struct trapframe *trap(struct trapframe *tf);

#endif
