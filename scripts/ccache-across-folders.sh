#!/usr/bin/env bash
# Does ccache serve a build in a new folder? Copies the tracked files into two
# fresh temporary folders, as .ci/run does, and builds TARGETS in each with
# CCACHE_BASEDIR set to it; prints each build's seconds and ccache's hits and
# misses (docs/build-time.md, "ccache and the suites across folders"). The
# second folder's misses are what CI compiles again despite a warm cache.
# Usage: scripts/ccache-across-folders.sh [TARGET...]  (default: three suites)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(core_common_tests cli_tests ui_tests)
root="$(mktemp -d "${TMPDIR:-/tmp}/ccache-folders.XXXXXX")"
trap 'rm -rf "$root"' EXIT
for name in first second; do
  dir="$root/$name"
  mkdir "$dir"
  (cd "$repo" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$dir"
  export CCACHE_BASEDIR="$dir" CCACHE_NOHASHDIR=true
  cmake -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
  ccache -z > /dev/null
  started=$(date +%s)
  ninja -C "$dir/build" -j2 "${targets[@]}" > "$root/$name.log" 2>&1 || { cat "$root/$name.log"; exit 1; }
  echo "$name folder: $(( $(date +%s) - started )) s"
  ccache -s | grep -E '^ *(Hits|Misses):' || true
done
