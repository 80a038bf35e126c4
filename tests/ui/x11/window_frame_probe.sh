#!/usr/bin/env bash
# Run by test_window_fits.sh on a real X server (with_x_server.sh): starts
# the GUI with the settings in SETTINGS_DIR, waits for its main window and
# reads the window's frame geometry from the X server (the client window's
# absolute geometry from xwininfo, the frame the window manager drew from
# _NET_FRAME_EXTENTS); fails unless the frame lies inside the screen. Then
# quits with Ctrl+Q, so the window saves its geometry for the next start.
#
#   window_frame_probe.sh GUI SETTINGS_DIR
set -euo pipefail
gui="$1" settings="$2"
for tool in xdotool xwininfo xprop; do
    command -v "$tool" >/dev/null || { echo "window_frame_probe: $tool not found (Debian packages xdotool, x11-utils)" >&2; exit 1; }
done
screen_w=$(xdotool getdisplaygeometry | cut -d' ' -f1)
screen_h=$(xdotool getdisplaygeometry | cut -d' ' -f2)

XDG_CONFIG_HOME="$settings" QT_QPA_PLATFORM=xcb "$gui" >"$settings/gui.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
win=""
for _ in $(seq 1 300); do
    win=$(xdotool search --onlyvisible --pid "$pid" --name 'StreamSynth' 2>/dev/null | head -n1 || true)
    [ -n "$win" ] && break
    kill -0 "$pid" 2>/dev/null || { echo "the GUI exited before showing a window:" >&2; cat "$settings/gui.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$win" ] || { echo "no StreamSynth window after 30 s" >&2; exit 1; }
sleep 2  # the window keeps itself on screen once its real frame is known (up to 1.2 s after showing)

info=$(xwininfo -id "$win")
x=$(awk '/Absolute upper-left X/ {print $4}' <<<"$info")
y=$(awk '/Absolute upper-left Y/ {print $4}' <<<"$info")
w=$(awk '/^ *Width:/ {print $2}' <<<"$info")
h=$(awk '/^ *Height:/ {print $2}' <<<"$info")
extents=$(xprop -id "$win" _NET_FRAME_EXTENTS | sed -n 's/.*= *//p' | tr -d ' ')
[ -n "$extents" ] || { echo "the window manager set no _NET_FRAME_EXTENTS on window $win" >&2; exit 1; }
IFS=, read -r left right top bottom <<<"$extents"
fx=$((x - left)) fy=$((y - top)) fw=$((w + left + right)) fh=$((h + top + bottom))
echo "screen ${screen_w}x${screen_h}: frame ${fw}x${fh}+${fx}+${fy} (client ${w}x${h}+${x}+${y}, frame extents $extents)"
if [ "$fx" -lt 0 ] || [ "$fy" -lt 0 ] || [ $((fx + fw)) -gt "$screen_w" ] || [ $((fy + fh)) -gt "$screen_h" ]; then
    echo "FAIL: the window's frame is not inside the ${screen_w}x${screen_h} screen" >&2
    exit 1
fi

xdotool windowactivate --sync "$win" key --clearmodifiers ctrl+q
for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
    echo "FAIL: the GUI did not quit on Ctrl+Q" >&2
    exit 1
fi
wait "$pid" || { echo "FAIL: the GUI exited with an error:" >&2; cat "$settings/gui.log" >&2; exit 1; }
trap - EXIT
