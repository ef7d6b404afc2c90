/* desc.c: encodes segment and gate descriptors (Intel SDM vol. 3, 3.4.5). */
#include "desc.h"

/* Segment descriptor, high to low:
 * base 31:24 | G D/B L AVL | limit 19:16 | P DPL S type | base 23:0 | limit 15:0 */
uint64_t seg_desc(uint32_t base, uint32_t size, uint8_t type, uint8_t dpl)
{
	uint32_t limit, gran = 0;
	uint64_t d;

	if (size == 0)
		return 0;
	limit = size - 1;
	if (limit > DESC_MAX_BYTE_LIMIT) {
		if (size & 0xFFF)
			return 0;	/* page granularity would widen the segment */
		limit >>= 12;
		gran = 1;
	}
	d = limit & 0xFFFF;
	d |= (uint64_t)(base & 0xFFFFFF) << 16;
	d |= (uint64_t)(type & 0x1F) << 40;	/* type and S */
	d |= (uint64_t)(dpl & 3) << 45;
	d |= (uint64_t)1 << 47;			/* present */
	d |= (uint64_t)((limit >> 16) & 0xF) << 48;
	if (type & 0x10)
		d |= (uint64_t)1 << 54;		/* D/B: 32-bit code, 4 GiB stack bound */
	d |= (uint64_t)gran << 55;
	d |= (uint64_t)(base >> 24) << 56;
	return d;
}

uint64_t seg_desc_flat(uint8_t type, uint8_t dpl)
{
	/* 1 MiB pages of limit 0xFFFFF with G=1: 4 GiB. */
	return seg_desc(0, 1u << 20, type, dpl) | ((uint64_t)0xF << 48) | 0xFFFF
		| ((uint64_t)1 << 55);
}

/* Gate: offset 31:16 | P DPL 0 type | 0 | selector | offset 15:0 */
uint64_t gate_desc(uint32_t handler, uint8_t type, uint8_t dpl)
{
	uint64_t d = handler & 0xFFFF;
	d |= (uint64_t)0x08 << 16;		/* SEL_KCODE */
	d |= (uint64_t)(type & 0xF) << 40;
	d |= (uint64_t)(dpl & 3) << 45;
	d |= (uint64_t)1 << 47;
	d |= (uint64_t)(handler >> 16) << 48;
	return d;
}
