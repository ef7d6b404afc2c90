/* test_acpi.c: the RSDP search, the table checks and the MADT parser of
 * kernel/smp/acpi.c, on tables built here byte by byte: good ones, and
 * corrupt ones, each refused with its reason, none read past its end. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "acpi.h"

static void wr32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* Sets byte 9, a table's checksum, so that its len bytes sum to 0. */
static void fix_sum(uint8_t *t, uint32_t len, uint32_t at)
{
	uint8_t s = 0;

	t[at] = 0;
	for (uint32_t i = 0; i < len; i++)
		s = (uint8_t)(s + t[i]);
	t[at] = (uint8_t)-s;
}

/* A MADT in buf: the header, the local APICs at 0xFEE00000, then n entries
 * of processor local APIC (APIC ID ids[i], enabled unless off[i]); an
 * I/O APIC entry between them. Returns its length. */
static uint32_t madt(uint8_t *buf, int n, const uint8_t *ids, const int *off)
{
	uint32_t len = 44;

	memset(buf, 0, 512);
	memcpy(buf, "APIC", 4);
	buf[8] = 3;				/* revision */
	memcpy(buf + 10, "PKTEST", 6);
	wr32(buf + 36, 0xFEE00000u);
	wr32(buf + 40, 1);			/* PC-AT compatible */
	for (int i = 0; i < n; i++) {
		uint8_t *e = buf + len;
		e[0] = 0;
		e[1] = 8;
		e[2] = (uint8_t)i;		/* ACPI processor id */
		e[3] = ids[i];
		wr32(e + 4, off && off[i] ? 0 : 1);
		len += 8;
		if (i == 0) {			/* an I/O APIC: another type, skipped */
			e = buf + len;
			e[0] = 1;
			e[1] = 12;
			wr32(e + 4, 0xFEC00000u);
			len += 12;
		}
	}
	wr32(buf + 4, len);
	fix_sum(buf, len, 9);
	return len;
}

static const uint8_t ids4[] = { 0, 1, 2, 3 };

/* Four enabled processors: four APIC IDs in order, and the APICs' address. */
static void test_madt_four(void **state)
{
	uint8_t t[512];
	struct madt_info m;
	uint32_t len = madt(t, 4, ids4, NULL);

	(void)state;
	assert_null(madt_parse(t, len, &m));
	assert_int_equal(m.ncpu, 4);
	assert_int_equal(m.extra, 0);
	assert_int_equal(m.lapic_phys, 0xFEE00000u);
	assert_memory_equal(m.apic_id, ids4, 4);
}

/* A disabled processor is not counted; more than NCPU_MAX are counted apart. */
static void test_madt_disabled_and_extra(void **state)
{
	uint8_t t[512], ids[10];
	int off[10] = { 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 };
	struct madt_info m;

	(void)state;
	assert_null(madt_parse(t, madt(t, 4, ids4, off), &m));
	assert_int_equal(m.ncpu, 3);
	assert_int_equal(m.apic_id[1], 2);
	for (int i = 0; i < 10; i++)
		ids[i] = (uint8_t)(2 * i);
	memset(off, 0, sizeof(off));
	assert_null(madt_parse(t, madt(t, 10, ids, off), &m));
	assert_int_equal(m.ncpu, NCPU_MAX);
	assert_int_equal(m.extra, 10 - NCPU_MAX);
	assert_int_equal(m.apic_id[NCPU_MAX - 1], 2 * (NCPU_MAX - 1));
}

/* A refusal leaves *out as it was. */
static void refused(uint8_t *t, uint32_t avail, const char *want)
{
	struct madt_info m;
	const char *why;

	memset(&m, 0x5A, sizeof(m));
	why = madt_parse(t, avail, &m);
	assert_non_null(why);
	assert_string_equal(why, want);
	assert_int_equal(m.ncpu, 0x5A5A5A5A);
}

static void test_madt_bad_checksum(void **state)
{
	uint8_t t[512];
	uint32_t len = madt(t, 2, ids4, NULL);

	(void)state;
	t[50]++;
	refused(t, len, "bad checksum");
}

/* An entry of length 0 would loop for ever; of length 1 its type and
 * length overlap the next. */
static void test_madt_entry_len_zero(void **state)
{
	uint8_t t[512];
	uint32_t len = madt(t, 2, ids4, NULL);

	(void)state;
	t[44 + 1] = 0;
	fix_sum(t, len, 9);
	refused(t, len, "an entry of length 0 or 1");
	t[44 + 1] = 1;
	fix_sum(t, len, 9);
	refused(t, len, "an entry of length 0 or 1");
}

