/* qplugin.h: the part of QEMU's TCG plugin interface (API version 1, as
 * QEMU 7.2 has it) that bench/truth/insncount.c and bench/smptick.c use.
 * Debian ships no header for it; these are the C declarations of the
 * functions and types the QEMU binary exports, written out for this
 * project. QEMU calls qemu_plugin_install() when it loads the plugin
 * (-plugin FILE,KEY=VALUE) and checks the plugin's qemu_plugin_version
 * against the versions it supports (0 to 1 for 7.2). */
#ifndef BENCH_TRUTH_QPLUGIN_H
#define BENCH_TRUTH_QPLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QPLUGIN_API_VERSION 1
#define QPLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;

/* What QEMU tells the plugin at install; valid during that call only. */
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	};
} qemu_info_t;

struct qemu_plugin_tb;		/* a block being translated (opaque) */
struct qemu_plugin_insn;	/* one of its instructions (opaque) */

enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

/* The plugin's entry; returns 0, or not 0 to refuse to load. */
QPLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
				       int argc, char **argv);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);

size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
/* Where the instruction's bytes are in QEMU's own memory: within guest
 * RAM, host addresses differ as the guest-physical addresses do. */
void *qemu_plugin_insn_haddr(const struct qemu_plugin_insn *insn);

/* Each time the block runs, before its first instruction: cb(vcpu, userdata). */
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
					  enum qemu_plugin_cb_flags flags, void *userdata);

/* Each time the instruction runs: *ptr += imm, generated code, no call. */
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
						void *ptr, uint64_t imm);
/* Each time the instruction runs, before it: cb(vcpu, userdata). */
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags, void *userdata);

/* A line to QEMU's log (stderr unless -D). */
void qemu_plugin_outs(const char *string);

#endif
