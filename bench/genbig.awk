# genbig.awk: the assembly of a large program for the host-side benchmark:
# NFUNC functions (fn_00000 ...) tiling a SIZE-byte code segment, each
# starting on a DWORD, spaced SIZE / NFUNC apart give or take up to 60
# bytes (a fixed pseudo-random sequence), their bodies zero bytes (.skip):
# nothing runs it, the tools only read its symbols. _stext and _etext
# bound it, as readprofile wants. Linked at 1 MiB, as the kernel is:
# readprofile refuses a _stext at address 0.
#   awk -v nfunc=100000 -v size=16777216 -f genbig.awk > big.s
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed }
BEGIN {
	seed = 1
	printf "\t.section .text,\"ax\",@progbits\n\t.globl _stext, _etext\n_stext:\n"
	for (i = 0; i < nfunc; i++) {
		start = i == 0 ? 0 : int((i * (size / nfunc) + rnd() % 121 - 60) / 4) * 4
		starts[i] = start
	}
	for (i = 0; i < nfunc; i++) {
		len = (i + 1 < nfunc ? starts[i + 1] : size) - starts[i]
		name = sprintf("fn_%05d", i)
		printf "\t.globl %s\n\t.type %s, @function\n%s:\n\t.skip %d\n\t.size %s, %d\n",
		       name, name, name, len, name, len
	}
	printf "_etext:\n"
}
