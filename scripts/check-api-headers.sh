#!/usr/bin/env bash
# The public api carries values only (issue 48, docs/architecture.md "One
# door"): each public header core/api/*.h is compiled alone with nothing
# else reachable but core/api/, core/values/, the standard library and Qt
# Core, so a header that names an io, stream, db or engine type does not
# compile. core/api/headers-with-engine-types.txt lists the headers that do
# not pass yet (the api's remaining debt); the check fails when a header
# outside that list fails, and when one on it passes (take it off: the list
# only shrinks).
#   scripts/check-api-headers.sh [ROOT] [CXX] [QT_CORE_INCLUDE_DIRS, ';'-separated]
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
cxx="${2:-c++}"
dirs="${3:-/usr/include/x86_64-linux-gnu/qt6;/usr/include/x86_64-linux-gnu/qt6/QtCore;/usr/lib/x86_64-linux-gnu/qt6/mkspecs/linux-g++}"
qt=""
IFS=';' read -ra _dirs <<< "$dirs"
for d in "${_dirs[@]}"; do [ -n "$d" ] && qt="$qt -isystem $d"; done
debt="$root/core/api/headers-with-engine-types.txt"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/core"
ln -s "$root/core/api" "$tmp/core/api"
ln -s "$root/core/values" "$tmp/core/values"
listed() { grep -qxF "$1" <(grep -Ev '^[[:space:]]*(#|$)' "$debt"); }
check_one() {  # header → prints "PASS header" or "FAIL header: first error"
  local h="$1" out
  if out=$(echo "#include \"$h\"" | "$cxx" -std=c++20 -fsyntax-only -fPIC -DQT_NO_KEYWORDS -I"$tmp" $qt -x c++ - 2>&1); then
    echo "PASS $h"
  else
    echo "FAIL $h: $(grep -m1 'error' <<< "$out")"
  fi
}
export -f check_one; export tmp qt cxx
results=$(cd "$root" && ls core/api/*.h | xargs -P 2 -I{} bash -c 'check_one "$@"' _ {} | sort)
bad=0 passed=0 debtLeft=0
while IFS= read -r line; do
  status="${line%% *}" rest="${line#* }" header="${rest%%:*}"
  if [ "$status" = PASS ]; then
    passed=$((passed + 1))
    if listed "$header"; then
      echo "check-api-headers: $header now compiles alone: take it off core/api/headers-with-engine-types.txt" >&2
      bad=$((bad + 1))
    fi
  elif listed "$header"; then
    debtLeft=$((debtLeft + 1))
  else
    echo "check-api-headers: $rest" >&2
    echo "check-api-headers: $header reaches beyond core/api, core/values, the standard library and Qt Core" >&2
    bad=$((bad + 1))
  fi
done <<< "$results"
if [ "$bad" -gt 0 ]; then
  echo "check-api-headers: FAILED ($bad)" >&2
  exit 1
fi
echo "check-api-headers: $passed public api headers compile alone with values only; $debtLeft listed as not yet"
