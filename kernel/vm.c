/* vm.c: page directories: the kernel's 1:1 map in 4 MiB pages, and one
 * window for each of a process's segments in 4 KiB pages. */
#include "vm.h"
#include "mem.h"
#include "percpu.h"
#include "sys/errno.h"

#define PTE_P	0x001
#define PTE_W	0x002
#define PTE_U	0x004
#define PTE_PWT	0x008
#define PTE_PCD	0x010	/* with PWT: uncached */
#define PDE_PS	0x080	/* a 4 MiB page */
#define CR0_WP	(1u << 16)
#define CR0_NW	(1u << 29)
#define CR0_CD	(1u << 30)
#define CR0_AM	(1u << 18)
#define CR0_PG	(1u << 31)
#define CR4_PSE	(1u << 4)
#define NPDE	1024

static uint32_t kpgdir[NPDE] __attribute__((aligned(PAGE)));

static void lcr3(const uint32_t *pgdir)
{
	__asm__ volatile("mov %0, %%cr3" : : "r"(pgdir) : "memory");
}

void vminit(void)
{
	uint32_t cr0, cr4;

	for (uint32_t i = 0; i < KMAP_BYTES / 0x400000; i++)
		kpgdir[i] = (i * 0x400000) | PDE_PS | PTE_W | PTE_P;	/* supervisor only */
	kpgdir[PERCPU_PDX] = percpu_init(0);	/* the first CPU's own page */
	percpu_area[0].kpgdir = kpgdir;
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 | CR4_PSE));
	lcr3(kpgdir);
	__asm__ volatile("mov %%cr0, %0" : "=r"(cr0));
	/* WP: ring 0 honours read-only pages too; AM: ring 3 may ask for #AC.
	 * CD and NW cleared: the caches on. They are set at reset, and a
	 * firmware may leave them so (Bochs's BIOS does: its log showed CR0
	 * 0xe0050033 at shutdown), which on a PC runs everything uncached. */
	__asm__ volatile("wbinvd; mov %0, %%cr0" : : "r"((cr0 | CR0_PG | CR0_WP | CR0_AM) & ~(CR0_CD | CR0_NW))
			 : "memory");
}

/* A device's registers: the 4 MiB page that holds phys, mapped 1:1 and
 * uncached, supervisor only. Only above the processes' windows; before the
 * first process, whose directory copies the kernel's. */
int vm_map_mmio(uint32_t phys)
{
	uint32_t pdx = phys >> 22;

	if (phys < UDATA_BASE + UWINDOW_MAX)
		return -EINVAL;
	kpgdir[pdx] = (pdx << 22) | PDE_PS | PTE_PCD | PTE_PWT | PTE_W | PTE_P;
	__asm__ volatile("invlpg (%0)" : : "r"(pdx << 22) : "memory");
	return 0;
}

/* Maps [linear, linear + bytes) to [phys, ...) with flags, page tables
 * taken from vm->pt[first...]. */
static int map(struct vmspace *vm, int first, uint32_t linear, uint32_t phys,
	       uint32_t bytes, uint32_t flags)
{
	for (uint32_t off = 0; off < bytes; off += PAGE) {
		uint32_t va = linear + off, pdx = va >> 22, ptx = (va >> 12) & 0x3FF;
		uint32_t **pt = &vm->pt[first + (pdx - (linear >> 22))];
		if (!*pt) {
			if (!(*pt = kalloc_page()))
				return -ENOMEM;
			vm->pgdir[pdx] = (uint32_t)*pt | PTE_U | PTE_W | PTE_P;
		}
		(*pt)[ptx] = (phys + off) | flags;
	}
	return 0;
}

int vm_create(struct vmspace *vm, uint32_t phys, uint32_t codebytes, uint32_t databytes)
{
	codebytes = PAGEROUND(codebytes);
	databytes = PAGEROUND(databytes);
	if (codebytes > UWINDOW_MAX || databytes > UWINDOW_MAX || databytes <= UGUARD)
		return -ENOMEM;
	if (!(vm->pgdir = kalloc_page()))
		return -ENOMEM;
	for (int i = 0; i < NPDE; i++)
		vm->pgdir[i] = kpgdir[i];
	if (map(vm, 0, UCODE_BASE, phys, codebytes, PTE_U | PTE_P) ||
	    map(vm, UWINDOW_MAX / 0x400000, UDATA_BASE + UGUARD, phys + codebytes + UGUARD,
		databytes - UGUARD, PTE_U | PTE_W | PTE_P)) {
		vm_free(vm);
		return -ENOMEM;
	}
	return 0;
}

