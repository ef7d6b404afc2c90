/* lines.c: the source of the ELF test_lines.c reads, built at test time
 * (host-tools/host.mk): gcc -m32 -g -O0, .text at 0. Each mark_N label is
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
