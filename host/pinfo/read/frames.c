/* frames.c: a function's frame at each of its instructions, from its code
 * (capstone), for the call stacks (frames.h, docs/stacks.md). */
#include <stdlib.h>
#include <string.h>

#include "disasm.h"
#include "frames.h"

/* The states of the data-flow (frames.h: FRAMES_*, and these two). */
#define FR_UNREACHED	0
#define FR_PUSHED	3	/* push ebp done, EBP still the caller's, ESP only lowered since */

/* What an instruction does to the frame. */
enum { FK_NONE, FK_PUSH_EBP, FK_MOV_EBP_ESP, FK_ENTER, FK_POP_EBP, FK_EBP, FK_ESP };
/* Where it goes on. */
enum { FC_FALL, FC_JMP, FC_JCC, FC_INDIRECT, FC_STOP };

struct finsn {
	uint32_t addr, target;
	uint8_t len, fk, fc;
};

static int writes_reg(const cs_regs regs, uint8_t n, x86_reg a, x86_reg b)
{
	for (uint8_t i = 0; i < n; i++)
		if (regs[i] == a || regs[i] == b)
			return 1;
	return 0;
}

static int reg_op(const cs_x86 *x, int i, x86_reg r)
{
	return x->op_count > i && x->operands[i].type == X86_OP_REG && x->operands[i].reg == r;
}

static void classify(const struct capstone *api, csh cs, const cs_insn *in, struct finsn *f)
{
	const cs_x86 *x = &in->detail->x86;
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0;
	int jump = api->insn_group(cs, in, CS_GRP_JUMP);

	f->fk = FK_NONE;
	if (api->regs_access(cs, in, rd, &nrd, wr, &nwr) != CS_ERR_OK)
		nwr = 0, f->fk = FK_EBP;	/* not known: taken as writing EBP */
	if (in->id == X86_INS_PUSH && reg_op(x, 0, X86_REG_EBP))
		f->fk = FK_PUSH_EBP;
	else if (in->id == X86_INS_MOV && x->op_count == 2 && reg_op(x, 0, X86_REG_EBP) &&
		 reg_op(x, 1, X86_REG_ESP))
		f->fk = FK_MOV_EBP_ESP;
	else if (in->id == X86_INS_ENTER)
		f->fk = FK_ENTER;
	else if ((in->id == X86_INS_POP && reg_op(x, 0, X86_REG_EBP)) || in->id == X86_INS_LEAVE)
		f->fk = FK_POP_EBP;
	else if (writes_reg(wr, nwr, X86_REG_EBP, X86_REG_BP))
		f->fk = FK_EBP;
	else if (in->id == X86_INS_PUSH || in->id == X86_INS_CALL ||
		 ((in->id == X86_INS_SUB || in->id == X86_INS_AND) && reg_op(x, 0, X86_REG_ESP)))
		;	/* ESP lowered (a call's callee gives it back) */
	else if (writes_reg(wr, nwr, X86_REG_ESP, X86_REG_SP))
		f->fk = FK_ESP;
	f->fc = FC_FALL;
	if (jump && x->op_count == 1 && x->operands[0].type == X86_OP_IMM) {
		f->target = (uint32_t)x->operands[0].imm;
		f->fc = in->id == X86_INS_JMP ? FC_JMP : FC_JCC;
	} else if (jump) {
		f->fc = FC_INDIRECT;
	} else if (api->insn_group(cs, in, CS_GRP_RET) || api->insn_group(cs, in, CS_GRP_IRET) ||
		   in->id == X86_INS_UD2) {
		f->fc = FC_STOP;
	}
}

static uint8_t frame_step(uint8_t s, uint8_t fk)
{
	switch (fk) {
	case FK_PUSH_EBP:
		return FR_PUSHED;
	case FK_MOV_EBP_ESP:
		return s == FR_PUSHED || s == FRAMES_MADE ? FRAMES_MADE : FRAMES_OTHER;
	case FK_ENTER:
		return FRAMES_MADE;
	case FK_POP_EBP:
	case FK_EBP:
		return FRAMES_OTHER;
	case FK_ESP:
		return s == FR_PUSHED ? FRAMES_OTHER : s;
	}
	return s;
}

static uint8_t frame_meet(uint8_t a, uint8_t b)
{
	return a == FR_UNREACHED ? b : b == FR_UNREACHED || a == b ? a : FRAMES_OTHER;
}