/* An entry past the table's end; a header cut by it; a table whose length
 * runs past the memory given, or below its header. */
static void test_madt_past_end(void **state)
{
	uint8_t t[512];
	uint32_t len = madt(t, 2, ids4, NULL);

	(void)state;
	t[len - 8 + 1] = 9;			/* the last entry one byte too long */
	fix_sum(t, len, 9);
	refused(t, len, "an entry runs past the table's end");
	len = madt(t, 1, ids4, NULL) + 1;	/* one byte after the last entry */
	wr32(t + 4, len);
	t[len - 1] = 0;
	fix_sum(t, len, 9);
	refused(t, len, "an entry's header runs past the table's end");
	len = madt(t, 2, ids4, NULL);
	refused(t, len - 1, "its length runs past the memory given");
	refused(t, 20, "shorter than its header");
	wr32(t + 4, 30);
	refused(t, len, "its length is shorter than its header");
}

static void test_madt_other_refusals(void **state)
{
	uint8_t t[512];
	int off[2] = { 1, 1 };
	uint32_t len = madt(t, 2, ids4, off);

	(void)state;
	refused(t, len, "no enabled processor");
	len = madt(t, 2, ids4, NULL);
	memcpy(t, "FACP", 4);
	fix_sum(t, len, 9);
	refused(t, len, "not the table its signature should name");
	len = madt(t, 2, ids4, NULL);
	t[44 + 1] = 10;				/* a processor entry of 10 bytes */
	t[44 + 10 + 0] = 0x7F;
	t[44 + 10 + 1] = 2;
	fix_sum(t, len, 9);
	refused(t, len, "a processor-local-APIC entry not 8 bytes long");
}

/* A local-APIC-address entry (type 5) moves the APICs; above 4 GiB is refused. */
static void test_madt_lapic_override(void **state)
{
	uint8_t t[512];
	struct madt_info m;
	uint32_t len = madt(t, 1, ids4, NULL);
	uint8_t *e = t + len;

	(void)state;
	e[0] = 5;
	e[1] = 12;
	wr32(e + 4, 0xFEE10000u);
	wr32(t + 4, len + 12);
	fix_sum(t, len + 12, 9);
	assert_null(madt_parse(t, len + 12, &m));
	assert_int_equal(m.lapic_phys, 0xFEE10000u);
	wr32(e + 8, 1);
	fix_sum(t, len + 12, 9);
	refused(t, len + 12, "the local APICs above 4 GiB");
}

/* The RSDP: on a 16-byte boundary, its 20 bytes summing to 0. */
static void test_rsdp(void **state)
{
	uint8_t mem[256];
	uint8_t rsdt[64];

	(void)state;
	memset(mem, 0, sizeof(mem));
	memcpy(mem + 8, "RSD PTR ", 8);		/* not on a boundary */
	assert_int_equal(acpi_find_rsdp(mem, sizeof(mem)), -1);
	memcpy(mem + 96, "RSD PTR ", 8);
	wr32(mem + 96 + 16, 0x07FE1234u);
	assert_int_equal(acpi_find_rsdp(mem, sizeof(mem)), -1);	/* bad checksum */
	fix_sum(mem + 96, RSDP_LEN, 8);
	assert_int_equal(acpi_find_rsdp(mem, sizeof(mem)), 96);
	assert_int_equal(acpi_rsdp_rsdt(mem + 96), 0x07FE1234u);
	assert_int_equal(acpi_find_rsdp(mem, 96 + RSDP_LEN - 1), -1);	/* cut short */
	assert_int_equal(acpi_find_rsdp(mem, 10), -1);
	/* an RSDT of two entries */
	memset(rsdt, 0, sizeof(rsdt));
	memcpy(rsdt, "RSDT", 4);
	wr32(rsdt + 4, 44);
	wr32(rsdt + 36, 0x1000);
	wr32(rsdt + 40, 0x2000);
	fix_sum(rsdt, 44, 9);
	assert_null(acpi_table_check(rsdt, 44, "RSDT"));
	assert_int_equal(acpi_rsdt_count(rsdt), 2);
	assert_int_equal(acpi_rsdt_entry(rsdt, 1), 0x2000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_madt_four),
		cmocka_unit_test(test_madt_disabled_and_extra),
		cmocka_unit_test(test_madt_bad_checksum),
		cmocka_unit_test(test_madt_entry_len_zero),
		cmocka_unit_test(test_madt_past_end),
		cmocka_unit_test(test_madt_other_refusals),
		cmocka_unit_test(test_madt_lapic_override),
		cmocka_unit_test(test_rsdp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
