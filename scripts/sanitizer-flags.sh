# Sourced by scripts/fuzz.sh and scripts/asan-tests.sh: one compiler and one
# set of flags for both sanitizer build folders, so ccache compiles the core
# once for the two (the objects are the same).
#   clang++ with AddressSanitizer + UndefinedBehaviorSanitizer (every UB is
#   fatal) and libFuzzer's coverage instrumentation (harmless outside a
#   fuzzer: the sanitizer runtime has no-op defaults for its hooks).
STREAMSYNTH_SANITIZER_CXX="${STREAMSYNTH_SANITIZER_CXX:-clang++-14}"
STREAMSYNTH_SANITIZER_FLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link"
# Defaults of the fuzz runs, leaks not checked; scripts/asan-tests.sh sets
# its own options, leaks checked, before it sources this file.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Reports with function names and lines (llvm-14's symbolizer is not on PATH).
[ -x /usr/lib/llvm-14/bin/llvm-symbolizer ] && export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer

# configure_sanitizer_build DIR -D... : configures DIR (once) with the flags above.
configure_sanitizer_build() {
  local dir="$1"; shift
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    command -v "$STREAMSYNTH_SANITIZER_CXX" >/dev/null ||
      { echo "sanitizers: $STREAMSYNTH_SANITIZER_CXX not found (install clang and libclang-rt-14-dev)" >&2; exit 2; }
    cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER="$STREAMSYNTH_SANITIZER_CXX" \
      -DCMAKE_CXX_FLAGS="$STREAMSYNTH_SANITIZER_FLAGS" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DSTREAMSYNTH_BUILD_GUI=OFF -DSTREAMSYNTH_BUILD_BENCH=OFF "$@" >/dev/null
  fi
}
