#!/bin/sh
# check-fresh.sh [-new]: the README's two commands, `make run` then
# `make test`, on a fresh Debian machine made on the spot: a debootstrap
# minbase root with only make and git added, a clean clone of this
# repository's current commit (committed work only) copied into it, both
# commands run inside it under chroot, as root, without questions, each
# bounded in time. It reports, for each command, its exit status, its time
# and the packages deps.sh installed for it, and exits 1 if either failed.
# docs/running.md, section "A fresh machine", has the details; the root's
# mounts, its processes and apt's sources are scripts/lib/freshroot.sh's.
#
#   -new   make the base root again, even if build/fresh/base-SUITE.tar.gz exists
#
# Environment: FRESH_SUITE (bookworm), FRESH_MIRROR (the host's own Debian
# source for that suite), FRESH_TIMEOUT (3600 seconds, for debootstrap and
# for each command).
# Exit status: 0 both commands passed; 1 one of them failed; 2 the check
# could not be set up.
set -u

usage() { echo "usage: check-fresh.sh [-new]" >&2; exit 2; }
new=0
for a in "$@"; do
	case $a in
	-new) new=1 ;;
	*) usage ;;
	esac
done

suite=${FRESH_SUITE:-bookworm}
limit=${FRESH_TIMEOUT:-3600}
case $limit in ''|*[!0-9]*|0) echo "check-fresh: FRESH_TIMEOUT=$limit: a number of seconds, at least 1" >&2; exit 2 ;; esac
case $suite in ''|*[!a-z]*) echo "check-fresh: FRESH_SUITE=$suite: a Debian suite name, such as bookworm" >&2; exit 2 ;; esac

if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		exec sudo -n env FRESH_SUITE="$suite" FRESH_TIMEOUT="$limit" ${FRESH_MIRROR:+FRESH_MIRROR="$FRESH_MIRROR"} \
			sh "$0" "$@"
	fi
	echo "check-fresh: debootstrap and chroot need root (and sudo -n is not allowed)" >&2
	exit 2
fi

repo=$(cd "$(dirname "$0")/.." && pwd)
fresh=$repo/build/fresh
base=$fresh/base-$suite.tar.gz
root=$fresh/root
case $fresh in *[[:space:]]*) echo "check-fresh: $fresh: a folder with blanks in its name is not handled" >&2; exit 2 ;; esac
mkdir -p "$fresh" || exit 2
# One check at a time in a tree: a second one would undo the first's mounts.
exec 9>"$fresh/lock"
flock -n 9 || { echo "check-fresh: another check-fresh is running in $repo" >&2; exit 2; }

. "$repo/scripts/lib/freshroot.sh"
trap 'trap "" INT TERM HUP; release' EXIT
trap 'echo "check-fresh: interrupted" >&2; exit 130' INT
trap 'echo "check-fresh: terminated" >&2; exit 143' TERM
trap 'echo "check-fresh: hung up" >&2; exit 129' HUP

pairs=$(sources | awk -v s="$suite" '($2 == s || index($2, s "-") == 1) && !seen[$0]++')
mirror=${FRESH_MIRROR:-$(echo "$pairs" | awk -v s="$suite" '$2 == s { print $1; exit }')}
if [ -z "$mirror" ]; then
	echo "check-fresh: no Debian $suite source in /etc/apt/sources.list or sources.list.d/; set FRESH_MIRROR=URL" >&2
	exit 2
fi
[ -n "$pairs" ] || pairs="$mirror $suite"

# ---- the base root: debootstrap once, kept as a tarball ---------------------
if [ "$new" = 1 ] || [ ! -s "$base" ]; then
	sh "$repo/scripts/deps.sh" check-fresh || exit 2
	echo "check-fresh: debootstrap --variant=minbase --include=make,git $suite from $mirror (log: $fresh/debootstrap.log)"
	remove "$fresh/base"
	rm -f "$base"
	t0=$(date +%s)
	if ! run "$fresh/debootstrap.log" timeout -k 30 "$limit" \
		debootstrap --variant=minbase --include=make,git "$suite" "$fresh/base" "$mirror"; then
		tail -n 20 "$fresh/debootstrap.log" >&2
		echo "check-fresh: debootstrap failed (log: $fresh/debootstrap.log)" >&2
		remove "$fresh/base"
		exit 2
	fi
	# apt's sources: the host's Debian ones for this suite and its -updates
	# and -security; no daemon is started by a package inside the chroot.
	echo "$pairs" | awk '{ print "deb", $1, $2, "main" }' > "$fresh/base/etc/apt/sources.list"
	printf '#!/bin/sh\nexit 101\n' > "$fresh/base/usr/sbin/policy-rc.d"
	chmod 755 "$fresh/base/usr/sbin/policy-rc.d"
	echo "$(date -u '+%Y-%m-%d %H:%M UTC') (debootstrap: $(( $(date +%s) - t0 )) s)" > "$fresh/base/etc/profkern-fresh-base"
	if ! { tar -C "$fresh/base" --numeric-owner -czf "$base.tmp" . && mv "$base.tmp" "$base"; }; then
		echo "check-fresh: could not write $base" >&2; rm -f "$base.tmp"; exit 2
	fi
	remove "$fresh/base"
fi

# ---- the root of this check: a pristine copy of the base --------------------
remove "$root"
if ! { mkdir -p "$root" && tar -C "$root" --numeric-owner -xzf "$base"; }; then
	echo "check-fresh: could not extract $base (make check-fresh FRESH=1 makes it again)" >&2; exit 2
fi
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null

# A clean clone of the current commit: what is not committed is not checked.
commit=$(git -C "$repo" rev-parse HEAD) || exit 2
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] ||
	echo "check-fresh: note: uncommitted changes in $repo are not part of this check"
if ! { git clone -q --no-hardlinks --no-checkout "$repo" "$root/root/profkern" &&
	git -C "$root/root/profkern" checkout -q --detach "$commit"; }; then
	echo "check-fresh: could not clone $repo at $commit" >&2; exit 2
fi

mount_system || exit 2

# ---- the two commands ---------------------------------------------------------
echo "check-fresh: Debian $suite ($(cat "$root/etc/debian_version")), base made $(cat "$root/etc/profkern-fresh-base"), commit $(git -C "$repo" rev-parse --short HEAD)"
report=$fresh/report.txt
{
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "debian: $suite $(cat "$root/etc/debian_version"), minbase + make + git, from $mirror"
	echo "base: made $(cat "$root/etc/profkern-fresh-base")"
	echo "commit: $commit"
} > "$report"
failed=0
for goal in run test; do
	log=$fresh/$goal.log
	echo "check-fresh: make $goal ... (log: $log)"
	t0=$(date +%s)
	run "$log" timeout -k 30 "$limit" chroot "$root" /usr/bin/env -i HOME=/root \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/sh -c "cd /root/profkern && exec make $goal"
	st=$?
	t=$(( $(date +%s) - t0 ))
	pk=$(sed -n 's/^deps: installing: *//p' "$log" | tr '\n' ' ')
	case $st in 0) verdict=passed ;; 124|137) verdict="FAILED: no end within $limit s" ;; *) verdict=FAILED ;; esac
	line="make $goal: status $st ($verdict), $((t / 60)) min $((t % 60)) s, deps installed: ${pk:-nothing}"
	if [ "$st" != 0 ]; then
		failed=1
		tail -n 30 "$log" | sed 's/^/    /'
	fi
	echo "check-fresh: $line"
	echo "$line" >> "$report"
done
echo "check-fresh: report in $report"
exit $failed
