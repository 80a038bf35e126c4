#!/usr/bin/env bash
# The first window fits the screen (issue 46, item 1), read from a real X
# server: the real application, fresh settings, under the openbox window
# manager on Xvfb at 1280x800 and at 1024x700; then the geometry it saved
# on the large screen is NOT restored on the small one where it would not
# fit. Each start's frame geometry comes from the X server
# (window_frame_probe.sh), not from Qt. Fails, never skips, when Xvfb, the
# window manager or a tool is missing (with_x_server.sh names the package).
#
#   test_window_fits.sh GUI
set -euo pipefail
gui="$1"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/large" "$work/small" "$work/moved"
run() {  # SCREEN SETTINGS_DIR
    STREAMSYNTH_XVFB_SCREEN="$1" bash "$here/with_x_server.sh" bash "$here/window_frame_probe.sh" "$gui" "$2"
}
run 1280x800x24 "$work/large"
run 1024x700x24 "$work/small"
# The geometry saved at 1280x800, started again at 1024x700.
cp -a "$work/large/." "$work/moved/"
grep -q '^geometry=' "$work/moved/StreamSynth/StreamSynth.conf" 2>/dev/null ||
    grep -rq 'geometry' "$work/moved" || { echo "FAIL: the GUI saved no window geometry at 1280x800" >&2; exit 1; }
run 1024x700x24 "$work/moved"
echo "the window fits at 1280x800, at 1024x700, and after moving to the smaller screen"
