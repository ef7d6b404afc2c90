/* acpi.h: the few ACPI tables the kernel reads to find its CPUs: the RSDP,
 * the RSDT and the MADT ("APIC"), checked byte by byte (ACPI 6.x, sections
 * 5.2.5, 5.2.7 and 5.2.12). Pure functions over bytes in memory, so that
 * tests/unit/kernel/test_acpi.c runs them on the host. */
#ifndef KERNEL_SMP_ACPI_H
#define KERNEL_SMP_ACPI_H

#include <stdint.h>

#define NCPU_MAX	8	/* the CPUs the kernel runs: make run CPUS=1 to 8 */
#define ACPI_HDR_LEN	36	/* a system description table's header */
#define RSDP_LEN	20	/* the ACPI 1.0 part, which its checksum covers */

/* What the MADT says of the CPUs: the local APICs' physical address, and
 * the APIC ID of each processor it marks enabled, in its order (the first
 * is the one that booted, as the ACPI and MP specifications have it). */
struct madt_info {
	uint32_t lapic_phys;
	int ncpu;			/* enabled processors kept, at most NCPU_MAX */
	int extra;			/* enabled processors beyond NCPU_MAX, not kept */
	uint8_t apic_id[NCPU_MAX];
};

/* The offset of a valid RSDP ("RSD PTR ", on a 16-byte boundary, its first
 * 20 bytes summing to 0) in mem[0, len), or -1. */
int acpi_find_rsdp(const uint8_t *mem, uint32_t len);
/* The RSDT's physical address in a valid RSDP. */
uint32_t acpi_rsdp_rsdt(const uint8_t *rsdp);
/* Checks a table of avail bytes: its header's length at least the header's
 * and at most avail, its bytes summing to 0, its signature sig (4 bytes).
 * 0, or a sentence saying what is wrong. */
const char *acpi_table_check(const uint8_t *t, uint32_t avail, const char *sig);
/* A table's length, from its header (which must be readable). */
uint32_t acpi_table_len(const uint8_t *t);
/* The RSDT's entries (physical addresses of tables), for an RSDT checked. */
uint32_t acpi_rsdt_count(const uint8_t *rsdt);
uint32_t acpi_rsdt_entry(const uint8_t *rsdt, uint32_t i);
/* Reads a MADT of avail bytes into *out: 0, or a sentence saying why the
 * table is refused (then *out says nothing). Checks the table as
 * acpi_table_check() does, then every entry: at least 2 bytes, within the
 * table, the processor-local-APIC entries (type 0) 8 bytes; an enabled one
 * counts (flags bit 0). No enabled processor is a refusal too. */
const char *madt_parse(const uint8_t *t, uint32_t avail, struct madt_info *out);

#endif
