#!/usr/bin/env bash
# Builds the Debian package (cpack in the build folder), checks it
# (desktop-file-validate, appstreamcli validate, the MIME type, lintian
# without errors or warnings), installs it with apt-get into this machine,
# runs the installed programs from /usr/bin (streamsynth-cli --version, a
# small run on the bundled data, the GUI offscreen on the bundled stream
# and on the run's session), proves that the package's Depends provide every
# library the installed programs load, and removes the package again.
# Needs root (or sudo) for apt-get. CI runs it after the tests (.ci/run).
#
#   scripts/package-check.sh [--build-dir DIR] [--keep-installed]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STREAMSYNTH_BUILD_DIR:-$here/build}"
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build="$2"; shift 2 ;;
    --keep-installed) keep=1; shift ;;
    *) echo "package-check: unknown option $1" >&2; exit 2 ;;
  esac
done
build="$(cd "$build" && pwd)"
work="$(mktemp -d)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo > /dev/null || { echo "package-check: installing needs root or sudo" >&2; exit 1; }
  SUDO="sudo"
fi
apt_get() { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@"; }
installed() { [ "$(dpkg-query -W -f='${Status}' streamsynth 2>/dev/null)" = "install ok installed" ]; }
cleanup() {
  if [ "$keep" -eq 0 ] && installed; then apt_get purge streamsynth > /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package-check: FAILED: $*" >&2; exit 1; }
step() { echo "package-check: $*"; }

build_package() {
  step "building the package (cpack in $build)"
  rm -f "$build"/streamsynth_*.deb
  # Brings the build (and CPackConfig.cmake, written by the configure step) up to date first.
  cmake --build "$build" -j "${STREAMSYNTH_JOBS:-$(nproc)}" > "$work/build.log" 2>&1 ||
    { tail -n 30 "$work/build.log" >&2; fail "the build failed"; }
  (cd "$build" && cpack -G DEB > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; fail "cpack failed"; }
  debs=("$build"/streamsynth_*_"$(dpkg --print-architecture)".deb)
  [ -f "${debs[0]}" ] || fail "cpack wrote no streamsynth_<version>_<arch>.deb in $build"
  deb="${debs[0]}"
  step "$(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
  dpkg-deb -x "$deb" "$work/root"
}

check_metadata() {
  local root="$work/root" id=org.streamsynth.StreamSynth
  desktop-file-validate "$root/usr/share/applications/$id.desktop" || fail "desktop-file-validate"
  step "desktop-file-validate: clean"
  appstreamcli validate --no-net --explain "$root/usr/share/metainfo/$id.metainfo.xml" || fail "appstreamcli validate"
  appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
  # The MIME type: update-mime-database must accept it and give the type.
  mkdir -p "$work/mime/packages"
  cp "$root/usr/share/mime/packages/streamsynth.xml" "$work/mime/packages/"
  update-mime-database "$work/mime" > "$work/mime.log" 2>&1 || { cat "$work/mime.log" >&2; fail "update-mime-database"; }
  # (grep -c, not grep -q: an early exit would SIGPIPE the first grep.)
  if [ "$(grep -v -e 'search path' -e 'XDG_DATA' -e 'applications may not' -e 'be able to find' -e 'directories currently' \
       -e '^- ' -e '^$' "$work/mime.log" | grep -c .)" != 0 ]; then
    cat "$work/mime.log" >&2; fail "update-mime-database complained about streamsynth.xml"
  fi
  [ -f "$work/mime/application/x-streamsynth-session.xml" ] || fail "the MIME database has no application/x-streamsynth-session"
  step "MIME type application/x-streamsynth-session: accepted"
  # (lintian's note that it runs as root is dropped; its exit status is kept)
  lintian --fail-on error,warning -I "$deb" 2>&1 | { grep -v 'root privileges' || true; } | tee "$work/lintian.log" ||
    fail "lintian reports errors or warnings"
  step "lintian: no errors or warnings ($(grep -c '^I:' "$work/lintian.log" || true) infos, docs/packaging.md)"
}

install_package() {
  if installed; then apt_get purge streamsynth > /dev/null; fi
  step "apt-get install ./$(basename "$deb")"
  (cd "$(dirname "$deb")" && apt_get install "./$(basename "$deb")") > "$work/apt.log" 2>&1 ||
    { cat "$work/apt.log" >&2; fail "apt-get install failed"; }
  installed || fail "dpkg does not list streamsynth as installed"
}

run_installed() {
  local version out="$work/run" home="$work/home" data=/usr/share/streamsynth/data
  version="$(dpkg-deb -f "$deb" Version)"
  [ "$(/usr/bin/streamsynth-cli --version)" = "streamsynth-cli $version" ] || fail "streamsynth-cli --version"
  step "streamsynth-cli --version: $(/usr/bin/streamsynth-cli --version)"
  mkdir -p "$home"
  (cd "$work" && HOME="$home" /usr/bin/streamsynth-cli run --data "$data/adult.csv" --schema "$data/adult-domain.json" \
      --batch 10000 --order random --series baseline,proposed:simple --epsilon 1 --k 2 --seed 1 \
      --out "$out" --session "$work/adult.session" > "$work/run.log" 2>&1) || { cat "$work/run.log" >&2; fail "streamsynth-cli run"; }
  local rows
  rows=$(grep -c -E '^(baseline|proposed-simple),1,1,[1-5],' "$out/metrics.csv" || true)
  [ "$rows" -eq 10 ] || fail "the run wrote $rows metric rows for steps 1..5, not 10 (2 series x 5 steps): $out/metrics.csv"
  step "streamsynth-cli run on $data/adult.csv: 2 series x 5 steps, session $(stat -c %s "$work/adult.session") bytes"
  for target in "" "$work/adult.session"; do
    HOME="$home" QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$home" timeout 120 /usr/bin/streamsynth --quit-after-start \
      ${target:+"$target"} > "$work/gui.log" 2>&1 || { cat "$work/gui.log" >&2; fail "streamsynth --quit-after-start ${target:-(bundled Adult)}"; }
    step "streamsynth --quit-after-start ${target:-(bundled Adult stream)}: opened"
  done
  # Decompressed to a file first: under pipefail, grep -q leaving early could
  # kill zcat with SIGPIPE and fail a page that has the command.
  zcat /usr/share/man/man1/streamsynth-cli.1.gz > "$work/cli.1" || fail "zcat of the manual page of streamsynth-cli"
  grep -q '^\.SS "run"' "$work/cli.1" || fail "the manual page of streamsynth-cli lacks its run command"
}

# The file association took effect: the MIME database knows the type and,
# where desktop-file-utils keeps the cache, the menu entry opens it.
check_association() {
  [ -f /usr/share/mime/application/x-streamsynth-session.xml ] || fail "the installed MIME database lacks the session type"
  if command -v update-desktop-database > /dev/null; then
    grep -q '^application/x-streamsynth-session=.*org.streamsynth.StreamSynth.desktop' /usr/share/applications/mimeinfo.cache ||
      fail "mimeinfo.cache does not open application/x-streamsynth-session with org.streamsynth.StreamSynth.desktop"
  fi
  step "session files open in StreamSynth (MIME database and desktop entry cache)"
}

# Every library the installed programs load (ldd, and the loader's log of a
# GUI start for the Qt plugins) belongs to a package that the package's
# Depends bring in (recursively) or to the base system.
check_depends() {
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
      streamsynth 2> /dev/null | sed -n -e 's/^\([a-z0-9][^: ]*\).*/\1/p' \
      -e 's/^ *|\{0,1\}\(Pre\)\{0,1\}Depends: *<\{0,1\}\([^:>]*\).*/\2/p' > "$work/closure"
  dpkg-query -W -f='${Package} ${Priority} ${Essential}\n' | awk '$2 == "required" || $3 == "yes" { print $1 }' >> "$work/closure"
  echo streamsynth >> "$work/closure"
  sort -u -o "$work/closure" "$work/closure"
  { ldd /usr/bin/streamsynth /usr/bin/streamsynth-cli | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p'
    HOME="$work/home" QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work/home" LD_DEBUG=files timeout 120 \
      /usr/bin/streamsynth --quit-after-start 2>&1 > /dev/null | sed -n 's/.*file=\(\/[^ ]*\) \[0\];  dynamically loaded.*/\1/p'
  } | sort -u > "$work/loaded"
  local missing=0 lib pkg n
  n=$(wc -l < "$work/loaded")
  while read -r lib; do
    [ -f "$lib" ] || continue  # the loader's log also names variants it only tried (*.so.avx2)
    # dpkg may list a library under /lib or /usr/lib (merged /usr): try both.
    pkg=$(dpkg-query -S "$lib" 2> /dev/null || dpkg-query -S "$(readlink -f "$lib")" 2> /dev/null ||
          dpkg-query -S "$(readlink -f "$lib" | sed 's#^/usr/lib/#/lib/#')" 2> /dev/null || true)
    pkg="${pkg%%: *}"; pkg="${pkg%%:*}"
    if [ -z "$pkg" ] || ! grep -qx "$pkg" "$work/closure"; then
      echo "package-check: $lib (package ${pkg:-none}) is loaded but not brought in by the package's Depends" >&2
      missing=$((missing + 1))
    fi
  done < "$work/loaded"
  [ "$missing" -eq 0 ] || fail "$missing loaded libraries are not provided by the Depends"
  step "Depends: all $n libraries and plugins the programs load come from the $(wc -l < "$work/closure") packages they bring in"
}

remove_package() {
  [ "$keep" -eq 0 ] || { step "kept installed (--keep-installed)"; return; }
  apt_get purge streamsynth > /dev/null || fail "apt-get purge streamsynth failed"
  [ ! -e /usr/bin/streamsynth-cli ] || fail "/usr/bin/streamsynth-cli is still there after the purge"
  [ ! -e /usr/share/mime/application/x-streamsynth-session.xml ] || fail "the MIME type is still registered after the purge"
  step "removed again"
}

build_package
check_metadata
install_package
run_installed
check_association
check_depends
remove_package
echo "package-check: all checks passed for $(basename "$deb")"
