/* heaparea.c: the heap's default area, 1 MiB of .bss. A program that
 * writes LIBC_HEAP_SIZE(bytes) (<stdlib.h>) defines both names itself, and
 * the linker then leaves this file out. */
#include "libc.h"

#define HEAP_DEFAULT	(1024 * 1024)

unsigned char LIBC(__libc_heap)[HEAP_DEFAULT] __attribute__((aligned(16)));
const unsigned long LIBC(__libc_heap_size) = HEAP_DEFAULT;
