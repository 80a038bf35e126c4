#!/usr/bin/env bash
# README command 2: installs what is missing, builds everything, proves the
# set-up complete (scripts/check-setup.sh) and runs every test suite with
# CTest (GUI suites on the offscreen platform).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/scripts/setup.sh"
"$here/scripts/build.sh"
build="${STREAMSYNTH_BUILD_DIR:-$here/build}"
"$here/scripts/check-setup.sh" --build-dir "$build"
cd "$build"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "${STREAMSYNTH_JOBS:-$(nproc)}"
