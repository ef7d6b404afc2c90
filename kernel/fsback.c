/* fsback.c: at shutdown, the files programs created or changed go back to
 * the host over the serial line, each in a frame of its own, like a dump's
 * but marked as a file's (FRAME_FILE_MARK, docs/dump-format.md): the host's
 * profextract writes them to a folder of their own. Their bytes are
 * bounded by the file system's space (kernel/fs.h). */
#include "fs.h"
#include "console.h"
#include "frame.h"

static void serial_sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	consolekwrite(data, len);
}

void fs_send_back(void)
{
	const char *name;
	const uint8_t *data;
	uint32_t size, bytes = 0;
	int i = 0, n = 0;

	while (fs_changed_next(&i, &name, &data, &size)) {
		frame_write_file(name, data, size, serial_sink, 0);
		bytes += size;
		n++;
	}
	if (n)
		kprintf("kernel: %d file%s written by programs sent back (%u bytes)\n", n,
			n == 1 ? "" : "s", bytes);
}
