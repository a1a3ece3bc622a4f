#!/usr/bin/env bash
# fuzz.sh [COUNT [BOX]]: runs the fuzz targets of the module for COUNT
# executions each (default 2000x), so the parsers meet generated input.
# With BOX (seconds, make test gives 60), it is a time box: no package
# is started once BOX seconds have passed (one always is), and the
# packages are taken in an order that starts at another one each day, so
# that over a few days every target is fuzzed; make fuzz-long runs every
# target, far longer.
#
# A count, not a duration: a duration-based -fuzztime can fail spuriously
# at its deadline on Go 1.26 (go.dev/issue/75804, fixed in Go 1.27).
# Most of the time goes into building each package's test binary with
# the fuzzing instrumentation (the first time on a machine, that
# compiles the SQLite driver once more: minutes), so each package is
# built once (go test -c) and its targets run from that binary, in the
# package's directory (a failing input is kept in its testdata/fuzz, as
# go test -fuzz does). The next package's binary is built while this
# one's targets run (they leave about a quarter of a core idle, and the
# build is mostly the linker, one core): the box then fuzzes rather than
# waits. A build still running when the box is spent is stopped.
#
# It prints a line per package with its targets and time; on a failure,
# the target's output. Its files (the binaries, the fuzzing cache) are
# removed on every exit.
set -euo pipefail
count="${1:-2000x}"
box="${2:-0}"
go=${GO:-go}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tablemate-fuzz.XXXXXX")
# The build of the next package, while one runs: its go command's pid,
# which is also its process group's (setsid), so that stopping it stops
# its compilers too. Its files are in $tmp/go (GOTMPDIR), removed with
# the rest once every one of its processes has ended.
ahead=
stop_ahead() {
  if [ -n "$ahead" ]; then
    kill -TERM -- "-$ahead" 2>/dev/null || true
    wait "$ahead" 2>/dev/null || true
    for _ in $(seq 100); do
      kill -0 -- "-$ahead" 2>/dev/null || break
      sleep 0.1
    done
    ahead=
  fi
}
trap 'stop_ahead; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
start=$SECONDS
# Milliseconds since the start, for the time box.
ms() { local now=${EPOCHREALTIME/./}; echo $(( now / 1000 - start_ms )); }
start_ms=0
start_ms=$(ms)

# The packages with fuzz targets, and their targets.
pkgs=() dirs=() names=()
while read -r pkg dir; do
  found=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u || true)
  [ -n "$found" ] || continue
  pkgs+=("$pkg") dirs+=("$dir") names+=("$(echo $found)")
done < <("$go" list -f '{{.ImportPath}} {{.Dir}}' ./...)
n=${#pkgs[@]}
all=0
for t in "${names[@]}"; do all=$((all + $(wc -w <<<"$t"))); done
first=0
if [ "$box" -gt 0 ] && [ "$n" -gt 0 ]; then
  # Another first package each day (FUZZ_START sets it).
  first=$(( ${FUZZ_START:-$(( $(date +%s) / 86400 ))} % n ))
fi

# build I starts building package I's binary in the background, into
# $tmp/I.test, its output in $tmp/I.log; wait "$ahead" is its status.
mkdir "$tmp/go"
build() {
  GOTMPDIR="$tmp/go" setsid "$go" test -c -o "$tmp/$1.test" -fuzz=. "${pkgs[$1]}" >"$tmp/$1.log" 2>&1 &
  ahead=$!
}

packages=0 targets=0
[ "$n" -gt 0 ] && build "$first"
for ((k = 0; k < n; k++)); do
  i=$(( (first + k) % n ))
  if [ "$box" -gt 0 ] && [ "$packages" -gt 0 ] && [ "$(ms)" -ge $((box * 1000)) ]; then
    stop_ahead
    echo "fuzz: the ${box}s time box is spent: fuzzed $targets of $all targets, in $packages of $n packages (the next day starts elsewhere; make fuzz-long runs them all)"
    exit 0
  fi
  pkg=${pkgs[$i]} dir=${dirs[$i]}
  t0=$SECONDS
  built=0
  wait "$ahead" || built=$?
  ahead=
  bin="$tmp/$i.test"
  if [ "$built" != 0 ]; then
    echo "fuzz: FAIL ${pkg#tablemate/}: does not build"
    cat "$tmp/$i.log"
    exit 1
  fi
  if [ $((k + 1)) -lt "$n" ]; then
    build $(( (first + k + 1) % n ))
  fi
  for name in ${names[$i]}; do
    if ! (cd "$dir" && "$bin" -test.run='^$' -test.fuzz="^${name}\$" -test.fuzztime="$count" \
      -test.fuzzcachedir="$tmp/cache" -test.timeout=30m) >"$tmp/log" 2>&1; then
      echo "fuzz: FAIL ${pkg#tablemate/} $name ($count)"
      cat "$tmp/log"
      echo "A failing input is kept in ${dir#"$PWD"/}/testdata/fuzz/$name/: go test -run '$name' ./${pkg#tablemate/} runs it again."
      exit 1
    fi
    targets=$((targets + 1))
  done
  rm -f "$bin"
  packages=$((packages + 1))
  printf 'fuzz: ok   %-28s %4ds  %s\n' "${pkg#tablemate/}" $((SECONDS - t0)) "${names[$i]}"
done
echo "fuzz: all passed: $targets targets in $packages packages, $count each, $((SECONDS - start))s"
