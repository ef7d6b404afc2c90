# libcfuncs.awk: sorts a program's functions into the C library's
# allocator, its string functions and the rest, for bench/libc.sh:
#   awk -f libcfuncs.awk COUNTS
# COUNTS has "function count" lines (callgrind's Ir by bench/callgrind.awk,
# the plugin's instructions by bench/truth/funcs.awk, or ticks). Prints
#   total T alloc A string S
#   alloc NAME COUNT      (each of the allocator's functions, largest first)
#   string NAME COUNT     (each string function)
#
# A name is taken without its leading underscores, GCC's clone suffixes
# (.constprop.N, .part.N, .isra.N, .cold) and newlib's reentrant "_r", so
# that newlib's _malloc_r and __malloc_lock and glibc's _int_malloc and
# __libc_malloc are each found under one name. The allocator is malloc,
# free, realloc, calloc, memalign and what each library's own code for them
# is called: glibc 2.36's malloc.c and arena.c, newlib 3.3.0's mallocr.c
# (its default allocator, dlmalloc 2.6.4), and the break's user-space side
# (sbrk, brk, morecore); the kernel's side of sbrk is the kernel's. The
# string functions are string.h's byte functions, glibc's variants of each
# included (__strcmp_avx2, __memmove_avx_unaligned_erms).
BEGIN {
	n = split("malloc free realloc calloc memalign posix_memalign aligned_alloc valloc pvalloc cfree " \
		"libc_malloc libc_free libc_realloc libc_calloc libc_memalign libc_valloc libc_pvalloc " \
		"int_malloc int_free int_realloc int_memalign mid_memalign " \
		"int_free_merge_chunk int_free_create_chunk int_free_maybe_consolidate " \
		"malloc_consolidate sysmalloc systrim unlink_chunk tcache_init tcache_get tcache_put " \
		"tcache_thread_shutdown ptmalloc_init malloc_hook_ini alloc_perturb free_perturb " \
		"mremap_chunk munmap_chunk heap_trim grow_heap new_heap arena_get2 malloc_printerr " \
		"glibc_morecore default_morecore morecore sbrk brk " \
		"malloc_extend_top malloc_trim malloc_lock malloc_unlock", a, " ")
	for (i = 1; i <= n; i++)
		alloc[a[i]] = 1
	strre = "^(strlen|strnlen|strcpy|strncpy|stpcpy|stpncpy|strcat|strncat|strcmp|strncmp|strcasecmp|" \
		"strncasecmp|strcoll|strxfrm|strchr|strrchr|strchrnul|strstr|strcasestr|strspn|strcspn|strpbrk|" \
		"strtok|strsep|strdup|strndup|memcpy|mempcpy|memmove|memset|memcmp|bcmp|memchr|memrchr|" \
		"rawmemchr|memmem|bzero|bcopy|index|rindex)(_[a-z0-9_]+)?$"
}
function base(s) {
	sub(/@.*/, "", s)
	sub(/(\.(constprop|part|isra|cold|lto_priv)(\.[0-9]+)?)+$/, "", s)
	sub(/^_+/, "", s)
	if (s ~ /_r$/ && substr(s, 1, length(s) - 2) in alloc)
		s = substr(s, 1, length(s) - 2)
	return s
}
NF >= 2 && $2 ~ /^[0-9]+$/ {
	total += $2
	b = base($1)
	if (b in alloc) {
		ac += $2; an[$1] += $2
	} else if (b ~ strre) {
		sc += $2; sn[$1] += $2
	}
}
END {
	printf "total %.0f alloc %.0f string %.0f\n", total, ac, sc
	for (f in an) printf "alloc %s %.0f\n", f, an[f] | "sort -k3,3nr"
	close("sort -k3,3nr")
	for (f in sn) printf "string %s %.0f\n", f, sn[f] | "sort -k3,3nr"
	close("sort -k3,3nr")
}
