/* sys/ioctl.h: ioctl, with Linux's numbers: the console answers
 * TIOCGWINSZ (80 columns, 25 rows) and the termios requests as
 * tcgetattr does; another descriptor is ENOTTY (docs/libc.md). */
#ifndef USER_NEWLIB_INCLUDE_SYS_IOCTL_H
#define USER_NEWLIB_INCLUDE_SYS_IOCTL_H

#include <sys/termios.h>

struct winsize {
	unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};

#define TCGETS		0x5401
#define TCSETS		0x5402
#define TCSETSW		0x5403
#define TCSETSF		0x5404
#define TIOCGWINSZ	0x5413
#define TIOCSWINSZ	0x5414
#define FIONREAD	0x541B
#define FIONBIO		0x5421

int ioctl(int fd, unsigned long request, ...);

#endif
