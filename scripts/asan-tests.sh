#!/usr/bin/env bash
# Builds StreamSynth's core and CLI with AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitizer-flags.sh: clang, -O1, frame
# pointers, every UB fatal) in a second build folder and runs the core and
# CLI suites and the fuzz replays there. Only the executables those tests run
# are built (plus streamsynth-cli, which the CLI suites start): never the GUI,
# its suites or the benchmarks (Qt Widgets is not instrumented). Every
# sanitizer report, also one from a streamsynth-cli started by a suite that
# expects it to fail, goes to a log file (sanitizer-logs/ in the build
# folder); any log fails the run and is printed. Leaks of Qt, Boost or the C
# library that are not ours are suppressed in scripts/lsan-suppressions.txt;
# nothing of ours ever is. Prints the seconds of the build and of the tests
# (docs/build-time.md, "Sanitizer run").
#
#   scripts/asan-tests.sh [--build-dir DIR] [ctest regex]   (default: ^(core_|cli_|fuzz_replay_))
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STREAMSYNTH_ASAN_BUILD_DIR:-$here/build-asan}"
if [ "${1:-}" = "--build-dir" ]; then build="$2"; shift 2; fi
regex="${1:-^(core_|cli_|fuzz_replay_)}"
jobs="${STREAMSYNTH_JOBS:-$(nproc)}"
logs="$build/sanitizer-logs"
# Leaks checked (LSan), the first report of any kind fatal, each report in a
# file of logs/ named after the process (sanitizer-flags.sh keeps these).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$here/scripts/lsan-suppressions.txt:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan}"
# shellcheck source=scripts/sanitizer-flags.sh
. "$here/scripts/sanitizer-flags.sh"
started=$(date +%s)
configure_sanitizer_build "$build" -DSTREAMSYNTH_BUILD_TESTS=ON
# The executables of the selected tests, read from the CTest files the
# configure step wrote (ctest -N names no command before it is built), and the CLI.
targets=$(find "$build" -name CTestTestfile.cmake -exec cat {} + | python3 -c '
import os, re, sys
build, regex = sys.argv[1], re.compile(sys.argv[2])
for name, exe in re.findall(r"^add_test\(\[=\[(.*?)\]=\] \"([^\"]*)\"", sys.stdin.read(), re.M):
    if regex.search(name) and exe.startswith(build + "/"):
        print(os.path.basename(exe))
' "$(cd "$build" && pwd)" "$regex" | sort -u)
[ -n "$targets" ] || { echo "asan: no test matches '$regex'" >&2; exit 2; }
echo "asan: building $(wc -w <<< "$targets") executables: $(tr '\n' ' ' <<< "$targets")"
cmake --build "$build" -j "$jobs" --target streamsynth-cli $targets
built=$(date +%s)
echo "asan: built in $(( built - started )) s"
rm -rf "$logs" && mkdir -p "$logs"
status=0
# Instrumented code runs several times slower (the statistical counter suites
# most): Qt Test's watchdog gets CTest's 600 s per test instead of its 300 s
# per test function.
export QTEST_FUNCTION_TIMEOUT="${QTEST_FUNCTION_TIMEOUT:-590000}"
(cd "$build" && QT_QPA_PLATFORM=offscreen ctest -j "$jobs" --output-on-failure -R "$regex") || status=1
echo "asan: tests in $(( $(date +%s) - built )) s"
if [ -n "$(ls -A "$logs")" ]; then
  for f in "$logs"/*; do echo "asan: report $f:" >&2; cat "$f" >&2; done
  echo "asan: $(ls "$logs" | wc -l) sanitizer report(s) above (also from processes whose test passed)" >&2
  status=1
fi
exit "$status"
