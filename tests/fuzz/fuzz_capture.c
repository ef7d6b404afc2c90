/* fuzz_capture.c: the serial frame extractor (host/profextract/capture.c,
 * extract.c) on any capture. Every frame found is either whole, with its
 * payload, or damaged with a reason and no payload; every name, whatever
 * its bytes, becomes a plain file name that stays in the output folder,
 * which the harness checks by writing into a folder of its own.
 *
 * An input that starts with a NUL is instead a name and a dump, sent by the
 * guest's own frame writer (format/frame.c) and extracted again: the same
 * bytes must come back under the safe form of that name. One that starts
 * with 0x01 is a name and a file's bytes, sent as a file frame: they must
 * come back in outdir/files.
 *
 * Every other input is also read in pieces (the reader's capture_feed, as
 * profextract reads a capture as it comes): its sizes drawn from the
 * input, the frames found must be those of the whole. */
#define _GNU_SOURCE	/* mkdtemp */
#include <dirent.h>
#include <string.h>
#include <unistd.h>

#include "capture.h"
#include "extract.h"
#include "frame.h"
#include "fuzz.h"
#include "hostio.h"

static char outdir[64];

/* The promises of safe_name (docs/dump-format.md, "Safe names"). */
static void check_safe(const uint8_t *name, size_t len)
{
	char safe[SAFE_NAME_MAX + 1];
	size_t n, i;

	memset(safe, 0x55, sizeof safe);
	safe_name(name, len, safe);
	n = strnlen(safe, sizeof safe);
	FUZZ_CHECK(n >= 1 && n <= SAFE_NAME_MAX);
	FUZZ_CHECK(safe[0] != '.' && safe[0] != '-');
	for (i = 0; i < n; i++)
		FUZZ_CHECK(strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				  "0123456789._-", safe[i]) != NULL);
}

static void check_frame(const struct frame *f)
{
	FUZZ_CHECK(f->namelen <= FRAME_NAME_MAX && f->name[f->namelen] == 0);
	FUZZ_CHECK(f->line >= 1);
	if (f->ok) {
		FUZZ_CHECK(f->data != NULL && f->named);
	} else {
		FUZZ_CHECK(f->data == NULL && f->len == 0);
		fuzz_check_reason(f->why, sizeof f->why);
	}
	check_safe(f->name, f->namelen);
}

/* What extract_capture left in folder: plain files only, none hidden (a
 * temporary one would be), each removed for the next input; and in the
 * output folder, the folder "files" of the file frames, checked the same
 * way and removed, with the folders of their paths (none hidden). */
static void check_and_empty(const char *folder, int top)
{
	DIR *dir = opendir(folder);
	struct dirent *e;
	char path[400];

	FUZZ_CHECK(dir != NULL);
	while ((e = readdir(dir))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
		if (((top == 1 && !strcmp(e->d_name, "files")) || (!top && e->d_name[0] != '.')) &&
		    e->d_type == DT_DIR) {
			check_and_empty(path, 0);	/* a file frame's folders (safe_path) */
			FUZZ_CHECK(rmdir(path) == 0);
			continue;
		}
		FUZZ_CHECK(e->d_name[0] != '.' && e->d_type == DT_REG);
		FUZZ_CHECK(unlink(path) == 0);
	}
	closedir(dir);
}

static void check_and_empty_outdir(void)
{
	check_and_empty(outdir, 1);
}

/* Empty after every input, so a normal exit leaves nothing in /tmp. */
static void remove_outdir(void)
{
	rmdir(outdir);
}

/* The file the extractor wrote: the only one, named safe, holding want. */
static void check_written(const char *safe, const struct bytes *want)
{
	char path[400], err[300];
	uint8_t *got;
	size_t len;

	snprintf(path, sizeof path, "%s/%s", outdir, safe);
	FUZZ_CHECK(read_whole(path, &got, &len, err, sizeof err) == 0);
	FUZZ_CHECK(len == want->len && !memcmp(got, want->data, len));
	free(got);
	FUZZ_CHECK(unlink(path) == 0);
	check_and_empty_outdir();
}

static void roundtrip(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t namelen = nul ? (size_t)(nul - data) : size, dumplen;
	char name[2 * FRAME_NAME_MAX + 1], safe[SAFE_NAME_MAX + 1], err[300];
	struct bytes frame = { NULL, 0, 0 }, dump = { NULL, 0, 0 };
	struct capture c;
	struct pdump d;
	uint8_t *fixed;
	int rc;

	if (!nul || namelen > 2 * FRAME_NAME_MAX)
		return;
	memcpy(name, data, namelen);
	name[namelen] = 0;
	dumplen = size - namelen - 1;
	fixed = fuzz_fix_crc(nul + 1, dumplen);
	rc = pdump_read(fixed, dumplen, &d, &host_alloc, err, sizeof err);
	free(fixed);
	if (rc)
		return;
	if (fuzz_dump_buckets(&d) <= FUZZ_BUCKETS_CAP) {
		frame_write(name, &d, fuzz_sink, &frame);
		pdump_write(&d, fuzz_sink, &dump);
		if (namelen > FRAME_NAME_MAX)	/* the writer sends no more */
			namelen = FRAME_NAME_MAX;
		FUZZ_CHECK(capture_parse(frame.data, frame.len, &c) == 0);
		FUZZ_CHECK(c.n == 1 && c.frames[0].ok && c.frames[0].namelen == namelen);
		FUZZ_CHECK(!memcmp(c.frames[0].name, name, namelen));
		FUZZ_CHECK(c.frames[0].len == dump.len);
		FUZZ_CHECK(!memcmp(c.frames[0].data, dump.data, dump.len));
		capture_free(&c);
		FUZZ_CHECK(extract_capture(frame.data, frame.len, "fuzz", outdir, fuzz_null(),
					   fuzz_null()) == EXTRACT_OK);
		safe_name((const uint8_t *)name, namelen, safe);
		check_written(safe, &dump);
	}
	free(frame.data);
	free(dump.data);
	pdump_release(&d, &host_alloc);
}

