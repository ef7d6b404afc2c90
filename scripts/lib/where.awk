# where.awk: the functions that put into a program's fault line the code
# that faulted, as scripts/console.sh found it (its view, console.awk, and
# make run's verdict, runverdict.awk, load them with -f). The file
# ENVIRON["WHERE"] holds "LINE HEADLEN WHERE" a line: the capture's line
# LINE gets " in WHERE" after its first HEADLEN bytes (its CS:EIP), past
# the kernel's mark.

function where_load(file,    l, i, k, rest, n) {
	if (file == "")
		return
	while ((getline l < file) > 0) {
		i = index(l, " ")
		rest = substr(l, i + 1)
		k = index(rest, " ")
		if (!i || !k)
			continue
		n = substr(l, 1, i - 1) + 0
		where_len[n] = substr(rest, 1, k - 1) + 0
		where_at[n] = substr(rest, k + 1)
	}
	close(file)
}

# where_put(NR, S): S, the capture's line NR without the kernel's mark,
# with the code that faulted, when it is a fault line that was looked up
function where_put(nr, s) {
	if (!(nr in where_at))
		return s
	return substr(s, 1, where_len[nr]) " in " where_at[nr] substr(s, where_len[nr] + 1)
}
