/* leafcaller.h: whether the word the kernel took for a stack's leaf's
 * caller (the word on top of the stack, docs/stacks.md) is none, by what
 * the module's code says. */
#ifndef HOST_PINFO_READ_LEAFCALLER_H
#define HOST_PINFO_READ_LEAFCALLER_H

#include <stddef.h>
#include <stdint.h>
#include "modsyms.h"

/* Whether pcs[b + 1], of a stack of depth return addresses whose process
 * part starts at pcs[b] (the process's EIP) in module's segment seg, is a
 * saved register, a local or an argument the kernel took for the leaf's
 * caller: the call before it is to another function than the leaf's,
 * whose frame the chain shows right, or the leaf's frame is made at its
 * EIP and the word cannot be its return address. 1: false (to be
 * dropped), 0: kept or not known, -1: out of memory. */
int leaf_caller_false(struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
		      const uint32_t *pcs, size_t depth, size_t b);

#endif
