#!/usr/bin/env bash
# Seals the core into the one library the GUI and the CLI link
# (docs/architecture.md, "One door"): every core archive is linked into one
# relocatable object (ld -r), then every strong streamsynth symbol outside
# the public surface is made local (objcopy --keep-global-symbols), so code
# in ui/ or app/ that calls the engine (RunEngine, the release spool, the
# session record, io, db, fit, pgm ...) fails to link. Public: everything in
# namespace streamsynth::api and the value functions matched by
# core/api/exported-values.txt (one extended regex per line over demangled
# names). Weak symbols (inline functions, templates, typeinfo) stay global:
# they are compiled into the caller anyway, and localizing one of a COMDAT
# group would break its deduplication.
#
#   core/seal-api.sh OUT.a EXPORTED_VALUES ARCHIVE...
set -euo pipefail
out="$1" values="$2"; shift 2
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ld -r -o "$tmp/all.o" --whole-archive "$@" --no-whole-archive
# name TAB type of every global defined symbol
nm -g --defined-only -P "$tmp/all.o" | awk '{print $1 "\t" $2}' > "$tmp/defined"
cut -f1 "$tmp/defined" | c++filt > "$tmp/demangled"
grep -Ev '^[[:space:]]*(#|$)' "$values" > "$tmp/values"
paste "$tmp/defined" "$tmp/demangled" | awk -F'\t' -v values="$tmp/values" '
  BEGIN { while ((getline re < values) > 0) pat[n++] = re }
  {
    name = $1; type = $2; d = $3
    sub(/^(typeinfo name for |typeinfo for |vtable for |VTT for |construction vtable for |guard variable for |non-virtual thunk to |virtual thunk to |covariant return thunk to )/, "", d)
    if (type !~ /^[TDBR]$/ || d !~ /^streamsynth::/ || d ~ /^streamsynth::api::/) { print name; next }
    for (i = 0; i < n; ++i) if (d ~ pat[i]) { print name; next }
  }' > "$tmp/keep"
objcopy --keep-global-symbols="$tmp/keep" "$tmp/all.o" "$tmp/streamsynth_api.o"
rm -f "$tmp/out.a"
ar rcsD "$tmp/out.a" "$tmp/streamsynth_api.o"
mv -f "$tmp/out.a" "$out"
