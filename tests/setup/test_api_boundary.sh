#!/usr/bin/env bash
# The boundary the linker enforces (docs/architecture.md, "One door"): the
# GUI (streamsynth, through the ui library) and streamsynth-cli link one core
# library, the sealed streamsynth_api; it exports namespace streamsynth::api
# and the value functions of core/api/exported-values.txt only, so engine
# code (run engine, release spool, session record, io, ...) is local to it;
# and a program linked like them that calls the engine fails to link.
#   tests/setup/test_api_boundary.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src="$1" build="$2"
sealed="$build/core/libstreamsynth_api.a"
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$build/build.ninja" ] || fail "$build/build.ninja not found (a Ninja build folder is needed)"
[ -f "$sealed" ] || fail "$sealed not found: build the project first"

# 1. The link graph: the executables' link lines name no core archive but the sealed one.
for exe in app/streamsynth-cli app/streamsynth; do
  libs=$(awk -v target="build $exe:" 'index($0, target) == 1 { on = 1; next }
                                     on && /^build / { exit }
                                     on && /LINK_LIBRARIES =/ { print; exit }' "$build/build.ninja")
  [ -n "$libs" ] || fail "no link line for $exe in build.ninja"
  core=$(tr ' ' '\n' <<< "$libs" | grep -E '(^|/)core/lib[^/]*\.a$' | sort -u)
  [ "$core" = "core/libstreamsynth_api.a" ] || fail "$exe links core libraries other than streamsynth_api: $(tr '\n' ' ' <<< "$core")"
  echo "$exe links core/libstreamsynth_api.a and no other core library"
done

# 2. The sealed library's global symbols: streamsynth::api or the listed values.
values=$(grep -Ev '^[[:space:]]*(#|$)' "$src/core/api/exported-values.txt" | paste -sd'|')
strip='^(typeinfo name for |typeinfo for |vtable for |VTT for |construction vtable for |guard variable for |non-virtual thunk to |virtual thunk to )'
global=$(nm -g --defined-only -C "$sealed" | awk '$2 ~ /^[TDBR]$/ { $1 = ""; $2 = ""; sub(/^  /, ""); print }' |
         sed -E "s/$strip//" | grep '^streamsynth::')
extra=$(grep -v '^streamsynth::api::' <<< "$global" | grep -Ev "$values" || true)
[ -z "$extra" ] || fail "streamsynth_api exports engine symbols: $(head -n 5 <<< "$extra")"
grep -q '^streamsynth::api::Run::run(' <<< "$global" || fail "api::Run::run is not exported: $(head -n 3 <<< "$global")"
local_syms=$(nm --defined-only -C "$sealed" | awk '$2 ~ /^[tdbr]$/')
for sealed_fn in 'streamsynth::stream::RunEngine::RunEngine(' 'streamsynth::io::ReleaseSpool::read(' 'streamsynth::stream::RunRecord::setting('; do
  grep -qF "$sealed_fn" <<< "$local_syms" || fail "$sealed_fn is not in the library as a local symbol"
done
echo "streamsynth_api exports $(wc -l <<< "$global") streamsynth symbols: streamsynth::api and the listed values; the engine is local"

# 3. A program linked like ui/ and app/ that calls the engine does not link.
out=$(cmake --build "$build" --target api_boundary_probe 2>&1); code=$?
[ "$code" -ne 0 ] || fail "the engine probe linked against streamsynth_api"
for missing in 'streamsynth::io::ReleaseSpool::ReleaseSpool' 'streamsynth::stream::RunRecord::setting' \
               'streamsynth::stream::RunEngine::seriesIds'; do
  grep -qF "undefined reference to \`$missing" <<< "$out" || fail "the probe did not fail on $missing: $(tail -n 20 <<< "$out")"
done
echo "a call past core/api (release spool, run record, run engine) fails to link"
echo "PASS"
