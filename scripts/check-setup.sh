#!/usr/bin/env bash
# Proves that scripts/debian-packages.txt (what setup installs) is complete,
# whatever happens to be installed on this machine: after a build, every file
# the build and the tests used must belong to a listed package, to one of
# their dependencies (apt-cache depends --recurse, no recommends), or to the
# base system (Priority: required). Checked: the CMake package configs the
# configure step resolved (*_DIR in CMakeCache.txt), every header the
# compiler read (ninja's dependency log), every program the build ran (ninja's
# commands), the programs the tests and README command 1 run, and every
# shared library the built executables load, Qt plugins included (ldd, and
# the loader's own log of one GUI suite and the CLI). Exits 1 naming each file
# and the package to add.
#
#   scripts/check-setup.sh [--build-dir DIR] [--packages FILE] [--ci] [--facts DIR]
#
# --ci: also the programs that only CI runs (the package checks), against
# both lists (scripts/debian-packages-ci.txt added to the closure).
# --facts DIR: keep the files found and their owners in DIR, and take them
# from there when DIR already holds them (its own test checks several lists
# against one build: finding the files is most of the check's 8 s). Only
# for calls on the same build folder with the same --ci.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${STREAMSYNTH_BUILD_DIR:-$here/build}"
list="$here/scripts/debian-packages.txt"
ci=0 facts=""
while [ $# -gt 0 ]; do
  case "$1" in
    --facts) facts="$2"; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    --packages) list="$2"; shift 2 ;;
    --ci) ci=1; shift ;;
    *) echo "check-setup: unknown option $1" >&2; exit 2 ;;
  esac
done
build="$(cd "$build" && pwd)"
[ -f "$build/CMakeCache.txt" ] || { echo "check-setup: $build is not a configured build folder" >&2; exit 2; }
[ -f "$list" ] || { echo "check-setup: package list $list not found" >&2; exit 2; }
# The headers come from ninja's dependency log: another generator has none.
if ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$build/CMakeCache.txt" || [ ! -f "$build/build.ninja" ]; then
  gen="$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build/CMakeCache.txt")"
  echo "check-setup: $build is not a Ninja build (generator: ${gen:-unknown}); the check reads ninja's" \
    "dependency log: configure it with -G Ninja (scripts/build.sh does)" >&2
  exit 2
fi
# Programs the tests, scripts/test.sh and scripts/run-gui.sh run besides the build's own;
# with --ci also those scripts/package-check.sh runs.
tools=(cmake ctest ninja ccache /usr/bin/python3 xvfb-run Xvfb xauth psql runuser /usr/lib/postgresql/15/bin/initdb
       /usr/lib/postgresql/15/bin/pg_ctl /usr/lib/postgresql/15/bin/postgres openbox xdotool clang-format-14)
ci_list="$here/scripts/debian-packages-ci.txt"
if [ "$ci" = 1 ]; then
  [ -f "$ci_list" ] || { echo "check-setup: package list $ci_list not found" >&2; exit 2; }
  tools+=(cpack dpkg-shlibdeps file desktop-file-validate update-desktop-database appstreamcli update-mime-database
          lintian)
fi
if [ -n "${STREAMSYNTH_CHECK_TOOLS:-}" ]; then read -r -a extra <<< "$STREAMSYNTH_CHECK_TOOLS"; tools+=("${extra[@]}"); fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. What setup installs, closed under dependencies, plus the base system.
lists=("$list"); if [ "$ci" = 1 ]; then lists+=("$ci_list"); fi
sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "${lists[@]}" | sort -u > "$work/listed"
apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances $(cat "$work/listed") 2>/dev/null |
  sed -e 's/^[[:space:]]*|\{0,1\}[A-Za-z-]*Depends:[[:space:]]*//' -e 's/^[[:space:]]*//' -e 's/[<>]//g' -e 's/:.*$//' |
  grep -v '^$' > "$work/closure.raw" || true
