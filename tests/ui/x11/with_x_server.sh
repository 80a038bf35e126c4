#!/usr/bin/env bash
# Runs a command on a real X server: a private Xvfb (1280x800, 24 bits, or
# STREAMSYNTH_XVFB_SCREEN such as 1024x700x24) on a
# free display number with the openbox window manager, so that focus, window
# activation and the mouse wheel behave as on a desktop (without a window
# manager no window is ever active and X events reach widgets differently).
# Fails naming the package when Xvfb, openbox or xdotool is missing.
#
#   tests/ui/x11/with_x_server.sh COMMAND [ARGS...]
set -euo pipefail
need() {
    command -v "$1" >/dev/null 2>&1 || { echo "with_x_server: $1 not found: install the Debian package $2 (scripts/debian-packages.txt)" >&2; exit 1; }
}
need Xvfb xvfb
need openbox openbox
need xdotool xdotool
[ $# -gt 0 ] || { echo "usage: with_x_server.sh COMMAND [ARGS...]" >&2; exit 2; }

work="$(mktemp -d)"
xvfb_pid="" wm_pid=""
cleanup() {
    [ -n "$wm_pid" ] && kill "$wm_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# A free display: no lock file and no socket. Xvfb may still lose a race with
# another server started at the same moment (CTest runs the x11 suites in
# parallel): then the next number is tried.
started=""
for n in $(seq 93 160); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    Xvfb ":$n" -screen 0 "${STREAMSYNTH_XVFB_SCREEN:-1280x800x24}" -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 1 100); do
        # Ours only when the lock names our Xvfb: another suite's server on the same number (two
        # started at once, the loser exits) answers too.
        if [ -e "/tmp/.X11-unix/X$n" ] && [ "$(tr -d ' \n' <"/tmp/.X$n-lock" 2>/dev/null)" = "$xvfb_pid" ] &&
            DISPLAY=":$n" xdotool getdisplaygeometry >/dev/null 2>&1; then
            started=":$n"
            break
        fi
        kill -0 "$xvfb_pid" 2>/dev/null || break
        sleep 0.1
    done
    [ -n "$started" ] && break
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
    xvfb_pid=""
done
[ -n "$started" ] || { echo "with_x_server: could not start Xvfb on any display :93..:160" >&2; cat "$work/xvfb.log" >&2; exit 1; }
export DISPLAY="$started"

# openbox runs --startup once it manages the screen.
HOME="$work" openbox --sm-disable --startup "touch $work/wm-ready" >"$work/openbox.log" 2>&1 &
wm_pid=$!
for _ in $(seq 1 100); do
    [ -e "$work/wm-ready" ] && break
    kill -0 "$wm_pid" 2>/dev/null || break
    sleep 0.1
done
[ -e "$work/wm-ready" ] || { echo "with_x_server: openbox did not start on $DISPLAY" >&2; cat "$work/openbox.log" >&2; exit 1; }

echo "with_x_server: Xvfb and openbox on $DISPLAY"
# Settings, caches and runtime files of the command stay in this folder.
mkdir -p "$work/home" "$work/runtime"
chmod 700 "$work/runtime"
set +e
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_RUNTIME_DIR="$work/runtime" QT_QPA_PLATFORM=xcb "$@"
rc=$?
set -e
exit "$rc"
