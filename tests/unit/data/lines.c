/* lines.c: the source of the ELF test_lines.c reads, built at test time
 * (host/host.mk): gcc -m32 -g -O0, .text at 0. Each mark_N label is
 * emitted by the asm statement on line N, so the line table must put the
 * label's address on that line. Keep the line numbers where they are. */
int sink;

void hot(void)
{
	__asm__ volatile(".globl mark_9\nmark_9: nop; nop; nop; nop");
	sink++;
	__asm__ volatile(".globl mark_11\nmark_11: nop; nop; nop; nop");
}

void cold(void)
{
	__asm__ volatile(".globl mark_16\nmark_16: nop; nop; nop; nop");
}

void _start(void)
{
	hot();
	cold();
	for (;;)
		;
}

/* A switch that gcc -O0 compiles to a jump table in .rodata: its cases are
 * reached only through the table (test_lines.c, test_switch_table). */
int sw(int x)
{
	switch (x) {
	case 0: return 3;
	case 1: return 7;
	case 2: return 11;
	case 3: return 13;
	case 4: return 17;
	case 5: return 19;
	}
	return 0;
}
