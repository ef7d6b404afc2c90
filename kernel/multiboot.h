/* multiboot.h: the parts of the Multiboot 0.6.96 information we read. */
#ifndef KERNEL_MULTIBOOT_H
#define KERNEL_MULTIBOOT_H

#include <stdint.h>

#define MULTIBOOT_BOOTLOADER_MAGIC 0x2BADB002
#define MBI_MEM		(1 << 0)
#define MBI_CMDLINE	(1 << 2)
#define MBI_MODS	(1 << 3)
#define MBI_MMAP	(1 << 6)

struct multiboot_info {
	uint32_t flags;
	uint32_t mem_lower, mem_upper;
	uint32_t boot_device;
	uint32_t cmdline;
	uint32_t mods_count, mods_addr;
	uint32_t syms[4];
	uint32_t mmap_length, mmap_addr;
} __attribute__((packed));

struct multiboot_mod {
	uint32_t start, end;
	uint32_t string;
	uint32_t reserved;
} __attribute__((packed));

struct multiboot_mmap {
	uint32_t size;		/* of the rest of the entry */
	uint64_t addr, len;
	uint32_t type;		/* 1: available RAM */
} __attribute__((packed));

#endif
