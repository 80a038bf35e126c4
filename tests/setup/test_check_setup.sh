#!/usr/bin/env bash
# Tests scripts/check-setup.sh itself (issue: a green CI hid a missing
# package): on this build it must pass with setup's list, and fail, naming
# the package, when a package the build needs is removed from the list
# (those calls reuse the files and owners the first one found: --facts).
#   tests/setup/test_check_setup.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src="$1" build="$2"
check="$src/scripts/check-setup.sh"
list="$src/scripts/debian-packages.txt"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out=$("$check" --build-dir "$build" --packages "$list" --facts "$tmp/facts" 2>&1) || fail "the check fails with setup's own list: $out"
echo "$out"
grep -q 'files (.* CMake packages, .* headers' <<< "$out" || fail "no summary of what was checked: $out"
# The files and owners kept by that call (--facts) give the same verdict;
# the calls below take them from there.
[ -s "$tmp/facts/files" ] && [ -s "$tmp/facts/owners" ] || fail "--facts kept nothing in $tmp/facts"
again=$("$check" --build-dir "$build" --packages "$list" --facts "$tmp/facts" 2>&1) || fail "the kept facts fail: $again"
[ "$again" = "$out" ] || fail "the kept facts give another verdict: $again"

# removed package : the package the message must name (a metapackage's files
# belong to the versioned package it depends on)
for pair in libqt6opengl6-dev:libqt6opengl6-dev libboost-serialization-dev:libboost-serialization1.74-dev \
            libeigen3-dev:libeigen3-dev qt6-charts-dev:qt6-charts-dev; do
  pkg="${pair%%:*}" named="${pair#*:}"
  grep -v "^$pkg\$" "$list" > "$tmp/list"
  cmp -s "$tmp/list" "$list" && fail "$pkg is not in $list"
  out=$("$check" --build-dir "$build" --packages "$tmp/list" --facts "$tmp/facts" 2>&1)
  code=$?
  [ "$code" -eq 1 ] || fail "without $pkg the check exits $code, not 1: $out"
  grep -q "add $named to the list" <<< "$out" || fail "without $pkg the message does not name $named: $out"
  echo "without $pkg: exit $code, names $named"
done
# A build folder of another generator has no ninja dependency log: a clear
# message and exit 2, not a silent exit 1 (set -e on `ninja -t deps`).
mkdir "$tmp/make-build"
printf 'CMAKE_GENERATOR:INTERNAL=Unix Makefiles\n' > "$tmp/make-build/CMakeCache.txt"
out=$("$check" --build-dir "$tmp/make-build" --packages "$list" 2>&1)
code=$?
[ "$code" -eq 2 ] || fail "on a Makefiles build folder the check exits $code, not 2: $out"
grep -q 'is not a Ninja build (generator: Unix Makefiles)' <<< "$out" || fail "unclear message for a Makefiles build: $out"
echo "Makefiles build folder: exit $code, $out"
echo "PASS"