dpkg-query -W -f='${Package} ${Priority} ${Essential}\n' 2>/dev/null |
  awk '$2 == "required" || $3 == "yes" { print $1 }' >> "$work/closure.raw"
cat "$work/listed" >> "$work/closure.raw"
sort -u "$work/closure.raw" > "$work/closure"

declare -A owner
if [ -n "$facts" ] && [ -f "$facts/files" ] && [ -f "$facts/owners" ]; then
  cp "$facts/files" "$work/files"
  while IFS=$'\t' read -r p o; do owner["$p"]="$o"; done < "$facts/owners"
else
# 2. The files to account for, by kind (kind<TAB>path).
outside() { grep -v -e "^$here/" -e "^$build/" -e '^/tmp/' -e '^/proc/' -e '^/dev/' || true; }
{
  # CMake packages: the config file in each resolved *_DIR.
  grep -v '^STREAMSYNTH_' "$build/CMakeCache.txt" | sed -n 's/^[A-Za-z0-9_]*_DIR:PATH=\(\/.*\)$/\1/p' | outside | sort -u |
    while read -r d; do
      f=$(ls "$d"/*Config.cmake "$d"/*-config.cmake 2>/dev/null | head -n 1 || true)
      printf 'cmake\t%s\n' "${f:-$d}"
    done
  # Headers the compiler read.
  ninja -C "$build" -t deps 2>/dev/null | sed -n 's/^[[:space:]]\{1,\}\(\/[^[:space:]]*\)$/\1/p' | outside |
    sort -u | sed 's/^/header\t/'
  # Programs the build ran (absolute paths in its commands).
  ninja -C "$build" -t commands 2>/dev/null | tr ' ;&|()"' '\n' | grep '^/' | sort -u | outside |
    while read -r p; do if [ -f "$p" ] && [ -x "$p" ]; then printf 'program\t%s\n' "$p"; fi; done
  # Programs the tests and scripts run.
  for t in "${tools[@]}"; do
    # sbin folders too: a normal user's PATH lacks them (runuser, used as root only).
    p=$(PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin" command -v "$t" 2>/dev/null || true)
    if [ -n "$p" ]; then printf 'program\t%s\n' "$p"; else printf 'missing\t%s\n' "$t"; fi
  done
  # Shared libraries of every built executable.
  find "$build" -type f -perm -u+x ! -name '*.sh' -print0 2>/dev/null |
    while IFS= read -r -d '' exe; do
      if ! head -c 4 "$exe" 2>/dev/null | grep -q 'ELF'; then continue; fi
      ldd "$exe" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'
    done | sort -u | outside | sed 's/^/library\t/'
  # Libraries and plugins loaded at run time (dlopen): one GUI suite and the CLI.
  # (ui_tests holds every GUI suite: its first argument names the one to run.)
  for exe in "$build/tests/ui_tests" "$build/app/streamsynth-cli"; do
    if [ ! -x "$exe" ]; then continue; fi
    suite=(); if [ "${exe##*/}" = ui_tests ]; then suite=(test_import_dialog); fi
    (cd "$work" && QT_QPA_PLATFORM=offscreen LD_DEBUG=files timeout 120 "$exe" "${suite[@]}" > /dev/null 2> "$work/lddebug") || true
    sed -n 's/.*file=\(\/[^ ]*\) \[0\];  \(dynamically loaded\|needed\) by.*/\1/p' "$work/lddebug"
  done | sort -u | outside | while read -r p; do if [ -f "$p" ]; then printf 'plugin\t%s\n' "$p"; fi; done
} | awk -F'\t' '!seen[$2]++' > "$work/files"

# 3. Their owners (dpkg -S, trying the merged-/usr twin of a path too).
cut -f2 "$work/files" | sort -u > "$work/paths"
owners_of() { xargs -r -d '\n' dpkg-query -S 2>/dev/null | grep -v '^diversion' || true; }
owners_of < "$work/paths" > "$work/owned"
twin() { sed -e 's#^/usr/\(lib\|lib64\|bin\|sbin\)/#/\1/#;t' -e 's#^/\(lib\|lib64\|bin\|sbin\)/#/usr/\1/#'; }
while IFS= read -r line; do
  path="${line#*: }"; pk="${line%%: /*}"
  owner["$path"]="$pk"
