/* kernel.c: the bare kernel: kmain, which sets up its machine
 * (machine.c), profiles the kernel's own work through the profiler module
 * (port.c) and sends the dump over COM1; and its interrupts: IRQ0, which
 * hands each tick to the module, and every other vector, which stops. */
#include "bare.h"

/* One line on COM1, with the module's error code if there is one
 * (-PROF_E*, profkern/port.h), and QEMU's exit with a failure. */
static void __attribute__((noreturn)) fail(const char *why, int err)
{
	serial_puts("bare: ");
	serial_puts(why);
	if (err) {
		serial_puts(" (error ");
		serial_putdec((uint32_t)-err);
		serial_puts(")");
	}
	serial_puts("\n");
	shutdown(EXIT_FAIL);
}

/* A vector with no handler of its own (boot.asm): a fault, or an IRQ that
 * should be masked. Nothing to recover; say which and stop. */
void __attribute__((noreturn)) trap(uint32_t vector)
{
	serial_puts("bare: unexpected trap, vector ");
	serial_putdec(vector);
	fail("(stopped)", 0);
}

/* What boot.asm's irq0_entry leaves on the stack: pushad's registers,
 * then the CPU's frame. */
struct frame {
	uint32_t edi, esi, ebp, esp, ebx, edx, ecx, eax;
	uint32_t eip, cs, eflags;
};

static volatile uint32_t ticks;

void irq0(struct frame *f)
{
	ticks++;
	pit_write(pit_next_period());	/* QEMU's 8254 starts it now; a real one at this period's end */
	outb(0x20, 0x20);	/* OCW2: 0010 0000: non-specific EOI */
	profile_tick(f->eip, f->ebp);
}

/* ---- kmain ------------------------------------------------------------------ */
#define MB_BOOT_MAGIC	0x2BADB002
#define MB_INFO_CMDLINE	(1u << 2)
#define ROUNDS		4500	/* work(): about 5,000 samples at 1000 Hz under make bare's -icount */
#define HZ_MIN		19	/* PIT_DIVISOR(18) does not fit the PIT's 16 bits */
#define HZ_MAX		20000
/* A constant as its macro is written (HZ_MIN: "19"), for a message. */
#define DIGITS(x)	DIGITS_(x)
#define DIGITS_(x)	#x

struct mb_info {
	uint32_t flags, mem_lower, mem_upper, boot_device, cmdline;
};

/* The sample rate: "hz=N" on the command line (HZ_MIN to HZ_MAX), else 1000. */
static uint32_t cmdline_hz(const struct mb_info *mb)
{
	const char *s;
	uint32_t hz = 0;

	if (!(mb->flags & MB_INFO_CMDLINE))
		return 1000;
	for (s = (const char *)mb->cmdline; *s; s++)
		if ((s == (const char *)mb->cmdline || s[-1] == ' ') && s[0] == 'h' && s[1] == 'z' && s[2] == '=')
			break;
	if (!*s)
		return 1000;
	for (s += 3; *s >= '0' && *s <= '9' && hz <= HZ_MAX; s++)
		hz = hz * 10 + (uint32_t)(*s - '0');
	if ((*s && *s != ' ') || hz < HZ_MIN || hz > HZ_MAX)
		fail("hz= must be a number from " DIGITS(HZ_MIN) " to " DIGITS(HZ_MAX), 0);
	return hz;
}

void __attribute__((noreturn)) kmain(uint32_t magic, const struct mb_info *mb)
{
	uint32_t hz;
	int err;

	serial_init();
	if (magic != MB_BOOT_MAGIC)
		fail("not started by a multiboot loader", 0);
	hz = cmdline_hz(mb);
	gdt_init();
	idt_init();
	pic_init();
	pit_init(hz);
	if ((err = profile_start()))
		fail("the profile could not start", err);
	__asm__ volatile("sti; nop");	/* the clock ticks from here */
	work(ROUNDS);
	irq_save();
	serial_puts("bare: ");
	serial_putdec(ticks);
	serial_puts(" ticks at ");
	serial_putdec(hz);
	serial_puts(" Hz\n");
	if ((err = profile_stop_and_dump("bare.pro", hz)))
		fail("the dump could not be sent", err);
	shutdown(EXIT_OK);
}
