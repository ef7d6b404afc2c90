/* extract.h: profextract's work, apart from its options: files written
 * whole or not at all, and the run over a capture (extract.c; the names
 * made safe: safepath.h). */
#ifndef HOST_PROFEXTRACT_EXTRACT_H
#define HOST_PROFEXTRACT_EXTRACT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "safepath.h"	/* the names files are written under */

/* Names one capture's frames may be written under, dumps and files
 * together: a frame that would make one more is refused by name (a guest
 * could otherwise send names without end). */
#define EXTRACT_NAMES_MAX	4096

/* Exit statuses of profextract (docs/dump-format.md). */
#define EXTRACT_OK	0	/* every frame good and written, or no frame at all */
#define EXTRACT_BAD	1	/* a frame damaged, cut, not a dump, or not written */
#define EXTRACT_USAGE	2	/* bad options, or the capture unreadable */

/* Writes dir/name through a temporary file in dir and a rename, so that a
 * partial file never appears under its name. Returns 0, or -1 with err. */
int write_whole(const char *dir, const char *name, const uint8_t *data, size_t len,
		char *err, size_t errlen);

#define EXTRACT_NAMES	0x100	/* on out, each written file's name alone */
/* With EXTRACT_NAMES, each dump's name followed by its kind: "user" (a
 * profile of one process) or "system", then "time" or the event an event
 * profile counts ("syscall", "switch", "offcpu"), then "stacks" when it
 * has call stacks: "NAME user time stacks" (profextract -k). */
#define EXTRACT_KINDS	0x200

/* Extracts every good frame of capture buf (named capname in messages) into
 * outdir, reading the lines mode says (capture.h: CAPTURE_KERNEL, ...; 0:
 * every line as it is); one line per written file on out ("wrote
 * outdir/name (N bytes)", or "name" with EXTRACT_NAMES: a safe name holds
 * no newline), one per problem on errs. A frame never replaces
 * a file of outdir that is not a dump. Returns the exit status. */
int extract_capture_mode(const uint8_t *buf, size_t len, int mode, const char *capname,
			 const char *outdir, FILE *out, FILE *errs);
/* extract_capture_mode, with the files programs wrote (file frames) going
 * to filesdir, made if it is not there (NULL: outdir/files). A file frame
 * may replace a regular file there, nothing else; with EXTRACT_NAMES, only
 * the dumps are named on out (the names are for pinfo), the files on
 * neither. */
int extract_capture_to(const uint8_t *buf, size_t len, int mode, const char *capname,
		       const char *outdir, const char *filesdir, FILE *out, FILE *errs);
/* extract_capture_to over a capture read from fd as it comes, in a window
 * of bounded size whatever the capture's (total: its size, SIZE_MAX if not
 * known): each frame's payload goes to a hidden temporary file in its
 * folder, renamed to its name once the frame is whole, removed if not. */
int extract_stream(int fd, size_t total, int mode, const char *capname, const char *outdir,
		   const char *filesdir, FILE *out, FILE *errs);
/* extract_capture_mode with mode 0. */
int extract_capture(const uint8_t *buf, size_t len, const char *capname,
		    const char *outdir, FILE *out, FILE *errs);

#endif
