/* disasm.c: capstone loaded when first wanted (disasm.h). */
#include <dlfcn.h>
#include <stdio.h>

#include "disasm.h"

const struct capstone *disasm_capstone(const char *without)
{
	static const char *said[4];
	static char why[200];
	static struct capstone api;
	static int state;	/* 0 not tried, 1 loaded, -1 failed */
	/* only the major version the headers are of: cs_insn and cs_detail
	 * change their layout from one major version to the next */
	static const char *const names[] = { "libcapstone.so.4", "libcapstone.so" };
	unsigned int (*version)(int *, int *) = NULL;
	void *h = NULL;
	size_t i;

	if (state < 0) {
		for (i = 0; i < sizeof said / sizeof said[0] && said[i] && said[i] != without; i++)
			;
		if (i < sizeof said / sizeof said[0] && !said[i]) {
			said[i] = without;
			fprintf(stderr, "pinfo: note: capstone (libcapstone.so.4, Debian's libcapstone4) "
				"could not be loaded: %s; %s\n", why, without);
		}
	}
	if (state)
		return state > 0 ? &api : NULL;
	state = -1;
	for (i = 0; !h && i < sizeof names / sizeof names[0]; i++)
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (h) {
		*(void **)&api.open = dlsym(h, "cs_open");
		*(void **)&api.option = dlsym(h, "cs_option");
		*(void **)&api.alloc = dlsym(h, "cs_malloc");
		*(void **)&api.disasm_iter = dlsym(h, "cs_disasm_iter");
		*(void **)&api.insn_group = dlsym(h, "cs_insn_group");
		*(void **)&api.free = dlsym(h, "cs_free");
		*(void **)&api.close = dlsym(h, "cs_close");
		*(void **)&api.regs_access = dlsym(h, "cs_regs_access");
		*(void **)&version = dlsym(h, "cs_version");
		if (version && version(NULL, NULL) >> 8 != CS_API_MAJOR) {
			snprintf(why, sizeof why, "its version is %u, not %d", version(NULL, NULL) >> 8, CS_API_MAJOR);
			return disasm_capstone(without);
		}
		if (version && api.open && api.option && api.alloc && api.disasm_iter && api.insn_group &&
		    api.free && api.close && api.regs_access)
			return state = 1, &api;
	}
	snprintf(why, sizeof why, "%s", h ? "a function is missing" : dlerror());
	return disasm_capstone(without);
}


int disasm_open(const struct capstone *api, csh *cs, cs_insn **insn)
{
	if (api->open(CS_ARCH_X86, CS_MODE_32, cs) != CS_ERR_OK)
		return -1;
	api->option(*cs, CS_OPT_DETAIL, CS_OPT_ON);
	if (!(*insn = api->alloc(*cs))) {
		api->close(cs);
		return -1;
	}
	return 0;
}

void disasm_close(const struct capstone *api, csh *cs, cs_insn *insn)
{
	api->free(insn, 1);
	api->close(cs);
}
