#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, AddressSanitizer,
# UndefinedBehaviorSanitizer) in their own build folder and runs each for a
# bounded time from a copy of its seed corpus and regression inputs, with a
# fixed seed. Prints per target the executions, executions per second and
# the corpus size before and after; exits 1 on a finding, naming the input
# saved in the artifacts folder (add it to tests/fuzz/regressions/TARGET/
# once fixed: CTest replays it in every build).
#
#   scripts/fuzz.sh [--seconds N] [--targets "csv_reader session ..."] [--build-dir DIR]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STREAMSYNTH_FUZZ_BUILD_DIR:-$here/build-fuzz}"
seconds=30
targets="csv_reader schema_json config_json session time_parser"
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --targets) targets="$2"; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    *) echo "fuzz: unknown option $1 (--seconds N, --targets LIST, --build-dir DIR)" >&2; exit 2 ;;
  esac
done
# shellcheck source=scripts/sanitizer-flags.sh
. "$here/scripts/sanitizer-flags.sh"
configure_sanitizer_build "$build" -DSTREAMSYNTH_BUILD_TESTS=OFF -DSTREAMSYNTH_FUZZ=ON
started=$(date +%s)
cmake --build "$build" -j "${STREAMSYNTH_JOBS:-$(nproc)}" --target $(printf 'fuzz_%s ' $targets) >/dev/null
echo "fuzz: built $(wc -w <<< "$targets") targets in $(( $(date +%s) - started )) s"
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
# One target's run: its copy of the corpus, the fixed seed, the bounded time;
# its line of figures into $artifacts/$t.result, its status into $t.status.
fuzz_one() {
  local t="$1" work log before after size runs speed result rc=0
  work="$(mktemp -d)"
  cp "$here/tests/fuzz/corpus/$t/"* "$work/"
  find "$here/tests/fuzz/regressions/$t" -type f ! -name '.*' -exec cp {} "$work/" \;
  before=$(ls "$work" | wc -l)
  log="$artifacts/$t.log"
  if "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -seed=1 -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="$artifacts/$t-" "$work" > "$log" 2>&1; then
    result="no finding"
  else
    result="FINDING: $(ls -t "$artifacts/$t-"* 2>/dev/null | head -n 1) (log: $log)"
    rc=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  after=$(ls "$work" | wc -l)
  size=$(du -sk "$work" | cut -f1)
  echo "fuzz: $t: ${runs:-?} runs in ${seconds} s (${speed:-?} exec/s), corpus $before -> $after inputs (${size} KiB): $result" \
    > "$artifacts/$t.result"
  echo "$rc" > "$artifacts/$t.status"
  rm -rf "$work"
}

# The targets side by side, as many at once as there are cores (each is one
# process on one core; its executions per second are its own), printed in order.
jobs="${STREAMSYNTH_JOBS:-$(nproc)}"
running=0
for t in $targets; do
  rm -f "$artifacts/$t.result" "$artifacts/$t.status"
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true
status=0
for t in $targets; do
  cat "$artifacts/$t.result" 2>/dev/null || echo "fuzz: $t: no result (the run did not finish)"
  if [ "$(cat "$artifacts/$t.status" 2>/dev/null)" != "0" ]; then
    status=1
    tail -n 40 "$artifacts/$t.log" >&2
  fi
done
exit "$status"