/* The instruction that starts at addr in ins[0..n) (sorted), or n. */
static size_t finsn_at(const struct finsn *ins, size_t n, uint32_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ins[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ins[lo].addr == addr ? lo : n;
}

void frames_free(struct code_frames *fr)
{
	free(fr->state);
	free(fr->jumps);
	memset(fr, 0, sizeof *fr);
}

/* The data-flow: states at each instruction's start, from the function's
 * entry (EBP the caller's) along fall-throughs and direct jumps; an
 * indirect jump's state is met into every instruction (its targets are
 * not known). */
static int frames_flow(struct finsn *ins, size_t n, uint8_t *in, struct code_frames *out)
{
	/* an instruction's state changes twice at most (unreached, then one,
	 * then OTHER): on the list as often */
	size_t *work = malloc((2 * n + 1) * sizeof *work), nw = 0, i, k;
	uint8_t ind = FR_UNREACHED;

	if (!work)
		return -1;
	if (n) {
		in[0] = FRAMES_OTHER;
		work[nw++] = 0;
	}
	while (nw) {
		uint8_t s;

		i = work[--nw];
		s = frame_step(in[i], ins[i].fk);
		if (ins[i].fc == FC_INDIRECT && frame_meet(ind, s) != ind) {
			ind = frame_meet(ind, s);
			for (k = 0; k < n; k++)
				if (frame_meet(in[k], ind) != in[k]) {
					in[k] = frame_meet(in[k], ind);
					work[nw++] = k;
				}
			continue;
		}
		for (int pass = 0; pass < 2; pass++) {
			uint32_t to;

			if (pass == 0 && (ins[i].fc == FC_FALL || ins[i].fc == FC_JCC))
				to = ins[i].addr + ins[i].len;
			else if (pass == 1 && (ins[i].fc == FC_JMP || ins[i].fc == FC_JCC))
				to = ins[i].target;
			else
				continue;
			if ((to < out->start || to >= out->end) && pass == 0) {
				out->falls_out = 1;
				continue;
			}
			if (to < out->start || to >= out->end) {
				/* none, or 4 or more and full (a power of 2): room for twice as many */
				size_t nj = out->njumps;

				if (!nj || (nj >= 4 && !(nj & (nj - 1)))) {
					uint32_t *grown = realloc(out->jumps, (nj ? 2 * nj : 4) * sizeof *grown);

					if (!grown) {
						free(work);
						return -1;
					}
					out->jumps = grown;
				}
				out->jumps[out->njumps++] = to;
				continue;
			}
			if ((k = finsn_at(ins, n, to)) == n) {
				free(work);
				return 1;	/* into an instruction, or bytes not decoded */
			}
			if (frame_meet(in[k], s) != in[k]) {
				in[k] = frame_meet(in[k], s);
				work[nw++] = k;
			}
		}
	}
	free(work);
	out->indirect = ind != FR_UNREACHED;
	return 0;
}

static const char frames_without[] =
	"a word taken for a leaf's caller is dropped by the chain's rule alone (docs/stacks.md)";

int frames_code(const uint8_t *code, uint32_t origin, uint32_t len, uint32_t start, uint32_t end,
		 struct code_frames *out)
{
	const struct capstone *api;
	struct finsn *ins = NULL;
	uint8_t *in = NULL;
	size_t n = 0, cap = 0, i;
	const uint8_t *p;
	size_t size;
	uint64_t addr;
	cs_insn *insn;
	csh cs;
	int rc;

	memset(out, 0, sizeof *out);
	out->start = start;
	out->end = end;
	if (!(api = disasm_capstone(frames_without)))
		return 1;
	if (start < origin || start - origin >= len || end <= start)
		return 0;	/* no code: nothing made */
	if (end - origin > len)
		out->end = end = origin + len;
	if (!(out->state = calloc(end - start, 1)))
		return -1;
	if (disasm_open(api, &cs, &insn))
		return frames_free(out), -1;
	p = code + (start - origin);
	size = end - start;
	addr = start;
	rc = 0;
	while (addr < end) {
		uint64_t at = addr;

		if (!api->disasm_iter(cs, &p, &size, &addr, insn))
			break;	/* the rest not decoded: a jump there goes nowhere known */
		if (n == cap) {
			struct finsn *grown;

			cap = cap ? 2 * cap : 256;
			if (!(grown = realloc(ins, cap * sizeof *grown))) {
				rc = -1;
				break;
			}
			ins = grown;
		}
		ins[n].addr = (uint32_t)at;
		ins[n].len = (uint8_t)insn->size;
		classify(api, cs, insn, &ins[n++]);
	}
	disasm_close(api, &cs, insn);
	if (!rc && !(in = calloc(n ? n : 1, 1)))
		rc = -1;
	if (!rc)
		rc = frames_flow(ins, n, in, out);
	if (rc == 1) {	/* not known: nothing made, every way out possible */
		memset(out->state, 0, end - start);
		out->indirect = 1;
		rc = 0;
	} else if (!rc) {
		for (i = 0; i < n; i++)
			out->state[ins[i].addr - start] = in[i] == FRAMES_MADE ? FRAMES_MADE :
							  in[i] ? FRAMES_OTHER : 0;
	}
	free(ins);
	free(in);
	if (rc)
		frames_free(out);
	return rc;
}

int frames_call_before(const uint8_t *code, uint32_t origin, uint32_t len, uint32_t ret)
{
	const struct capstone *api = disasm_capstone(frames_without);
	cs_insn *insn;
	csh cs;
	int found = 0;

	if (!api)
		return 1;
	if (disasm_open(api, &cs, &insn))
		return -1;
	/* x86 calls are 2 to 7 bytes long (a prefix before them changes nothing) */
	for (uint32_t k = 2; k <= 7 && !found; k++) {
		const uint8_t *p;
		size_t size = k;
		uint64_t addr = ret - k;

		if (ret - origin < k || ret - origin > len)
			continue;
		p = code + (ret - origin - k);
		if (k == 5 && p[0] == 0xE8)
			continue;
		found = api->disasm_iter(cs, &p, &size, &addr, insn) && insn->size == k &&
			api->insn_group(cs, insn, CS_GRP_CALL);
	}
	disasm_close(api, &cs, insn);
	return found;
}
