#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and starts the GUI on
# the bundled Adult stream. Arguments are passed to streamsynth (a table or
# a session file).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/scripts/setup.sh"
"$here/scripts/build.sh" --target streamsynth
build="${STREAMSYNTH_BUILD_DIR:-$here/build}"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "run-gui: no display found; starting under xvfb-run (use a desktop session to see the window)" >&2
  exec xvfb-run -a "$build/app/streamsynth" "$@"
fi
exec "$build/app/streamsynth" "$@"
