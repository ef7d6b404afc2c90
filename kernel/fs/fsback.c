/* fsback.c: at shutdown, the files programs created or changed go back to
 * the host over the serial line, each in a frame of its own, like a dump's
 * but marked as a file's (FRAME_FILE_MARK, docs/dump-format.md): the host's
 * profextract writes them to a folder of their own. The bytes sent are
 * bounded by the file system's space, whatever the names (fs_send_next):
 * a file past the bound is named on the console, with the bound. */
#include "fs.h"
#include "console.h"
#include "frame.h"

/* A name as the frame writes it: printable bytes but '%' as they are, any
 * other %XX, so that no name can end the console's line or forge one. */
static void name_escaped(const char *name, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = 0;

	for (; *name; name++) {
		uint8_t b = (uint8_t)*name;

		if (b > ' ' && b <= '~' && b != '%') {
			out[k++] = (char)b;
		} else {
			out[k++] = '%';
			out[k++] = hex[b >> 4];
			out[k++] = hex[b & 15];
		}
	}
	out[k] = 0;
}

void fs_send_back(void)
{
	char shown[3 * FS_PATH_MAX];	/* a whole path, each byte %XX at worst */
	const char *name;
	const uint8_t *data;
	uint32_t size, bytes = 0, left = fs_space(), heldbytes = 0;
	int i = 0, n = 0, held = 0, fits;

	while (fs_send_next(&i, &left, &name, &data, &size, &fits)) {
		if (!fits) {
			name_escaped(name, shown);
			kprintf("kernel: %s (%u bytes) not sent back: the files sent back are bounded "
				"to %u bytes in all\n", shown, size, fs_space());
			held++;
			heldbytes += size;
			continue;
		}
		frame_write_file(name, data, size, console_sink, 0);
		bytes += size;
		n++;
	}
	if (n)
		kprintf("kernel: %d file%s written by programs sent back (%u bytes)\n", n,
			n == 1 ? "" : "s", bytes);
	if (held)
		kprintf("kernel: %d file%s not sent back (%u bytes): past the bound of %u bytes\n",
			held, held == 1 ? "" : "s", heldbytes, fs_space());
}
