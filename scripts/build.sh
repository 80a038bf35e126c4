#!/usr/bin/env bash
# Configures and builds StreamSynth into build/ (Ninja, RelWithDebInfo,
# ccache when present). Extra arguments go to the build step (e.g. --target streamsynth).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STREAMSYNTH_BUILD_DIR:-$here/build}"
jobs="${STREAMSYNTH_JOBS:-$(nproc)}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build" -j "$jobs" "$@"
