# freshroot.sh: the root that scripts/check-fresh.sh makes, as functions
# it sources (fresh, the check's folder, and root, the root's, set
# first): the mounts made in it and undone, the processes in it ended,
# each command run in the background so that a signal is taken at once,
# and the host's Debian sources for the root's apt.

# Each mount made is listed, and all are undone on any exit.
mounted=""	# newest first
mnt() {	# mnt TYPE OPTIONS DIR
	mount -t "$1" -o "$2" "$1" "$3" || return 1
	mounted="$3 $mounted"
}
# The processes whose root is under build/fresh (this check's chroot, or
# debootstrap's): only this script, or one that was killed outright before
# it could clean up, starts any there.
chroot_pids() {
	for p in /proc/[0-9]*; do
		case $(readlink "$p/root" 2>/dev/null) in "$fresh"/*) echo "${p#/proc/}" ;; esac
	done
}
# The mounts under build/fresh, deepest first.
fresh_mounts() {
	awk -v d="$fresh/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r
}
# release: ends the processes in the chroot and undoes every mount under
# build/fresh: this run's, newest first, then any a killed run left.
# shellcheck disable=SC2317
release() {
	[ -n "${job:-}" ] && kill -TERM "$job" 2>/dev/null
	pids=$(chroot_pids)
	if [ -n "$pids" ]; then
		# shellcheck disable=SC2086
		kill -TERM $pids 2>/dev/null; sleep 2
		pids=$(chroot_pids)
		# shellcheck disable=SC2086
		[ -n "$pids" ] && kill -KILL $pids 2>/dev/null && sleep 1
	fi
	for m in $mounted; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	mounted=""
	for m in $(fresh_mounts); do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	left=$(fresh_mounts)
	[ -z "$left" ] || { echo "check-fresh: could not unmount:" "$left" >&2; return 1; }
}
# run LOG COMMAND...: in the background, so that a signal is taken at once
# rather than when the command ends; its status.
run() {
	log=$1; shift
	"$@" >"$log" 2>&1 </dev/null 9>&- &
	job=$!
	wait "$job"
	st=$?
	job=""
	return $st
}

# A folder removed without crossing into anything mounted below it.
remove() {
	release || exit 2
	rm -rf --one-file-system "$1"
}

# mount_system: /proc, /sys (read-only) and a /dev of its own in the root:
# the usual nodes, no disks, no /dev/kvm (QEMU emulates, as it does
# anyway). 0, or 1 when a mount or a node could not be made.
mount_system() {
	mnt proc nosuid,nodev,noexec "$root/proc" &&
	mnt sysfs ro,nosuid,nodev,noexec "$root/sys" &&
	mnt tmpfs nosuid,mode=755,size=64m "$root/dev" || return 1
	for n in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
		IFS=: read -r name major minor <<EOF
$n
EOF
		mknod -m 666 "$root/dev/$name" c "$major" "$minor" || return 1
	done
	ln -s /proc/self/fd "$root/dev/fd"
	ln -s /proc/self/fd/0 "$root/dev/stdin"
	ln -s /proc/self/fd/1 "$root/dev/stdout"
	ln -s /proc/self/fd/2 "$root/dev/stderr"
	mkdir "$root/dev/pts" "$root/dev/shm"
	mnt devpts newinstance,ptmxmode=0666,mode=620 "$root/dev/pts" &&
	mnt tmpfs nosuid,nodev,mode=1777,size=256m "$root/dev/shm" || return 1
	ln -s pts/ptmx "$root/dev/ptmx"
}

# The Debian source: the host's own, as apt is configured.
# "URI SUITE" of every enabled deb source, in the one-line and deb822 forms.
sources() {
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '$1 == "deb" { i = 2
			if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
			print $i, $(i + 1) }' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'function flush(  n, m, i, j, u, s) {
			if (types ~ /(^| )deb( |$)/ && enabled != "no") {
				n = split(uris, u, " "); m = split(suites, s, " ")
				for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j]
			}
			types = uris = suites = ""; enabled = "yes"
		}
		BEGIN { enabled = "yes" }
		/^#/ { next }
		/^[ \t]*$/ { flush(); next }
		{ key = tolower($1); $1 = "" }
		key == "types:" { types = $0 } key == "uris:" { uris = $0 }
		key == "suites:" { suites = $0 } key == "enabled:" { enabled = tolower($2) }
		END { flush() }' "$f"
	done
}
