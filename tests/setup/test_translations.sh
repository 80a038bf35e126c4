#!/usr/bin/env bash
# German is complete (issue #13 item 8): Qt Linguist's lupdate rescans ui/
# and app/ (and the counter and fit engine registries' words, core/privacy/counter_kinds.cpp, core/fit/fit_engine_kinds.cpp)
# into a copy of translations/streamsynth_de.ts; every string the
# GUI shows must come out translated. Fails naming each source text that is
# new (unfinished) or translated as empty. The repository's file is never touched.
#
#   tests/setup/test_translations.sh LUPDATE SOURCE_DIR
set -euo pipefail
lupdate="$1"
root="$2"
[ -x "$lupdate" ] || { echo "test_translations: lupdate not found at $lupdate (qt6-l10n-tools)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$root/translations/streamsynth_de.ts" "$work/de.ts"
"$lupdate" -silent -locations none -no-obsolete -I "$root" "$root/ui" "$root/app" "$root/core/privacy/counter_kinds.cpp" "$root/core/fit/fit_engine_kinds.cpp" -ts "$work/de.ts" > "$work/log" 2>&1 || {
  cat "$work/log" >&2
  echo "test_translations: lupdate failed" >&2
  exit 1
}
# One message per record: print the source of those whose translation is unfinished or empty.
awk 'BEGIN { RS = "</message>" }
     /<translation type="unfinished"/ || /<translation><\/translation>/ || /<translation type="unfinished"><\/translation>/ {
       if (match($0, /<source>[^<]*<\/source>/)) print "  untranslated: " substr($0, RSTART + 8, RLENGTH - 17)
     }' "$work/de.ts" > "$work/missing"
messages=$(grep -c '<message' "$work/de.ts" || true)
if [ -s "$work/missing" ]; then
  cat "$work/missing" >&2
  echo "test_translations: $(wc -l < "$work/missing") of $messages strings are not translated into German (translations/streamsynth_de.ts; run lupdate and translate them)" >&2
  exit 1
fi
echo "test_translations: all $messages strings of ui/ and app/ are translated into German"
