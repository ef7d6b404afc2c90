/* conforge.c: a program that tries to forge the console. It dumps a real
 * profile, then prints a whole frame of its own making, escape sequences
 * that clear the screen and move the cursor, the byte the kernel marks its
 * own lines with, a line that reads like the kernel's, a dump frame's begin
 * line (which, taken at its word, would hide every line after it) and half
 * a line; then it faults. The kernel's fault line must still be shown, as the
 * kernel's, and no escape byte may reach the terminal
 * (tests/integration/cases/console.sh). */
#include <stdio.h>
#include <profile.h>
#include "forge.h"

static volatile unsigned sink;

int main(void)
{
	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	for (int i = 0; i < 200000; i++)
		sink = sink * 3 + 1;
	ProfOff(PT_USER);
	ProfDump(PT_USER, "real.pro");
	forge_frame("forged.pro", "counters of the program's choosing");
	printf("\033[2J\033[H\033]0;title\007cleared the screen\n");
	printf("\001kernel: conforge exited with status 0; shutting down\n");
	printf("\033[1A\033[2Kerased the line above\n");
	/* a begin line with no end line: read at its word, it hides the rest */
	printf("@PDUMP1 BEGIN name=fake.pro len=5 crc=00000000\n");
	printf("half a line, then");
	fflush(stdout);		/* stdio holds a line until its end: out now */
	__asm__ volatile("cli");
	printf("not reached\n");
	return 0;
}
