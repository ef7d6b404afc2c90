/* framefmt.h: the constants of the serial frame (docs/dump-format.md), for
 * frame.c, which writes it, and host/profextract/capture.c, which reads it. */
#ifndef FORMAT_FRAMEFMT_H
#define FORMAT_FRAMEFMT_H

#define FRAME_MARK	"@PDUMP1 "	/* starts the begin and end lines */
#define FRAME_FILE_MARK	"@PFILE1 "	/* the same, of a file a program wrote */
#define FRAME_BEGIN	"BEGIN"
#define FRAME_END	"END"
#define FRAME_ESC	'%'		/* %XX in a name: the byte 0xXX */
#define FRAME_B64_LINE	76		/* base64 characters of a full body line (57 bytes) */

#endif
