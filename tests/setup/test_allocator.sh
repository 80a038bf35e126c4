#!/usr/bin/env bash
# The programs run on mimalloc (CMakeLists.txt, STREAMSYNTH_ALLOCATOR;
# docs/pgm.md, "The allocator"): it must be among each program's needed
# libraries before libc, which is what makes its malloc and free the whole
# process's, and it must start with the program. Fails naming the program
# and what is missing.
#
#   tests/setup/test_allocator.sh PROGRAM...
set -euo pipefail
[ "$#" -gt 0 ] || { echo "test_allocator: no program given" >&2; exit 1; }
command -v readelf >/dev/null || { echo "test_allocator: readelf not found (binutils)" >&2; exit 1; }
for prog in "$@"; do
  [ -n "$prog" ] || continue  # (the GUI's slot when it is not built)
  [ -x "$prog" ] || { echo "test_allocator: $prog is not built" >&2; exit 1; }
  needed=$(readelf -d "$prog" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  mi=$(grep -n '^libmimalloc\.so' <<< "$needed" | cut -d: -f1 | head -1 || true)
  libc=$(grep -n '^libc\.so' <<< "$needed" | cut -d: -f1 | head -1 || true)
  [ -n "$mi" ] || { echo "test_allocator: $prog does not link libmimalloc (its needed libraries: $(tr '\n' ' ' <<< "$needed"))" >&2; exit 1; }
  [ -n "$libc" ] && [ "$mi" -lt "$libc" ] ||
    { echo "test_allocator: in $prog libmimalloc does not come before libc, so glibc's malloc would serve it" >&2; exit 1; }
  out=$(QT_QPA_PLATFORM=offscreen MIMALLOC_VERBOSE=1 timeout 60 "$prog" --version 2>&1) ||
    { echo "test_allocator: $prog --version failed: $out" >&2; exit 1; }
  grep -q '^mimalloc: process init' <<< "$out" ||
    { echo "test_allocator: $prog started without mimalloc (no 'mimalloc: process init' with MIMALLOC_VERBOSE=1)" >&2; exit 1; }
  echo "test_allocator: $(basename "$prog") runs on mimalloc"
done
