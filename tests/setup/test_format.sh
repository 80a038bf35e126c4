#!/usr/bin/env bash
# The code follows its own .clang-format: every C++ file under
# core/, app/, ui/ and tests/ is unchanged by clang-format (the version
# scripts/debian-packages.txt installs), and the check is red, naming the
# file, on a copy with a badly formatted function.
#   tests/setup/test_format.sh SOURCE_DIR
set -uo pipefail
src="$1"
tool="$(command -v clang-format-14 || command -v clang-format || true)"
fail() { echo "FAIL: $*"; exit 1; }
[ -n "$tool" ] || fail "clang-format is not installed (scripts/setup.sh installs clang-format-14)"
cd "$src" || fail "no source folder $src"
# find, not git: README command 2 also runs from an unpacked source tree, without git.
mapfile -t files < <(find core app ui tests -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
[ "${#files[@]}" -gt 100 ] || fail "found only ${#files[@]} C++ files under core, app, ui and tests in $src"
# One call for all files; each finding is "FILE:LINE:COL: error: code should be clang-formatted".
out=$("$tool" --dry-run -Werror "${files[@]}" 2>&1); code=$?
if [ "$code" -ne 0 ]; then
  bad=$(grep -oE '^[^:]+:[0-9]+:[0-9]+: error' <<< "$out" | cut -d: -f1 | sort -u | tr '\n' ' ')
  fail "files differ from .clang-format (run: $tool -i FILE): ${bad:-$out}"
fi
echo "the repository: ${#files[@]} files formatted"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cp .clang-format "$tmp/"
printf 'int   f( int x ){return x+1;}\n' > "$tmp/ugly.cpp"
(cd "$tmp" && "$tool" --dry-run -Werror ugly.cpp > /dev/null 2>&1) && fail "a badly formatted file passed"
echo "PASS"