void vm_free(struct vmspace *vm)
{
	for (unsigned i = 0; i < sizeof(vm->pt) / sizeof(vm->pt[0]); i++) {
		kfree_page(vm->pt[i]);
		vm->pt[i] = 0;
	}
	kfree_page(vm->pgdir);
	vm->pgdir = 0;
}

/* The index in vm->pt of the page table that maps linear. */
static int ptslot(uint32_t linear)
{
	return (linear >= UDATA_BASE ? (int)(UWINDOW_MAX / 0x400000) : 0) +
	       (int)((linear & (UWINDOW_MAX - 1)) >> 22);
}

int vm_map_page(struct vmspace *vm, uint32_t linear, uint32_t phys)
{
	return map(vm, ptslot(linear), linear, phys, PAGE, PTE_U | PTE_W | PTE_P);
}

uint32_t vm_unmap_page(struct vmspace *vm, uint32_t linear)
{
	uint32_t *pt = vm->pt[ptslot(linear)], phys;

	if (!pt || !(pt[(linear >> 12) & 0x3FF] & PTE_P))
		return 0;
	phys = pt[(linear >> 12) & 0x3FF] & ~(PAGE - 1);
	pt[(linear >> 12) & 0x3FF] = 0;
	__asm__ volatile("invlpg (%0)" : : "r"(linear) : "memory");
	return phys;
}

void vm_trim(struct vmspace *vm, uint32_t end)
{
	int first = ptslot(UDATA_BASE + end + 0x3FFFFF) , freed = 0;

	if (end > UWINDOW_MAX - 0x400000)
		return;
	for (int i = first; i < ptslot(UDATA_BASE) + (int)(UWINDOW_MAX / 0x400000); i++) {
		if (!vm->pt[i])
			continue;
		vm->pgdir[(UDATA_BASE >> 22) + (uint32_t)(i - ptslot(UDATA_BASE))] = 0;
		kfree_page(vm->pt[i]);
		vm->pt[i] = 0;
		freed = 1;
	}
	if (freed) {
		uint32_t cr3;
		__asm__ volatile("mov %%cr3, %0" : "=r"(cr3));
		if (cr3 == (uint32_t)vm->pgdir)
			lcr3(vm->pgdir);	/* the directory's entries changed */
	}
}

uint32_t vm_lookup(const struct vmspace *vm, uint32_t linear)
{
	const uint32_t *pt = vm->pt[ptslot(linear)];

	if (!pt || !(pt[(linear >> 12) & 0x3FF] & PTE_P))
		return 0;
	return (pt[(linear >> 12) & 0x3FF] & ~(PAGE - 1)) | (linear & (PAGE - 1));
}

/* CPU cpu's own copy of the kernel's directory, its window onto its own
 * page (kernel/smp/percpu.h): its CR3 when it starts and when it idles. */
uint32_t vm_kernel_cr3(int cpu)
{
	uint32_t *d;

	if (cpu == 0)
		return (uint32_t)kpgdir;
	if (!(d = kalloc_page()))
		return 0;
	for (int i = 0; i < NPDE; i++)
		d[i] = kpgdir[i];
	d[PERCPU_PDX] = percpu_init(cpu);
	percpu_area[cpu].kpgdir = d;
	return (uint32_t)d;
}

/* A process's directory maps the window onto the page of the CPU that
 * loads it: it runs on one CPU at a time, and the entry is written under
 * the kernel's lock, which the CPU that ran it last let go only after it
 * had loaded another directory. */
void vm_switch(const struct vmspace *vm)
{
	if (vm && vm->pgdir) {
		vm->pgdir[PERCPU_PDX] = this_cpu->pde;
		lcr3(vm->pgdir);
	} else {
		lcr3(this_cpu->kpgdir);
	}
}
