#!/usr/bin/env bash
# Builds StreamSynth's core and CLI with AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitizer-flags.sh: clang, every UB
# fatal) in a second build folder and runs the core and CLI suites there
# (not the GUI's: Qt Widgets is not instrumented, and the suites are slow
# enough). Prints the time of the build and of the tests.
#
#   scripts/asan-tests.sh [--build-dir DIR] [ctest regex]   (default: ^(core_|cli_|fuzz_replay_))
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STREAMSYNTH_ASAN_BUILD_DIR:-$here/build-asan}"
if [ "${1:-}" = "--build-dir" ]; then build="$2"; shift 2; fi
regex="${1:-^(core_|cli_|fuzz_replay_)}"
# shellcheck source=scripts/sanitizer-flags.sh
. "$here/scripts/sanitizer-flags.sh"
configure_sanitizer_build "$build" -DSTREAMSYNTH_BUILD_TESTS=ON
started=$(date +%s)
cmake --build "$build" -j "${STREAMSYNTH_JOBS:-$(nproc)}"
built=$(date +%s)
echo "asan: built in $(( built - started )) s"
cd "$build"
QT_QPA_PLATFORM=offscreen ctest -j "${STREAMSYNTH_JOBS:-$(nproc)}" --output-on-failure -R "$regex"
echo "asan: tests in $(( $(date +%s) - built )) s"
