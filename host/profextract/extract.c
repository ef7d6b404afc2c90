/* extract.c: profextract's work, apart from its options (extract.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "extract.h"
#include "hostio.h"
#include "shown.h"

static int keep(uint8_t b)
{
	return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') ||
	       (b >= '0' && b <= '9') || b == '.' || b == '_' || b == '-';
}

/* Keeps [A-Za-z0-9._-], makes any other byte '_' (so '/' and '\\' never
 * reach the file system), a leading '.' '_' (no hidden file, no "." or
 * ".."), nothing "unnamed.pro", and cuts a long name to SAFE_NAME_MAX bytes
 * keeping its extension. */
void safe_name(const uint8_t *name, size_t len, char out[SAFE_NAME_MAX + 1])
{
	size_t i, n = 0, dot = 0, ext = 0;

	if (!len) {
		strcpy(out, "unnamed.pro");
		return;
	}
	for (i = len; i > 1; i--)	/* the extension: from the last dot, not the first byte */
		if (name[i - 1] == '.') {
			dot = i - 1;
			ext = len - dot;
			break;
		}
	if (len > SAFE_NAME_MAX && ext && ext <= SAFE_EXT_MAX) {
		for (i = 0; i < SAFE_NAME_MAX - ext; i++)
			out[n++] = (char)name[i];
		for (i = dot; i < len; i++)
			out[n++] = (char)name[i];
	} else {
		for (i = 0; i < len && i < SAFE_NAME_MAX; i++)
			out[n++] = (char)name[i];
	}
	out[n] = 0;
	for (i = 0; i < n; i++)
		if (!keep((uint8_t)out[i]))
			out[i] = '_';
	if (out[0] == '.')
		out[0] = '_';
}

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

/* A payload that is not a valid dump is refused like a damaged frame. */
static int check_dump(const struct frame *fr, char *err, size_t errlen)
{
	struct pdump d;

	if (pdump_read(fr->data, fr->len, &d, &host_alloc, err, errlen))
		return -1;
	pdump_release(&d, &host_alloc);
	return 0;
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

/* A file frame: to filesdir, over nothing but a regular file. */
static int extract_file(const struct frame *fr, int mode, const char *capname,
			const char *filesdir, FILE *out, FILE *errs)
{
	char safe[SAFE_NAME_MAX + 1], err[300];
	size_t n = strlen(filesdir) + SAFE_NAME_MAX + 2;
	char *path = malloc(n);
	struct stat st;
	int rc = EXTRACT_BAD;

	safe_name(fr->name, fr->namelen, safe);
	if (!path) {
		fprintf(errs, "profextract: out of memory\n");
		return EXTRACT_BAD;
	}
	snprintf(path, n, "%s/%s", filesdir, safe);
	if (!fr->ok) {
		fprintf(errs, "profextract: %s: file frame \"%s\" (line %zu): %s; nothing written\n",
			SHOWN(capname), fr->named ? safe : "(name unreadable)", fr->line, SHOWN(fr->why));
	} else if (mkdir(filesdir, 0755) && errno != EEXIST) {
		fprintf(errs, "profextract: %s: %s\n", SHOWN(filesdir), strerror(errno));
	} else if (!lstat(path, &st) && !S_ISREG(st.st_mode)) {
		fprintf(errs, "profextract: %s: file frame \"%s\" (line %zu): %s is there and is not "
			"a regular file; nothing written\n", SHOWN(capname), safe, fr->line, SHOWN(path));
	} else if (write_whole(filesdir, safe, fr->data, fr->len, err, sizeof err)) {
		fprintf(errs, "profextract: %s\n", SHOWN(err));
	} else {
		if (!(mode & EXTRACT_NAMES))
			fprintf(out, "wrote %s (%zu bytes)\n", SHOWN(path), fr->len);
		if (strlen(safe) != fr->namelen || memcmp(safe, fr->name, fr->namelen)) {
			fprintf(errs, "profextract: %s: file frame \"", SHOWN(capname));
			print_given(errs, fr);
			fprintf(errs, "\" (line %zu) written as %s\n", fr->line, safe);
		}
		rc = EXTRACT_OK;
	}
	free(path);
	return rc;
}

static int extract_one(const struct frame *fr, int mode, const char *capname,
		       const char *outdir, FILE *out, FILE *errs)
{
	char safe[SAFE_NAME_MAX + 1], err[300];

	safe_name(fr->name, fr->namelen, safe);
	if (!fr->ok || check_dump(fr, err, sizeof err)) {
		fprintf(errs, "profextract: %s: frame \"%s\" (line %zu): %s%s; nothing written\n",
			SHOWN(capname), fr->named ? safe : "(name unreadable)", fr->line,
			fr->ok ? "not a valid dump: " : "", SHOWN(fr->ok ? err : fr->why));
		return EXTRACT_BAD;
	}
	if (replaceable(outdir, safe, err, sizeof err)) {
		fprintf(errs, "profextract: %s: frame \"%s\" (line %zu): %s; nothing written\n",
			SHOWN(capname), safe, fr->line, SHOWN(err));
		return EXTRACT_BAD;
	}
	if (write_whole(outdir, safe, fr->data, fr->len, err, sizeof err)) {
		fprintf(errs, "profextract: %s\n", SHOWN(err));
		return EXTRACT_BAD;
	}
	/* one plain line a file on stdout, for scripts; a renaming on stderr */
	if (mode & EXTRACT_NAMES)
		fprintf(out, "%s\n", safe);
	else
		fprintf(out, "wrote %s/%s (%zu bytes)\n", SHOWN(outdir), safe, fr->len);
	if (strlen(safe) != fr->namelen || memcmp(safe, fr->name, fr->namelen)) {
		fprintf(errs, "profextract: %s: frame \"", SHOWN(capname));
		print_given(errs, fr);
		fprintf(errs, "\" (line %zu) written as %s\n", fr->line, safe);
	}
	return EXTRACT_OK;
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

int extract_capture_to(const uint8_t *buf, size_t len, int mode, const char *capname,
		       const char *outdir, const char *filesdir, FILE *out, FILE *errs)
{
	struct capture c;
	size_t i;
	int status = EXTRACT_OK;
	char *fdir = NULL;

	if (!filesdir) {
		size_t n = strlen(outdir) + 7;
		if (!(fdir = malloc(n))) {
			fprintf(errs, "profextract: %s: out of memory\n", SHOWN(capname));
			return EXTRACT_BAD;
		}
		snprintf(fdir, n, "%s/files", outdir);
		filesdir = fdir;
	}
	if (capture_parse_mode(buf, len, mode & (CAPTURE_KERNEL | CAPTURE_UNMARK), &c)) {
		fprintf(errs, "profextract: %s: out of memory\n", SHOWN(capname));
		free(fdir);
		return EXTRACT_BAD;
	}
	if (!c.n)
		fprintf(errs, "profextract: %s: no dump frame found (%zu lines)\n",
			SHOWN(capname), c.lines);
	for (i = 0; i < c.n; i++) {
		int r = c.frames[i].kind == FRAME_KIND_FILE
			? extract_file(&c.frames[i], mode, capname, filesdir, out, errs)
			: extract_one(&c.frames[i], mode, capname, outdir, out, errs);
		if (r != EXTRACT_OK)
			status = EXTRACT_BAD;
	}
	capture_free(&c);
	free(fdir);
	return status;
}