done < "$work/owned"
: > "$work/retry"
while IFS= read -r p; do
  if [ -n "${owner[$p]:-}" ]; then continue; fi
  r=$(readlink -f "$p" 2>/dev/null || echo "$p")
  printf '%s\t%s\n' "$p" "$(printf '%s\n' "$p" | twin)" >> "$work/retry"
  if [ "$r" != "$p" ]; then
    printf '%s\t%s\n' "$p" "$r" >> "$work/retry"
    printf '%s\t%s\n' "$p" "$(printf '%s\n' "$r" | twin)" >> "$work/retry"
  fi
done < "$work/paths"
cut -f2 "$work/retry" | sort -u | owners_of > "$work/owned2"
declare -A owner2
while IFS= read -r line; do owner2["${line#*: }"]="${line%%: /*}"; done < "$work/owned2"
while IFS=$'\t' read -r p alt; do
  if [ -z "${owner[$p]:-}" ] && [ -n "${owner2[$alt]:-}" ]; then owner["$p"]="${owner2[$alt]}"; fi
done < "$work/retry"

  if [ -n "$facts" ]; then
    mkdir -p "$facts"
    cp "$work/files" "$facts/files"
    for p in "${!owner[@]}"; do printf '%s\t%s\n' "$p" "${owner[$p]}"; done > "$facts/owners"
  fi
fi

# 4. Verdict.
declare -A inclosure
while IFS= read -r pk; do inclosure["$pk"]=1; done < "$work/closure"
declare -A used bad_pkg
failures=0 checked=0
declare -A count
while IFS=$'\t' read -r kind p; do
  if [ "$kind" = missing ]; then
    echo "check-setup: the program '$p' that the tests or scripts run is not installed" >&2
    failures=$((failures + 1)); continue
  fi
  checked=$((checked + 1)); count[$kind]=$(( ${count[$kind]:-0} + 1 ))
  o="${owner[$p]:-}"
  if [ -z "$o" ]; then
    echo "check-setup: $p ($kind) belongs to no Debian package: a fresh machine will not have it" >&2
    failures=$((failures + 1)); continue
  fi
  ok=0
  IFS=', ' read -r -a pkgs <<< "$o"
  for pk in "${pkgs[@]}"; do
    pk="${pk%%:*}"
    if [ -z "$pk" ]; then continue; fi
    used["$pk"]=1
    if [ -n "${inclosure[$pk]:-}" ]; then ok=1; fi
  done
  if [ "$ok" -eq 0 ]; then
    first="${pkgs[0]%%:*}"
    if [ -z "${bad_pkg[$first]:-}" ]; then
      echo "check-setup: $p ($kind) comes from package $first, which is neither in $(basename "$list") nor a dependency of its packages: add $first to the list" >&2
    fi
    bad_pkg["$first"]=$(( ${bad_pkg[$first]:-0} + 1 ))
    failures=$((failures + 1))
  fi
done < "$work/files"

summary="$checked files (${count[cmake]:-0} CMake packages, ${count[header]:-0} headers, ${count[program]:-0} programs, ${count[library]:-0} libraries, ${count[plugin]:-0} run-time plugins/libraries) from ${#used[@]} Debian packages"
if [ "$failures" -gt 0 ]; then
  echo "check-setup: FAILED: $failures of $summary are not provided by the $(wc -l < "$work/listed") packages of $(basename "$list") and their $(wc -l < "$work/closure") dependencies; missing packages: ${!bad_pkg[*]}" >&2
  exit 1
fi
echo "check-setup: $summary: all provided by the $(wc -l < "$work/listed") packages of $(basename "$list") and their dependencies ($(wc -l < "$work/closure") packages with the base system)"
