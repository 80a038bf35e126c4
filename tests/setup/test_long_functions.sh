#!/usr/bin/env bash
# The function-length check (scripts/long-functions.py, house style ~80
# lines): green on core/, app/, ui/ and tests/, and red, naming file, line
# and function, on a copy with an 81-line member function defined in a class
# body, a long free function and a long lambda's enclosing function; an
# 80-line member function passes.
#   tests/setup/test_long_functions.sh SOURCE_DIR
set -uo pipefail
src="$1"
check="$src/scripts/long-functions.py"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
out=$(cd "$src" && python3 "$check" core app ui tests 2>&1) || fail "functions over 80 lines in the repository: $out"
echo "the repository: no function over 80 lines"
# body LINES: a function body of LINES lines in total, braces included.
body() { echo "{"; for ((i = 0; i < $1 - 2; ++i)); do echo "    ++x;"; done; echo "}"; }
{
  echo "namespace ns {"
  echo "class Engine final : public Base {"
  echo "public:"
  echo "    struct Inner { int a = 0; };"
  printf "    int fit(int x) const override "; body 81
  printf "    int fine(int x) const "; body 80
  echo "};"
  printf "int freeFunction(int x) "; body 82
  printf "void withLambda() "; echo "{"
  printf "    auto f = [&](int x) "; body 85
  echo "}"
  echo "}  // namespace ns"
} > "$tmp/long.cpp"
out=$(python3 "$check" "$tmp" 2>&1); code=$?
[ "$code" -eq 1 ] || fail "long functions passed (exit $code): $out"
grep -q 'long.cpp:5: Engine::fit is 81 lines' <<< "$out" || fail "a member function in a class body was not seen: $out"
grep -q 'freeFunction is 82 lines' <<< "$out" || fail "a long free function was not seen: $out"
grep -q 'withLambda is 87 lines' <<< "$out" || fail "a long lambda did not count for its function: $out"
grep -q 'fine' <<< "$out" && fail "an 80-line function was refused: $out"
echo "PASS"
