/* desc.h: x86 segment and gate descriptors, encoded by pure functions
 * (tests/unit/kernel/test_desc.c checks them on the host). */
#ifndef KERNEL_DESC_H
#define KERNEL_DESC_H

#include <stdint.h>
#include "seg.h"

/* Selectors. GDT: kernel code, kernel data, then each CPU's TSS and the
 * LDT it runs (the first CPU's at 0x18 and 0x20, the next's 16 bytes on). */
#define SEL_KCODE	0x08
#define SEL_KDATA	0x10
#define SEL_TSS		0x18
#define SEL_LDT		0x20
#define NCPU_GDT	8	/* CPUs with entries: kernel/smp/acpi.h's NCPU_MAX */
#define SEL_TSS_OF(cpu)	(SEL_TSS + 16 * (cpu))
#define SEL_LDT_OF(cpu)	(SEL_LDT + 16 * (cpu))
#define NGDT		(3 + 2 * NCPU_GDT)
/* LDT: a process's code (segment 1) and data+stack (segment 2), ring 3. */
#define SEL_UCODE	0x07	/* index 0, TI = 1, RPL = 3 */
#define SEL_UDATA	0x0F	/* index 1, TI = 1, RPL = 3 */
#define NLDT		2
#define SEL_IS_LDT(sel)	(((sel) & 4) != 0)
#define SEL_INDEX(sel)	((sel) >> 3)
#define SEL_RPL(sel)	((sel) & 3)

/* Descriptor types (the S bit included as 0x10). */
#define STA_X		0x18	/* code: executable */
#define STA_R		0x02	/* code: readable */
#define STA_W		0x12	/* data: writable */
#define STS_LDT		0x02
#define STS_TSS32	0x09
#define STS_IG32	0x0E	/* interrupt gate: clears IF */

/* DESC_MAX_BYTE_LIMIT (beyond it, the limit counts 4 KiB pages): seg.h. */

/* A segment descriptor for [base, base + size). A size over 1 MiB must be a
 * multiple of 4 KiB (page granularity); 0 on a size that cannot be encoded. */
uint64_t seg_desc(uint32_t base, uint32_t size, uint8_t type, uint8_t dpl);
/* A flat 4 GiB segment at base 0 (the kernel's). */
uint64_t seg_desc_flat(uint8_t type, uint8_t dpl);
/* A 32-bit gate to handler in the kernel's code segment. */
uint64_t gate_desc(uint32_t handler, uint8_t type, uint8_t dpl);


#endif
