# libc.mk: the guests' C library, and its host unit tests.
# The guest build compiles LIBC_SRCS into the libc archive.
LIBC_SRCS := user/lib/format.c user/lib/printf.c user/lib/string.c \
             user/lib/stdlib.c user/lib/errstr.c

# The tests #include the library's sources with LIBC(name) defined as u_##name,
# so that the real code links beside the host's libc; format.c has no libc
# names and links as it is. --wrap=write lets test_libc see printf's writes.
UNIT_TESTS += test_libc test_string
test_libc_SRCS   := tests/unit/test_libc.c user/lib/format.c
test_libc_LIBS   := -Wl,--wrap=write
test_string_SRCS := tests/unit/test_string.c
