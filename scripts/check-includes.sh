#!/usr/bin/env bash
# The layering rule of docs/architecture.md, checked: files in ui/ and app/
# reach the core only through core/api's headers and the value types on the
# ground floor, core/values/ (no other exception); no folder of core/ below
# the api includes core/api/ (the values every layer uses live in
# core/values/, not on the top floor), and none below core/workflow (the
# workflows the api drives) includes that; core/ never includes Qt
# Gui/Widgets/Charts or ui/; ui/'s rooms include each other one way only.
# Prints every offending line and exits 1; prints a count and exits 0.
#
#   scripts/check-includes.sh [ROOT]      (default: the repository)
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
# Allowed: the api's public headers, core/api/*.h, with the value types
# of core/values/ (errors, files written and read, numbers as
# text, the schema and stream settings, problems, tables of codes, run
# settings, series identity, a step's result, metric values). Not the api
# library's own engine side (core/api/detail/), and no other core header.
is_allowed() {
  case "$1" in core/api/detail/*) return 1 ;; core/api/*.h | core/values/*.h) return 0 ;; esac
  return 1
}
bad=0 checked=0
# One grep per rule over every file (a grep and a sed per file took 26 s of
# the test suite's time); prints "path:line:directive" for the sources of the
# given folders whose #include directive matches the pattern.
sources() { find "$@" -type f \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null; }
includes() {
  local pattern="$1"; shift
  sources "$@" | tr '\n' '\0' | xargs -0 -r grep -Hn "^[[:space:]]*#[[:space:]]*include[[:space:]]*$pattern" |
    sed 's/^\([^:]*\):\([0-9]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*/\1:\2:/'
}
checked=$(( $(sources "$root/ui" "$root/app" | wc -l) + $(sources "$root/core" | wc -l) ))
while IFS=: read -r f line inc; do
  header="${inc#*\"}"; header="${header%\"*}"
  if ! is_allowed "$header"; then
    echo "check-includes: ${f#$root/}:$line includes $header; ui/ and app/ reach the core through core/api only" >&2
    bad=$((bad + 1))
  fi
done < <(includes '"core/' "$root/ui" "$root/app")
while IFS=: read -r f line inc; do
  echo "check-includes: ${f#$root/}:$line includes $inc; core/ may use Qt Core (and Qt Sql) only, never the GUI" >&2
  bad=$((bad + 1))
done < <(includes '[<"]\(QtWidgets\|QtGui\|QtCharts\|QWidget\|QApplication\|QPainter\|QImage\|QChart\|ui/\)' "$root/core")
while IFS=: read -r f line inc; do
  case "${f#$root/}" in core/api/*) continue ;; esac
  echo "check-includes: ${f#$root/}:$line includes $inc; only core/api may include core/api (lower layers use core/values)" >&2
  bad=$((bad + 1))
done < <(includes '"core/api/' "$root/core")
# core/workflow is the room right below the facade: only core/api and core/workflow include it.
while IFS=: read -r f line inc; do
  case "${f#$root/}" in core/api/* | core/workflow/*) continue ;; esac
  echo "check-includes: ${f#$root/}:$line includes $inc; only core/api may include core/workflow (the layers below it use core/values)" >&2
  bad=$((bad + 1))
done < <(includes '"core/workflow/' "$root/core")
# ui/'s rooms depend one way, from the window down to the widgets: a room
# includes only rooms after it in this order (docs/architecture.md).
ui_rooms=(window session import releases run charts experiment desk widgets)
rank_of() { local i; for i in "${!ui_rooms[@]}"; do [ "${ui_rooms[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo -1; }
while IFS= read -r f; do
  rel="${f#$root/ui/}"; room="${rel%%/*}"
  if [ "$(rank_of "$room")" -lt 0 ]; then
    echo "check-includes: ui/$rel is in room '$room', which the room order of scripts/check-includes.sh does not name" >&2
    bad=$((bad + 1))
  fi
done < <(find "$root/ui" -mindepth 2 -type f \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null)
while IFS=: read -r f line inc; do
  rel="${f#$root/ui/}"; room="${rel%%/*}"
  case "$rel" in */*) ;; *) continue ;; esac  # a file directly in ui/ belongs to no room
  from=$(rank_of "$room")
  [ "$from" -lt 0 ] && continue  # said above
  target="${inc#*\"ui/}"; target="${target%%/*}"
  [ "$target" = "$room" ] && continue
  to=$(rank_of "$target")
  if [ "$to" -le "$from" ]; then
    echo "check-includes: ui/$rel:$line includes ui/$target; ui/ rooms depend one way (${ui_rooms[*]})" >&2
    bad=$((bad + 1))
  fi
done < <(includes '"ui/' "$root/ui")
if [ "$bad" -gt 0 ]; then
  echo "check-includes: FAILED: $bad include(s) break the layering in $checked files" >&2
  exit 1
fi
echo "check-includes: $checked files of core/, ui/ and app/ keep the layering (ui/ and app/ through core/api and core/values; nothing below core/api includes it, nor core/workflow below that; ui/ rooms one way)"
