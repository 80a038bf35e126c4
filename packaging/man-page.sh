#!/usr/bin/env bash
# Writes the gzipped manual page of one of StreamSynth's programs from the
# program's own --help and --version (help2man), plus the hand-written
# sections of an include file (exit status, files, see also). For
# streamsynth-cli, every command's --help becomes a subsection of COMMANDS,
# so the page documents every option the program has. Run by the build
# (packaging/CMakeLists.txt); the GUI is asked on the offscreen platform.
#
#   packaging/man-page.sh HELP2MAN GZIP PROGRAM NAME_LINE INCLUDE OUT.gz
set -euo pipefail
help2man="$1" gzip="$2" program="$3" name_line="$4" include="$5" out="$6"
prog="$(basename "$program")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work" HOME="$work"

# roff-escapes a line of help text: backslashes, then a leading dot or quote.
escape() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

# One subsection per command: its description, then each option as .TP
# (QCommandLineParser's layout: "  --opt <X>   text", continuation lines
# indented further).
commands_section() {
  echo "[COMMANDS]"
  echo "Each command takes the options below; \\fBstreamsynth-cli\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR prints them."
  "$program" --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 }' |
    while read -r cmd; do
      echo ".SS \"$cmd\""
      "$program" "$cmd" --help | escape | awk -v cmd="$cmd" '
        function flush() { if (spec != "") { gsub(/-/, "\\-", spec); print ".TP"; print "\\fB" spec "\\fR"; print desc } spec = ""; desc = "" }
        /^Usage:/ { print "\\fBstreamsynth\\-cli " cmd "\\fR [\\fIoptions\\fR]"; print ".PP"; next }
        /^Options:$/ { opts = 1; next }
        !opts { if (NF) print; next }
        /^  -/ { flush(); line = substr($0, 3); i = match(line, /   */);
                 if (i) { spec = substr(line, 1, i - 1); desc = substr(line, i + RLENGTH) } else { spec = line; desc = "" }
                 next }
        /^   / { sub(/^ +/, ""); desc = (desc == "" ? $0 : desc " " $0); next }
        END { flush() }'
    done
}

# help2man runs the program by its plain name, so the usage lines say it.
mkdir "$work/bin"
ln -s "$(cd "$(dirname "$program")" && pwd)/$prog" "$work/bin/$prog"
cp "$include" "$work/include.h2m"
if [ "$prog" = streamsynth-cli ]; then commands_section >> "$work/include.h2m"; fi
# The page is named after the program, whatever --version capitalises.
version="$("$program" --version 2>/dev/null | awk 'NR == 1 { print $NF }')"
(cd "$work/bin" && PATH="$work/bin:$PATH" "$help2man" --no-info --name="$name_line" \
  --version-string="$prog $version" --include="$work/include.h2m" --output="$work/page.1" "$prog")
grep -q '^\.SH DESCRIPTION' "$work/page.1" || { echo "man-page: $prog --help gave no description" >&2; exit 1; }
"$gzip" -9n -c "$work/page.1" > "$out.tmp"
mv "$out.tmp" "$out"
