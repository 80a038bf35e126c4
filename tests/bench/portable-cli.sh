#!/usr/bin/env bash
# Packs streamsynth-cli with every shared library it loads (glibc and its
# loader included) into one archive, for running the benchmarks on a machine
# that has none of Qt, Boost or mimalloc installed, or an older glibc: the
# device machine of issue 50's 16-core scaling run. The archive unpacks to a
# folder whose `streamsynth-cli` starts the bundled loader on the bundled
# libraries only (never the machine's), so the results are those of this
# build. Debug information is stripped from the copy (the archive must travel
# as a carried path of at most 64 MiB).
#
#   tests/bench/portable-cli.sh [CLI=build/app/streamsynth-cli] [OUT=build-portable/streamsynth-cli.tar.xz]
#
# On the other machine:
#   mkdir -p /tmp/ss && tar -xJf build-portable/streamsynth-cli.tar.xz -C /tmp/ss
#   tests/bench/thread_scaling.sh 5 /tmp/ss/streamsynth-cli
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cli="${1:-$here/build/app/streamsynth-cli}"
out="${2:-$here/build-portable/streamsynth-cli.tar.xz}"
[ -x "$cli" ] || { echo "portable-cli: $cli not found: build streamsynth-cli first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/lib"
strip --strip-debug -o "$work/bin/streamsynth-cli" "$cli"
# Every library the loader resolves, followed through links to the file.
libs="$(ldd "$cli" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}')"
[ -n "$libs" ] || { echo "portable-cli: ldd listed no libraries for $cli" >&2; exit 1; }
loader=""
for lib in $libs; do
    cp -L "$lib" "$work/lib/$(basename "$lib")"
    case "$(basename "$lib")" in ld-linux*) loader="$(basename "$lib")" ;; esac
done
[ -n "$loader" ] || { echo "portable-cli: no dynamic loader among $cli's libraries" >&2; exit 1; }
cat > "$work/streamsynth-cli" <<EOF
#!/bin/sh
# streamsynth-cli with its own loader and libraries (tests/bench/portable-cli.sh).
here="\$(cd "\$(dirname "\$0")" && pwd)"
exec "\$here/lib/$loader" --library-path "\$here/lib" "\$here/bin/streamsynth-cli" "\$@"
EOF
chmod +x "$work/streamsynth-cli"
mkdir -p "$(dirname "$out")"
tar -C "$work" -cJf "$out.tmp" streamsynth-cli bin lib || { rm -f "$out.tmp"; echo "portable-cli: could not write $out" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "portable-cli: $out ($(du -k "$out" | cut -f1) KiB: the CLI and $(find "$work/lib" -type f | wc -l) libraries)"
