#!/usr/bin/env bash
# The layering check (scripts/check-includes.sh): green on the repository, and
# red, naming the file and header, on a copy where a ui/ file reaches into the
# engine or any core header outside core/api and core/values (there is no
# exception list), a core/ folder below the api includes core/api, and a
# core/ file includes Qt Widgets, or a ui/ room includes a room above it
# (the rooms depend one way).
#   tests/setup/test_check_includes.sh SOURCE_DIR
set -uo pipefail
src="$1"
check="$src/scripts/check-includes.sh"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
out=$("$check" "$src" 2>&1) || fail "the repository breaks the layering: $out"
echo "$out"
mkdir -p "$tmp/ui" "$tmp/app" "$tmp/core/stream"
printf '#include "core/api/run.h"\n#include "core/stream/run_engine.h"\n#include "core/workflow/release_spool_impl.h"\n#include "core/common/task_pool.h"\n' > "$tmp/ui/view.cpp"
printf '#include <QWidget>\n#include "core/api/run.h"\n#include "core/values/schema.h"\n#include "core/workflow/run_machine.h"\n' > "$tmp/core/stream/x.cpp"
printf '#include "core/values/schema.h"\n' > "$tmp/app/ok.cpp"
mkdir -p "$tmp/ui/run" "$tmp/ui/window"
printf '#include "ui/run/run_status.h"\n#include "ui/window/main_window.h"\n' > "$tmp/ui/run/back.cpp"
printf '#include "ui/run/run_status.h"\n' > "$tmp/ui/window/down.cpp"
out=$("$check" "$tmp" 2>&1); code=$?
[ "$code" -eq 1 ] || fail "an engine include in ui/ passed (exit $code): $out"
grep -q 'ui/view.cpp:2 includes core/stream/run_engine.h' <<< "$out" || fail "the message does not name the file and header: $out"
grep -q 'ui/view.cpp:3 includes core/workflow/release_spool_impl.h' <<< "$out" || fail "the api library's own headers were allowed: $out"
grep -q 'ui/view.cpp:4 includes core/common/task_pool.h' <<< "$out" || fail "a core header outside core/api was allowed: $out"
grep -q 'core/stream/x.cpp:1 includes <QWidget>' <<< "$out" || fail "Qt Widgets in core/ was not caught: $out"
grep -q 'core/stream/x.cpp:2 includes "core/api/run.h"' <<< "$out" || fail "a lower core folder including core/api was not caught: $out"
grep -q 'core/stream/x.cpp:3' <<< "$out" && fail "a core folder including core/values was refused: $out"
grep -q 'core/stream/x.cpp:4 includes "core/workflow/run_machine.h"' <<< "$out" || fail "a lower core folder including core/workflow was not caught: $out"
grep -q 'app/ok.cpp' <<< "$out" && fail "an allowed value header was refused: $out"
grep -q 'ui/run/back.cpp:2 includes ui/window' <<< "$out" || fail "a ui/ room including a room above it was not caught: $out"
grep -q 'ui/run/back.cpp:1' <<< "$out" && fail "a room including itself was refused: $out"
grep -q 'ui/window/down.cpp' <<< "$out" && fail "the window including a room below it was refused: $out"
echo "PASS"
