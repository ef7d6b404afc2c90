/* acpi.c: the RSDP, the RSDT and the MADT read from bytes, every length and
 * checksum checked before a field is believed (acpi.h). */
#include "acpi.h"

#define MADT_LAPIC	0	/* processor local APIC: id, APIC id, flags */
#define MADT_LAPIC_ADDR	5	/* the local APICs' 64-bit address */
#define MADT_ENTRIES	44	/* header, local APIC address, flags */
#define LAPIC_ENABLED	1u

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint8_t sum(const uint8_t *p, uint32_t n)
{
	uint8_t s = 0;

	while (n--)
		s = (uint8_t)(s + *p++);
	return s;
}

static int same(const uint8_t *p, const char *s, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (p[i] != (uint8_t)s[i])
			return 0;
	return 1;
}

int acpi_find_rsdp(const uint8_t *mem, uint32_t len)
{
	for (uint32_t off = 0; len >= RSDP_LEN && off <= len - RSDP_LEN; off += 16)
		if (same(mem + off, "RSD PTR ", 8) && sum(mem + off, RSDP_LEN) == 0)
			return (int)off;
	return -1;
}

uint32_t acpi_rsdp_rsdt(const uint8_t *rsdp)
{
	return rd32(rsdp + 16);
}

uint32_t acpi_table_len(const uint8_t *t)
{
	return rd32(t + 4);
}

const char *acpi_table_check(const uint8_t *t, uint32_t avail, const char *sig)
{
	uint32_t len;

	if (avail < ACPI_HDR_LEN)
		return "shorter than its header";
	if (!same(t, sig, 4))
		return "not the table its signature should name";
	len = acpi_table_len(t);
	if (len < ACPI_HDR_LEN)
		return "its length is shorter than its header";
	if (len > avail)
		return "its length runs past the memory given";
	if (sum(t, len) != 0)
		return "bad checksum";
	return 0;
}

uint32_t acpi_rsdt_count(const uint8_t *rsdt)
{
	return (acpi_table_len(rsdt) - ACPI_HDR_LEN) / 4;
}

uint32_t acpi_rsdt_entry(const uint8_t *rsdt, uint32_t i)
{
	return rd32(rsdt + ACPI_HDR_LEN + 4 * i);
}

const char *madt_parse(const uint8_t *t, uint32_t avail, struct madt_info *out)
{
	const char *why = acpi_table_check(t, avail, "APIC");
	struct madt_info m = { 0, 0, 0, { 0 } };
	uint32_t len, off;

	if (why)
		return why;
	len = acpi_table_len(t);
	if (len < MADT_ENTRIES)
		return "shorter than the MADT's fixed fields";
	m.lapic_phys = rd32(t + 36);
	for (off = MADT_ENTRIES; off < len; off += t[off + 1]) {
		uint8_t type, elen;
		if (len - off < 2)
			return "an entry's header runs past the table's end";
		type = t[off];
		elen = t[off + 1];
		if (elen < 2)
			return "an entry of length 0 or 1";
		if (elen > len - off)
			return "an entry runs past the table's end";
		if (type == MADT_LAPIC) {
			if (elen != 8)
				return "a processor-local-APIC entry not 8 bytes long";
			if (!(rd32(t + off + 4) & LAPIC_ENABLED))
				continue;
			if (m.ncpu < NCPU_MAX)
				m.apic_id[m.ncpu++] = t[off + 3];
			else
				m.extra++;
		} else if (type == MADT_LAPIC_ADDR) {
			if (elen != 12)
				return "a local-APIC-address entry not 12 bytes long";
			if (rd32(t + off + 8) != 0)
				return "the local APICs above 4 GiB";
			m.lapic_phys = rd32(t + off + 4);
		}
	}
	if (m.ncpu == 0)
		return "no enabled processor";
	if (m.lapic_phys & 0xFFF)
		return "the local APICs' address not on a page";
	*out = m;
	return 0;
}
