/* events.c: what pinfo's reports say of an event profile's dump (version
 * 7, docs/events.md; events.h): the unit its counts are in, where they say
 * "Tics" of a time profile, and its events by class. A time profile's dump
 * gets the reports it always had. */
#include <string.h>

#include "dumpfmt.h"
#include "events.h"
#include "share.h"
#include "sys/syscall.h"

const char *report_unit(const struct pdump *d, int plural)
{
	if (d->type & PDUMP_TYPE_SYSCALL)
		return plural ? "system calls" : "Calls";
	if (d->type & PDUMP_TYPE_SWITCH)
		return plural ? "switches" : "Switches";
	if (d->type & PDUMP_TYPE_OFFCPU)
		return plural ? "ticks off the CPU" : "Off-CPU";
	return plural ? "tics" : "Tics";
}

/* profkern's system calls by number (include/sys/syscall.h). */
static const char *call_name(uint32_t nr)
{
	static const char *const names[SYS_MAX] = {
		[SYS_exit] = "exit", [SYS_write] = "write", [SYS_spawn] = "spawn", [SYS_wait] = "wait",
		[SYS_getpid] = "getpid", [SYS_clock] = "clock", [SYS_readfile] = "readfile",
		[SYS_yield] = "yield", [SYS_meminfo] = "meminfo", [SYS_sleep] = "sleep",
		[SYS_profinit] = "ProfInit", [SYS_profon] = "ProfOn", [SYS_profoff] = "ProfOff",
		[SYS_profdump] = "ProfDump", [SYS_proffree] = "ProfFree", [SYS_profclear] = "ProfClear",
		[SYS_profil] = "profil", [SYS_open] = "open", [SYS_close] = "close", [SYS_read] = "read",
		[SYS_lseek] = "lseek", [SYS_fstat] = "fstat", [SYS_isatty] = "isatty", [SYS_unlink] = "unlink",
		[SYS_link] = "link", [SYS_rename] = "rename", [SYS_sbrk] = "sbrk", [SYS_times] = "times",
		[SYS_gettimeofday] = "gettimeofday", [SYS_kill] = "kill",
	};

	return nr < SYS_MAX && names[nr] ? names[nr] : "?";
}

void report_events(FILE *out, const struct pdump *d)
{
	uint64_t all = 0;
	uint32_t k;

	if (!(d->type & PDUMP_TYPE_EVENTS))
		return;
	for (k = 0; k < d->ev_nclass; k++)
		all += d->ev_count[k];
	if (d->ev_every == 1)
		fprintf(out, "\nEvents: %s, each counted where the code was; %llu in all\n", report_unit(d, 1),
			(unsigned long long)all);
	else
		fprintf(out, "\nEvents: %s, every %uth counted where the code was; %llu in all\n",
			report_unit(d, 1), d->ev_every, (unsigned long long)all);
	fprintf(out, "%-14s %10s  %7s\n", d->type & PDUMP_TYPE_SYSCALL ? "Call" : d->type & PDUMP_TYPE_SWITCH ?
		"Switch" : "Off the CPU", "Count", "Percent");
	for (k = 0; k < d->ev_nclass; k++) {
		char name[32];

		if (!d->ev_count[k])
			continue;
		if (d->type & PDUMP_TYPE_OFFCPU)
			strcpy(name, "blocked");
		else if (d->type & PDUMP_TYPE_SWITCH)
			strcpy(name, k == 0 ? "voluntary" : k == 1 ? "involuntary" : "?");
		else
			snprintf(name, sizeof name, "%s (%u)", call_name(k), k);
		fprintf(out, "%-14s %10llu  %6.2f%%\n", name, (unsigned long long)d->ev_count[k],
			pct(d->ev_count[k], all));
	}
}
