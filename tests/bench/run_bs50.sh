#!/usr/bin/env bash
# Benchmark of the whole CLI run the fit engine's speed target is stated on:
# Adult, random batches of 50 (977 steps), ε = 1, baseline and
# proposed:simple side by side (`--threads 2`), seed 1, releases not
# exported. Prints wall and CPU (user + sys) seconds of each run and their
# medians, and checks that every run wrote the same metrics (the `seconds`
# column aside) and ledger: threads and timing never change a result.
# (tests/bench/bench_run.cpp splits the same run's time by phase, one series
# after the other.)
#
#   tests/bench/run_bs50.sh [RUNS=3] [CLI=build/app/streamsynth-cli] [THREADS=2]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-3}"
cli="${2:-$here/build/app/streamsynth-cli}"
threads="${3:-2}"
[ -x "$cli" ] || { echo "run_bs50: $cli not found: build streamsynth-cli first" >&2; exit 1; }
data="$here/resources/data"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "Adult bs-50, eps 1, baseline + proposed:simple, --threads $threads, $runs runs; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
walls=() cpus=()
for r in $(seq "$runs"); do
    out="$work/run$r"
    TIMEFORMAT='%R %U %S'
    t=$( { time "$cli" run --data "$data/adult.csv" --schema "$data/adult-domain.json" --batch 50 --order random \
        --series baseline,proposed:simple --epsilon 1 --seed 1 --threads "$threads" --export-releases none \
        --out "$out" > "$work/table$r.txt" 2> "$work/log$r.txt"; } 2>&1 )
    read -r wall user sys <<< "$t"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')
    walls+=("$wall")
    cpus+=("$cpu")
    echo "  run $r: ${wall} s wall, ${cpu} s CPU"
    # metrics without the seconds column (15th), and the ledger
    cut -d, -f1-14,16- "$out/metrics.csv" > "$work/metrics$r.txt"
    if [ "$r" -gt 1 ]; then
        cmp -s "$work/metrics1.txt" "$work/metrics$r.txt" || { echo "run_bs50: run $r's metrics differ from run 1's" >&2; exit 1; }
        cmp -s "$out/../run1/ledger.json" "$out/ledger.json" || { echo "run_bs50: run $r's ledger differs from run 1's" >&2; exit 1; }
    fi
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "median of $runs: $(median "${walls[@]}") s wall, $(median "${cpus[@]}") s CPU; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
tail -n 4 "$work/table1.txt" | head -n 3
