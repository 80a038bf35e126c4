#!/usr/bin/env bash
# The translations are complete. German (issue #13 item 8): Qt Linguist's
# lupdate rescans ui/ and app/ (and the counter and fit engine registries'
# words, core/privacy/counter_kinds.cpp, core/fit/fit_engine_kinds.cpp) into a
# copy of translations/streamsynth_de.ts; every string the GUI shows must
# come out translated. English (docs/gui.md, "Languages"): the same rescan
# with -pluralonly into a copy of translations/streamsynth_en.ts; every
# "%n" string must come out with finished English singular and plural forms,
# none of them still saying "(s)". Fails naming each source text that is new
# (unfinished) or translated as empty. The repository's files are never touched.
#
#   tests/setup/test_translations.sh LUPDATE SOURCE_DIR [de|en]   (default: de)
set -euo pipefail
lupdate="$1"
root="$2"
lang="${3:-de}"
[ -x "$lupdate" ] || { echo "test_translations: lupdate not found at $lupdate (qt6-l10n-tools)" >&2; exit 1; }
case "$lang" in
  de) only=() what="strings of ui/ and app/ are translated into German" ;;
  en) only=(-pluralonly) what="plural (%n) strings of ui/ and app/ have English singular and plural forms" ;;
  *) echo "test_translations: unknown language '$lang' (de or en)" >&2; exit 1 ;;
esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ts="$work/$lang.ts"
cp "$root/translations/streamsynth_$lang.ts" "$ts"
"$lupdate" -silent -locations none -no-obsolete "${only[@]}" -I "$root" "$root/ui" "$root/app" \
  "$root/core/privacy/counter_kinds.cpp" "$root/core/fit/fit_engine_kinds.cpp" -ts "$ts" > "$work/log" 2>&1 || {
  cat "$work/log" >&2
  echo "test_translations: lupdate failed" >&2
  exit 1
}
# One message per record: print the source of those whose translation is
# unfinished or empty (a whole translation, or one numerus form), and in
# English of those whose forms still say "(s)".
awk -v lang="$lang" 'BEGIN { RS = "</message>" }
     /<translation type="unfinished"/ || /<translation><\/translation>/ || /<numerusform><\/numerusform>/ ||
     (lang == "en" && /<numerusform>[^<]*\(s\)/) {
       if (match($0, /<source>[^<]*<\/source>/)) print "  untranslated: " substr($0, RSTART + 8, RLENGTH - 17)
     }' "$ts" > "$work/missing"
messages=$(grep -c '<message' "$ts" || true)
if [ -s "$work/missing" ]; then
  cat "$work/missing" >&2
  echo "test_translations: $(wc -l < "$work/missing") of $messages strings are not finished in translations/streamsynth_$lang.ts (run lupdate${only:+ ${only[*]}} as this script does and translate them)" >&2
  exit 1
fi
[ "$messages" -gt 0 ] || { echo "test_translations: no strings found in translations/streamsynth_$lang.ts" >&2; exit 1; }
echo "test_translations: all $messages $what"
