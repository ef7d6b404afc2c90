/* frames.h: a function's frame at each of its instructions, and the calls
 * before a return address, from the code (capstone: disasm.h). */
#ifndef HOST_PINFO_READ_FRAMES_H
#define HOST_PINFO_READ_FRAMES_H

#include <stddef.h>
#include <stdint.h>

/* A function's frame at each of its instructions, for the call stacks
 * (docs/stacks.md): a data-flow over its code from its entry, along
 * fall-throughs and direct jumps (an indirect jump's state met into every
 * instruction, its targets not known). The frame is made at an instruction
 * when on every way there a `push ebp`, then only code that lowers ESP
 * or leaves it, then `mov ebp, esp` (or an `enter`) ran, and nothing wrote
 * EBP since (a `pop ebp` or `leave` unmakes it). */
#define FRAMES_OTHER	1	/* not made, or not known */
#define FRAMES_MADE	2
struct code_frames {
	uint32_t start, end;	/* the function's code: [start, end) */
	uint8_t *state;		/* [addr - start]: FRAMES_* at an instruction that can
				 * run, 0 elsewhere */
	uint32_t *jumps;	/* direct jumps that run, to outside [start, end) */
	size_t njumps;
	int indirect;		/* an indirect jump runs, or the flow is not known */
	int falls_out;		/* code that runs falls through past end */
};
/* The frames of [start, end), whose code is code[0..len) from origin.
 * Returns 0; 1 when capstone cannot be loaded (a note said once: nothing
 * known); -1 out of memory. */
int frames_code(const uint8_t *code, uint32_t origin, uint32_t len, uint32_t start, uint32_t end,
		 struct code_frames *out);
void frames_free(struct code_frames *fr);
/* 1 when an instruction that ends at ret is a call other than a
 * `call rel32` (E8): an indirect or far call (`call *eax`, `call
 * *8(%ebp)`), or capstone cannot be loaded; 0 when none is; -1 out of
 * memory. */
int frames_call_before(const uint8_t *code, uint32_t origin, uint32_t len, uint32_t ret);

#endif
