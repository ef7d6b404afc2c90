/* vm.h: paging, as the backstop of segmentation. Each process's segments
 * sit in windows of their own in its address space; everything else is
 * unmapped or the kernel's (supervisor-only). A reference past a segment's
 * limit then faults even where the limit is not checked: QEMU's TCG does
 * not check segment limits, so without this a stray pointer would reach
 * the kernel's memory. */
#ifndef KERNEL_VM_H
#define KERNEL_VM_H

#include <stdint.h>
#include "seg.h"

#define KMAP_BYTES	0x40000000u	/* the kernel maps physical memory 1:1 below 1 GiB */
#define UCODE_BASE	0x40000000u	/* a process's segment 1, linear */
#define UDATA_BASE	0x80000000u	/* a process's segment 2, linear */
#define UWINDOW_MAX	0x40000000u	/* the most either segment may hold */
/* PAGE, PAGEROUND and the data segment's guard page UGUARD: seg.h. */

struct vmspace {
	uint32_t *pgdir;
	uint32_t *pt[UWINDOW_MAX / 0x400000 * 2];	/* page tables of both windows */
};

void vminit(void);
/* Maps code (codepages bytes, read-only) and data (datapages bytes) from
 * physical memory at phys, but for the data's first UGUARD bytes, which
 * stay unmapped. Returns 0 or -ENOMEM. */
int vm_create(struct vmspace *vm, uint32_t phys, uint32_t codepages, uint32_t datapages);
void vm_free(struct vmspace *vm);
/* One page of the data window: maps linear to phys (read-write), unmaps it
 * (returning its phys), or finds the physical address of a byte (0 when
 * unmapped). */
int vm_map_page(struct vmspace *vm, uint32_t linear, uint32_t phys);
uint32_t vm_unmap_page(struct vmspace *vm, uint32_t linear);
uint32_t vm_lookup(const struct vmspace *vm, uint32_t linear);
/* Frees the data window's page tables that map nothing below end (an
 * offset in the data segment): after the heap shrank. */
void vm_trim(struct vmspace *vm, uint32_t end);
void vm_switch(const struct vmspace *vm);	/* NULL: the kernel's own */
/* The 4 MiB page of a device's registers at phys (above 3 GiB), mapped 1:1
 * uncached in the kernel's directory, before any process is made: 0, or
 * -EINVAL. */
int vm_map_mmio(uint32_t phys);
/* CPU cpu's kernel directory (its CR3 at its start; the first CPU's is the
 * kernel's own, the others' copies of it made here), 0 with no memory. */
uint32_t vm_kernel_cr3(int cpu);

#endif
