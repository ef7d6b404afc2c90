/* extract.c: profextract's work, apart from its options (extract.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "dumpfmt.h"
#include "extract.h"
#include "hostio.h"
#include "names.h"
#include "shown.h"

int write_whole(const char *dir, const char *name, const uint8_t *data, size_t len,
		char *err, size_t errlen)
{
	size_t n = strlen(dir) + strlen(name) + 16;
	char *tmp = malloc(n), *final = malloc(n);
	size_t done = 0;
	int fd = -1, rc = -1;

	if (!tmp || !final) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	/* hidden, and safe names never start with '.': no clash with a result */
	snprintf(tmp, n, "%s/.%s.XXXXXX", dir, name);
	snprintf(final, n, "%s/%s", dir, name);
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			snprintf(err, errlen, "%s: %s", tmp, strerror(w < 0 ? errno : EIO));
			goto out;
		}
		done += (size_t)w;
	}
	if (fchmod(fd, 0644) || close(fd)) {
		fd = -1;
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	fd = -1;
	if (rename(tmp, final)) {
		snprintf(err, errlen, "%s: %s", final, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	if (rc && tmp)
		unlink(tmp);
	free(tmp);
	free(final);
	return rc;
}

/* A name as the capture gave it, escaped as in the frame, for messages. */
static void print_given(FILE *f, const struct frame *fr)
{
	size_t i;

	for (i = 0; i < fr->namelen; i++) {
		uint8_t b = fr->name[i];

		if (b > ' ' && b <= '~' && b != '%' && b != '"')
			fputc(b, f);
		else
			fprintf(f, "%%%02X", b);
	}
}

/* A frame may replace a dump (an earlier frame's), never another file: the
 * output folder may hold files of the run (the capture itself, programs,
 * maps, lists) that a guest must not be able to replace. 0: dir/name is
 * not there, or is a regular file holding a valid dump; else -1 and why. */
static int replaceable(const char *dir, const char *name, char *err, size_t errlen)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *path = malloc(n), why[200];
	struct stat st;
	uint8_t *buf;
	size_t len;
	struct pdump d;
	int rc = -1;

	if (!path) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(path, n, "%s/%s", dir, name);
	if (lstat(path, &st)) {
		if (errno == ENOENT)
			rc = 0;
		else
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s is there and is not a regular file", path);
	} else if (read_whole(path, &buf, &len, why, sizeof why)) {
		snprintf(err, errlen, "%s is there and cannot be read: %s", path, why);
	} else {
		if (pdump_read(buf, len, &d, &host_alloc, why, sizeof why))
			snprintf(err, errlen, "%s is there and is not a dump", path);
		else
			pdump_release(&d, &host_alloc), rc = 0;
		free(buf);
	}
	free(path);
	return rc;
}

/* The names this capture's frames were written under, each with the name
 * its frame gave: a later frame of another name that would land on one
 * gets a suffix (pick_name), one of the same name replaces it. */
struct taken {
	int kind;
	char safe[SAFE_NAME_MAX + 1];
	struct frame *given;	/* its name and line (malloc) */
};

/* The run over a capture: the events of capture.h, each frame's payload
 * written to a hidden temporary file beside its final name as it comes,
 * renamed there once the frame is whole, removed otherwise. */
struct writer {
	int mode;
	const char *capname, *outdir, *filesdir;
	FILE *out, *errs;
	int status;
	size_t frames;
	int made_filesdir, files_written;
	uint32_t type;		/* the open dump frame's, once checked */
	struct taken *taken;
	size_t ntaken, captaken;
	/* by kind and name: written, given (taken's index), next (suffix to try) */
	struct names written, given, next;
	/* the open frame's temporary file */
	FILE *tmp;
	char *tmppath;
	char err[300];
};

/* A frame's safe name: a file frame's a path (safe_path), a dump's a name. */
static void frame_safe(const struct frame *f, char out[SAFE_NAME_MAX + 1])
{
	if (f->kind == FRAME_KIND_FILE)
		safe_path(f->name, f->namelen, out);
	else
		safe_name(f->name, f->namelen, out);
}

static const char *dir_of(const struct writer *w, int kind)
{
	return kind == FRAME_KIND_FILE ? w->filesdir : w->outdir;
}

static int past_cap(struct writer *w, const struct frame *f);

static int w_open(void *ctx, const struct frame *f)
{
	struct writer *w = ctx;
	const char *dir = dir_of(w, f->kind), *base;
	char safe[SAFE_NAME_MAX + 1];
	size_t n;
	int fd;

	w->frames++;
	w->err[0] = 0;
	if (!f->ok || past_cap(w, f))
		return 0;	/* nothing will be written: said at its close */
	if (f->kind == FRAME_KIND_FILE) {
		if (!mkdir(dir, 0755))
			w->made_filesdir = 1;
		else if (errno != EEXIST) {
			snprintf(w->err, sizeof w->err, "%s: %s", SHOWN(dir), strerror(errno));
			return 0;
		}
	}
	frame_safe(f, safe);
	if (f->kind == FRAME_KIND_FILE && make_folders(dir, safe, w->err, sizeof w->err))
		return 0;
	n = strlen(dir) + strlen(safe) + 16;
	if (!(w->tmppath = malloc(n)))
		return -1;
	/* hidden, and safe names never start with '.': no clash with a result;
	 * in the file's own folder, for the rename */
	base = strrchr(safe, '/');
	snprintf(w->tmppath, n, "%s/%.*s.%s.XXXXXX", dir, base ? (int)(base + 1 - safe) : 0, safe,
		 base ? base + 1 : safe);
	if ((fd = mkstemp(w->tmppath)) < 0 || !(w->tmp = fdopen(fd, "wb"))) {
		snprintf(w->err, sizeof w->err, "%s: %s", SHOWN(w->tmppath), strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(w->tmppath);
		}
		free(w->tmppath);
		w->tmppath = NULL;
	}
	return 0;
}

static int w_data(void *ctx, const uint8_t *bytes, size_t n)
{
	struct writer *w = ctx;

	if (w->tmp && !w->err[0] && fwrite(bytes, 1, n, w->tmp) != n)
		snprintf(w->err, sizeof w->err, "%s: %s", SHOWN(w->tmppath), strerror(errno));
	return 0;
}

/* The temporary file closed, 0644; 0, or -1 with w->err. */
static int tmp_close(struct writer *w)
{
	FILE *f = w->tmp;
	int bad;

	if (!f)
		return w->err[0] ? -1 : 0;
	w->tmp = NULL;
	bad = fflush(f) || fchmod(fileno(f), 0644);
	if (fclose(f))
		bad = 1;
	if (bad && !w->err[0])
		snprintf(w->err, sizeof w->err, "%s: %s", SHOWN(w->tmppath), strerror(errno));
	return w->err[0] ? -1 : 0;
}

static void tmp_drop(struct writer *w)
{
	if (w->tmppath) {
		unlink(w->tmppath);
		free(w->tmppath);
		w->tmppath = NULL;
	}
}

/* A dump's payload, now in the temporary file, is read back and checked
 * whole: one that is not a valid dump is refused like a damaged frame. */
static int check_dump(const char *path, uint32_t *type, char *err, size_t errlen)
{
	struct pdump d;
	uint8_t *buf;
	size_t len;
	int rc;

	if (read_whole(path, &buf, &len, err, errlen))
		return -1;
	rc = pdump_read(buf, len, &d, &host_alloc, err, errlen);
	if (!rc) {
		*type = d.type;
		pdump_release(&d, &host_alloc);
	}
	free(buf);
	return rc;
}

/* safe with "~K" before its extension (the extension kept as safe_name
 * keeps one), cut to SAFE_NAME_MAX bytes. */
static void suffixed(const char *safe, unsigned k, char out[SAFE_NAME_MAX + 1])
{
	const char *dot = strrchr(safe, '.'), *slash = strrchr(safe, '/');
	size_t len = strlen(safe), ext = 0, stem;
	char tag[16];

	snprintf(tag, sizeof tag, "~%u", k);
	if (dot && dot != safe && (!slash || dot > slash + 1) && strlen(dot) <= SAFE_EXT_MAX)
		ext = strlen(dot);	/* (a file's extension, not a folder's) */
	stem = len - ext;
	if (stem > SAFE_NAME_MAX - strlen(tag) - ext)
		stem = SAFE_NAME_MAX - strlen(tag) - ext;
	snprintf(out, SAFE_NAME_MAX + 1, "%.*s%s%s", (int)stem, safe, tag, safe + len - ext);
}

static int same_given(const struct frame *a, const struct frame *b)
{
	return a->namelen == b->namelen && !memcmp(a->name, b->name, a->namelen);
}

/* A name as the tables hold it: its kind's byte, then its bytes. */
static size_t keyed(int kind, const void *name, size_t len, uint8_t key[FRAME_NAME_MAX + 2])
{
	key[0] = (uint8_t)kind;
	memcpy(key + 1, name, len);
	return len + 1;
}

static size_t *written(const struct writer *w, int kind, const char *name)
{
	uint8_t key[FRAME_NAME_MAX + 2];

	return names_find(&w->written, key, keyed(kind, name, strlen(name), key));
}

/* The name frame f is written under: a frame of its name's, else its safe
 * name, unless a frame of another name took it, then the first of name~1,
 * name~2, ... none did, from the last tried (n frames of one safe name take
 * time near n, not n^3). *other: the frame that had the safe name, if any. */
static void pick_name(struct writer *w, const struct frame *f, char out[SAFE_NAME_MAX + 1],
		      const struct frame **other)
{
	char safe[SAFE_NAME_MAX + 1];
	uint8_t key[FRAME_NAME_MAX + 2];
	size_t *at, *next, k;

	*other = NULL;
	frame_safe(f, safe);
	if ((at = written(w, f->kind, safe)) && !same_given(w->taken[*at].given, f))
		*other = w->taken[*at].given;
	if ((at = names_find(&w->given, key, keyed(f->kind, f->name, f->namelen, key)))) {
		strcpy(out, w->taken[*at].safe);
		return;
	}
	strcpy(out, safe);
	if (!written(w, f->kind, safe))
		return;
	next = names_find(&w->next, key, keyed(f->kind, safe, strlen(safe), key));
	for (k = next ? *next : 1;; k++) {
		suffixed(safe, (unsigned)k, out);
		if (!written(w, f->kind, out))
			break;
	}
	if ((next = names_add(&w->next, key, keyed(f->kind, safe, strlen(safe), key), 0)))
		*next = k + 1;	/* (out of memory: the next search starts at 1 again) */
}

static int take(struct writer *w, const struct frame *f, const char *name)
{
	uint8_t key[FRAME_NAME_MAX + 2];
	struct taken *t;

	if (written(w, f->kind, name))
		return 0;	/* its own name again */
	if (w->ntaken == w->captaken) {
		size_t cap = w->captaken ? 2 * w->captaken : 16;
		struct taken *grown = realloc(w->taken, cap * sizeof *grown);

		if (!grown)
			return -1;
		w->taken = grown;
		w->captaken = cap;
	}
	t = &w->taken[w->ntaken];
	if (!(t->given = malloc(sizeof *t->given)))
		return -1;
	*t->given = *f;
	t->kind = f->kind;
	strcpy(t->safe, name);
	w->ntaken++;
	if (!names_add(&w->written, key, keyed(f->kind, name, strlen(name), key), w->ntaken - 1) ||
	    !names_add(&w->given, key, keyed(f->kind, f->name, f->namelen, key), w->ntaken - 1))
		return -1;
	return 0;
}

/* 1, with w->err saying so, when frame f would make the capture's names more
 * than EXTRACT_NAMES_MAX (at its open: no temporary file; and when whole). */
static int past_cap(struct writer *w, const struct frame *f)
{
	const struct frame *by;
	char name[SAFE_NAME_MAX + 1];

	if (w->ntaken < EXTRACT_NAMES_MAX)
		return 0;
	pick_name(w, f, name, &by);
	if (written(w, f->kind, name))
		return 0;
	snprintf(w->err, sizeof w->err, "%s: %s \"%s\" (line %zu): more than %d names in one capture; "
		 "nothing written", SHOWN(w->capname), f->kind == FRAME_KIND_FILE ? "file frame" : "frame",
		 name, f->line, EXTRACT_NAMES_MAX);
	return 1;
}

/* What a frame was called, and what it became, on errs: a name made
 * safe, or moved aside by another frame's. */
static void say_renamed(struct writer *w, const struct frame *f, const char *name,
			const struct frame *other)
{
	const char *what = f->kind == FRAME_KIND_FILE ? "file frame" : "frame";

	if (strlen(name) == f->namelen && !memcmp(name, f->name, f->namelen))
		return;
	fprintf(w->errs, "profextract: %s: %s \"", SHOWN(w->capname), what);
	print_given(w->errs, f);
	fprintf(w->errs, "\" (line %zu) written as %s", f->line, name);
	if (other) {
		char safe[SAFE_NAME_MAX + 1];

		frame_safe(f, safe);
		fprintf(w->errs, ": %s is %s \"", safe, what);
		print_given(w->errs, other);
		fprintf(w->errs, "\"'s (line %zu)", other->line);
	}
	fputc('\n', w->errs);
}

/* A whole frame, in its temporary file: under its name, if that may be
 * replaced (a dump only a dump, a file only a regular file). */
static int finish(struct writer *w, const struct frame *f)
{
	const char *dir = dir_of(w, f->kind);
	const char *what = f->kind == FRAME_KIND_FILE ? "file frame" : "frame";
	const struct frame *by;
	char name[SAFE_NAME_MAX + 1], err[300];
	size_t n = strlen(dir) + SAFE_NAME_MAX + 2;
	char *path = malloc(n);
	struct stat st;
	int rc = -1;

	pick_name(w, f, name, &by);
	if (!path) {
		fprintf(w->errs, "profextract: out of memory\n");
		return -1;
	}
	snprintf(path, n, "%s/%s", dir, name);
	if (past_cap(w, f))
		fprintf(w->errs, "profextract: %s\n", w->err);
	else if (f->kind == FRAME_KIND_DUMP && replaceable(dir, name, err, sizeof err))
		fprintf(w->errs, "profextract: %s: frame \"%s\" (line %zu): %s; nothing written\n",
			SHOWN(w->capname), name, f->line, SHOWN(err));
	else if (f->kind == FRAME_KIND_FILE && !lstat(path, &st) && !S_ISREG(st.st_mode))
		fprintf(w->errs, "profextract: %s: %s \"%s\" (line %zu): %s is there and is not "
			"a regular file; nothing written\n", SHOWN(w->capname), what, name, f->line,
			SHOWN(path));
	else if (rename(w->tmppath, path))
		fprintf(w->errs, "profextract: %s: %s\n", SHOWN(path), strerror(errno));
	else if (take(w, f, name))
		fprintf(w->errs, "profextract: out of memory\n");
	else
		rc = 0;
	if (!rc) {
		free(w->tmppath);
		w->tmppath = NULL;
		/* one plain line a file on stdout, for scripts; a renaming on stderr */
		if (f->kind == FRAME_KIND_FILE)
			w->files_written = 1;
		if (!(w->mode & EXTRACT_NAMES))
			fprintf(w->out, "wrote %s (%zu bytes)\n", SHOWN(path), f->len);
		else if (f->kind == FRAME_KIND_DUMP && (w->mode & EXTRACT_KINDS))
			fprintf(w->out, "%s %s %s%s\n", name,
				w->type & PDUMP_TYPE_USER ? "user" : "system",
				w->type & PDUMP_TYPE_SYSCALL ? "syscall" : w->type & PDUMP_TYPE_SWITCH ?
				"switch" : w->type & PDUMP_TYPE_OFFCPU ? "offcpu" : "time",
				w->type & PDUMP_TYPE_STACKS ? " stacks" : "");
		else if (f->kind == FRAME_KIND_DUMP)
			fprintf(w->out, "%s\n", name);
		say_renamed(w, f, name, by);
	}
	free(path);
	return rc;
}

static int w_close(void *ctx, const struct frame *f)
{
	struct writer *w = ctx;
	char safe[SAFE_NAME_MAX + 1], err[300];
	const char *what = f->kind == FRAME_KIND_FILE ? "file frame" : "frame";
	int bad = tmp_close(w);

	frame_safe(f, safe);
	if (!f->ok) {
		fprintf(w->errs, "profextract: %s: %s \"%s\" (line %zu): %s; nothing written\n",
			SHOWN(w->capname), what, f->named ? safe : "(name unreadable)", f->line,
			SHOWN(f->why));
	} else if (bad) {
		fprintf(w->errs, "profextract: %s\n", w->err);
	} else if (f->kind == FRAME_KIND_DUMP && check_dump(w->tmppath, &w->type, err, sizeof err)) {
		fprintf(w->errs, "profextract: %s: frame \"%s\" (line %zu): not a valid dump: %s; "
			"nothing written\n", SHOWN(w->capname), safe, f->line, SHOWN(err));
	} else if (!finish(w, f)) {
		return 0;
	}
	w->status = EXTRACT_BAD;
	tmp_drop(w);
	return 0;
}

static void writer_done(struct writer *w)
{
	size_t i;

	tmp_close(w);
	tmp_drop(w);
	/* a files folder made for frames that were all refused goes again */
	if (w->made_filesdir && !w->files_written)
		rmdir(w->filesdir);
	for (i = 0; i < w->ntaken; i++)
		free(w->taken[i].given);
	free(w->taken);
	names_free(&w->written);
	names_free(&w->given);
	names_free(&w->next);
}

#define EXTRACT_CHUNK	65536	/* bytes of the capture read at once */

/* The capture from fd in chunks (total its size, SIZE_MAX if not known),
 * or, fd < 0, buf[0..total). */
static int extract_run(int fd, const uint8_t *buf, size_t total, int mode, const char *capname,
		       const char *outdir, const char *filesdir, FILE *out, FILE *errs)
{
	struct writer w;
	struct capture_events ev = { &w, w_open, w_data, w_close };
	struct capture_reader *r;
	uint8_t *chunk = fd >= 0 ? malloc(EXTRACT_CHUNK) : NULL;
	char *fdir = NULL;
	size_t lines = 0;
	int rc = 0;

	memset(&w, 0, sizeof w);
	w.mode = mode;
	w.capname = capname;
	w.outdir = outdir;
	w.out = out;
	w.errs = errs;
	if (!filesdir && (fdir = malloc(strlen(outdir) + 7)))
		sprintf(fdir, "%s/files", outdir);
	w.filesdir = filesdir ? filesdir : fdir;
	r = w.filesdir && (chunk || fd < 0)
		? capture_reader_new(mode & (CAPTURE_KERNEL | CAPTURE_UNMARK), total, &ev) : NULL;
	if (!r)
		rc = -1;
	else if (fd < 0)
		rc = capture_feed(r, buf, total);
	while (r && fd >= 0) {
		ssize_t got = read(fd, chunk, EXTRACT_CHUNK);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			fprintf(errs, "profextract: %s: %s\n", SHOWN(capname), strerror(errno));
			w.status = EXTRACT_BAD;
			break;
		}
		if (!got || (rc = capture_feed(r, chunk, (size_t)got)))
			break;
	}
	if (rc || capture_finish(r, &lines)) {
		fprintf(errs, "profextract: %s: out of memory\n", SHOWN(capname));
		w.status = EXTRACT_BAD;
	} else if (!w.frames) {
		fprintf(errs, "profextract: %s: no dump frame found (%zu lines)\n", SHOWN(capname),
			lines);
	}
	capture_reader_free(r);
	writer_done(&w);
	free(chunk);
	free(fdir);
	return w.status;
}

int extract_stream(int fd, size_t total, int mode, const char *capname, const char *outdir,
		   const char *filesdir, FILE *out, FILE *errs)
{
	return extract_run(fd, NULL, total, mode, capname, outdir, filesdir, out, errs);
}

int extract_capture_to(const uint8_t *buf, size_t len, int mode, const char *capname,
		       const char *outdir, const char *filesdir, FILE *out, FILE *errs)
{
	return extract_run(-1, buf, len, mode, capname, outdir, filesdir, out, errs);
}

int extract_capture(const uint8_t *buf, size_t len, const char *capname,
		    const char *outdir, FILE *out, FILE *errs)
{
	return extract_capture_mode(buf, len, 0, capname, outdir, out, errs);
}

int extract_capture_mode(const uint8_t *buf, size_t len, int mode, const char *capname,
			 const char *outdir, FILE *out, FILE *errs)
{
	return extract_capture_to(buf, len, mode, capname, outdir, NULL, out, errs);
}
