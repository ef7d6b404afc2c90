/* findcpus.c: the CPUs the firmware lists: the RSDP (in the EBDA's first
 * KiB or in 0xE0000-0xFFFFF), the RSDT, the MADT, each read in the
 * memory the kernel maps and checked whole by acpi.c before it is believed. */
#include "findcpus.h"
#include "vm.h"
#include <string.h>

#define EBDA_SEG_PTR	0x40E	/* the BIOS data area's word: the EBDA's segment */

/* Physical memory the kernel maps, [a, a + n), or NULL. (Through an asm
 * operand: the compiler takes a pointer made of a small number for an
 * object of no size.) */
static const uint8_t *phys(uint32_t a, uint32_t n)
{
	if (a >= KMAP_BYTES || n > KMAP_BYTES - a)
		return 0;
	__asm__("" : "+r"(a));
	return (const uint8_t *)a;
}

static const uint8_t *find_rsdp(void)
{
	const uint8_t *bda = phys(EBDA_SEG_PTR, 2);
	uint32_t ebda = ((uint32_t)bda[0] | (uint32_t)bda[1] << 8) << 4;
	int off;

	if (ebda >= 0x80000 && ebda < 0xA0000 && (off = acpi_find_rsdp(phys(ebda, 1024), 1024)) >= 0)
		return phys(ebda, 1024) + off;
	if ((off = acpi_find_rsdp(phys(0xE0000, 0x20000), 0x20000)) >= 0)
		return phys(0xE0000, 0x20000) + off;
	return 0;
}

/* A table at physical a, its signature sig, checked whole, or NULL. */
static const uint8_t *table(uint32_t a, const char *sig, const char **why)
{
	const uint8_t *t = phys(a, ACPI_HDR_LEN);
	uint32_t len;

	if (!t) {
		*why = "a table beyond the memory the kernel maps";
		return 0;
	}
	len = acpi_table_len(t);
	if (!phys(a, len)) {
		*why = "a table's length runs beyond the memory the kernel maps";
		return 0;
	}
	*why = acpi_table_check(t, len, sig);
	return *why ? 0 : t;
}

const char *smp_find_cpus(struct madt_info *m)
{
	const uint8_t *rsdp = find_rsdp(), *rsdt, *madt;
	const char *why;

	if (!rsdp)
		return "no RSDP";
	if (!(rsdt = table(acpi_rsdp_rsdt(rsdp), "RSDT", &why)))
		return why;
	for (uint32_t i = 0; i < acpi_rsdt_count(rsdt); i++) {
		const uint8_t *t = phys(acpi_rsdt_entry(rsdt, i), ACPI_HDR_LEN);
		if (!t || memcmp(t, "APIC", 4) != 0)
			continue;
		if (!(madt = table(acpi_rsdt_entry(rsdt, i), "APIC", &why)))
			return why;
		return madt_parse(madt, acpi_table_len(madt), m);
	}
	return "no MADT";
}
