/* disasm.h: capstone (x86 32-bit disassembly), for the line views
 * (decode.c) and the call stacks' frames (frames.c). */
#ifndef HOST_PINFO_READ_DISASM_H
#define HOST_PINFO_READ_DISASM_H

#include <capstone/capstone.h>

/* capstone, loaded when an instruction is first wanted (dlopen), not
 * linked: its tables take some 3 MiB of every pinfo process's memory at
 * start-up, and only the line views and the call stacks disassemble. */
struct capstone {
	cs_err (*open)(cs_arch, cs_mode, csh *);
	cs_err (*option)(csh, cs_opt_type, size_t);
	cs_insn *(*alloc)(csh);
	bool (*disasm_iter)(csh, const uint8_t **, size_t *, uint64_t *, cs_insn *);
	bool (*insn_group)(csh, const cs_insn *, unsigned int);
	void (*free)(cs_insn *, size_t);
	cs_err (*close)(csh *);
	cs_err (*regs_access)(csh, const cs_insn *, cs_regs, uint8_t *, cs_regs, uint8_t *);
};

/* The functions, or NULL when capstone cannot be loaded; a note then says
 * why and `without`, what is done instead, once for each `without`. */
const struct capstone *disasm_capstone(const char *without);

/* A handle for 32-bit x86 with the instructions' details, and an
 * instruction to decode into: 0, or -1 (nothing to close) when either
 * cannot be had. disasm_close gives both back. */
int disasm_open(const struct capstone *api, csh *cs, cs_insn **insn);
void disasm_close(const struct capstone *api, csh *cs, cs_insn *insn);

#endif