/* A file frame of any name and bytes: found whole, of its kind, and
 * written to outdir/files under its safe path, byte for byte. */
static void roundtrip_file(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t namelen = nul ? (size_t)(nul - data) : size;
	char name[FRAME_NAME_MAX + 1], safe[SAFE_NAME_MAX + 1], path[400], err[300];
	struct bytes frame = { NULL, 0, 0 };
	struct capture c;
	uint8_t *got;
	size_t len, flen;

	if (!nul || namelen > FRAME_NAME_MAX)
		return;
	memcpy(name, data, namelen);
	name[namelen] = 0;
	flen = size - namelen - 1;
	frame_write_file(name, nul + 1, flen, fuzz_sink, &frame);
	FUZZ_CHECK(capture_parse(frame.data, frame.len, &c) == 0);
	FUZZ_CHECK(c.n == 1 && c.frames[0].ok && c.frames[0].kind == FRAME_KIND_FILE);
	FUZZ_CHECK(c.frames[0].namelen == namelen && !memcmp(c.frames[0].name, name, namelen));
	FUZZ_CHECK(c.frames[0].len == flen && !memcmp(c.frames[0].data, nul + 1, flen));
	capture_free(&c);
	FUZZ_CHECK(extract_capture(frame.data, frame.len, "fuzz", outdir, fuzz_null(),
				   fuzz_null()) == EXTRACT_OK);
	safe_path((const uint8_t *)name, namelen, safe);
	snprintf(path, sizeof path, "%s/files/%s", outdir, safe);
	FUZZ_CHECK(read_whole(path, &got, &len, err, sizeof err) == 0);
	FUZZ_CHECK(len == flen && !memcmp(got, nul + 1, len));
	free(got);
	free(frame.data);
	check_and_empty_outdir();
}

/* The events of a reading, as one text: each frame's kind, line, name,
 * whether whole, length, why, and its payload's bytes. */
static int ev_open(void *ctx, const struct frame *f)
{
	fprintf(ctx, "open %d %zu %d %zu %d\n", f->kind, f->line, f->ok, f->len, f->named);
	return 0;
}

static int ev_data(void *ctx, const uint8_t *bytes, size_t n)
{
	fwrite(bytes, 1, n, ctx);
	return 0;
}

static int ev_close(void *ctx, const struct frame *f)
{
	fprintf(ctx, "\nclose %d %zu %d %zu %d %zu ", f->kind, f->line, f->ok, f->len, f->named,
		f->namelen);
	fwrite(f->name, 1, f->namelen, ctx);
	fprintf(ctx, " %s\n", f->why);
	return 0;
}

/* data read whole, then in pieces of 1 to 64 bytes drawn from it. */
static void check_pieces(const uint8_t *data, size_t size)
{
	char *text[2];
	size_t len[2], lines[2], at, k = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		FILE *f = open_memstream(&text[pass], &len[pass]);
		struct capture_events ev = { f, ev_open, ev_data, ev_close };
		struct capture_reader *r;

		FUZZ_CHECK(f != NULL);
		FUZZ_CHECK((r = capture_reader_new(CAPTURE_UNMARK, size, &ev)) != NULL);
		for (at = 0; at < size;) {
			size_t n = pass ? 1 + data[k++ % size] % 64 : size;

			if (n > size - at)
				n = size - at;
			FUZZ_CHECK(capture_feed(r, data + at, n) == 0);
			at += n;
		}
		FUZZ_CHECK(capture_finish(r, &lines[pass]) == 0);
		capture_reader_free(r);
		fclose(f);
	}
	FUZZ_CHECK(lines[0] == lines[1] && len[0] == len[1] && !memcmp(text[0], text[1], len[0]));
	free(text[0]);
	free(text[1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capture c;
	size_t i;

	if (!outdir[0]) {
		snprintf(outdir, sizeof outdir, "/tmp/fuzz_capture.XXXXXX");
		FUZZ_CHECK(mkdtemp(outdir) != NULL);
		atexit(remove_outdir);
	}
	if (size && !data[0]) {
		roundtrip(data + 1, size - 1);
		return 0;
	}
	if (size && data[0] == 1) {
		roundtrip_file(data + 1, size - 1);
		return 0;
	}
	FUZZ_CHECK(capture_parse(data, size, &c) == 0);
	for (i = 0; i < c.n; i++)
		check_frame(&c.frames[i]);
	capture_free(&c);
	check_pieces(data, size);
	/* the input as a name, as a guest could give it */
	check_safe(data, size < 2 * SAFE_NAME_MAX ? size : 2 * SAFE_NAME_MAX);
	extract_capture(data, size, "fuzz", outdir, fuzz_null(), fuzz_null());
	check_and_empty_outdir();
	return 0;
}
