/* findcpus.h: the CPUs the firmware's ACPI tables list, found in the
 * machine's memory (findcpus.c); the tables themselves are read by acpi.h. */
#ifndef KERNEL_SMP_FINDCPUS_H
#define KERNEL_SMP_FINDCPUS_H

#include "acpi.h"

/* The MADT's CPUs into *m: 0, or a sentence saying why there are none. */
const char *smp_find_cpus(struct madt_info *m);

#endif
