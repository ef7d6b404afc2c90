# cases/posix.sh (sourced by run.sh): the POSIX calls of docs/libc.md.
#
# tests/guest/posixtest.c checks each call's results and errors (folders,
# paths from the working folder, ftruncate, fcntl, dup2, sleeping in guest
# time, the console as a terminal, mmap, dlopen, pthreads, stdatomic);
# "posixtest env" prints its environment: the default PATH, HOME and TERM,
# and make run ENV='s module, .environ, over them. The file written in a
# folder comes back under its folders.
name=posix
mkdir -p "$out/posixdata"
printf 'FOO=bar=baz\nTERM=vt100\n' > "$out/posixdata/.environ"
printf 'posixtest env\nposixtest\n' > "$out/posix.cmd"
LIMIT=60 boot posix 0 -batch "$out/posix.cmd" -file "$out/posixdata/.environ" $kernel $u/posixtest.elf \
	$u/cmd.elf &&
has "posixtest: 0 failed" && hasnot "FAILED" &&
line_is "env: PATH=/bin:/usr/bin" && line_is "env: HOME=/" && line_is "env: TERM=vt100" &&
line_is "env: FOO=bar=baz" && count_is "^env: TERM=" 1 && line_is "env: getenv(PATH) /bin:/usr/bin" && pass
