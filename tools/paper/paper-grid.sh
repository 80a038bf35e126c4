#!/usr/bin/env bash
# The paper's experiment (issue 5 item 7): Adult-randomized and Adult-ordered
# x batch 50 and 200 x ε ∈ {0.5,1,2,4}, baseline vs proposed:simple, all 91
# 2-way workloads, PGM, then a markdown table of the last-10-step metrics.
#
#   tools/paper/paper-grid.sh [grid|ksweep|counters|table|cell NAME...] [OUT]
#
#   grid      every cell of the grid (skips cells whose summary.json exists)
#   ksweep    k ∈ {1,2,3,5,8} on Adult-randomized-bs-200, ε = 1, both series
#   counters  simple vs unbounded-block vs hybrid vs honaker on Adult-randomized bs 200 and 50, ε = 1
#   table     print the markdown tables from OUT/*/summary.json
#   cell NAME run one cell, e.g. "cell randomized-bs50-eps1"
#
# OUT defaults to paper-grid-out. Each cell runs `streamsynth-cli run` with
# --threads 1 and writes OUT/<cell>/{summary.json,metrics.csv,ledger.json,log};
# JOBS (default 2) cells run at once. Environment: CLI (the binary), DATA (the
# folder with the tables), TABLE (adult, default: adult.csv + adult-domain.json;
# or adult-liu: the paper's own preprocessing), K (rounds, default 5: the k
# sweep), SEED (1), REPEAT (repeats per cell with seeds derived from SEED,
# default 1; summary.json then holds last10_sd), SERIES (default
# baseline,proposed:simple), EXTRA (more run options), JOBS, RELEASE_ANSWERS
# (the proposed streamer's q(g_t): "sampled", the paper's rule the figures of
# docs/history.md were made with, by default; "model" for the rule whose
# step cost does not grow with the stream, see docs/streamers.md).
# Each cell's log keeps the run's stderr, including the support check's
# warnings, which quote the rows per step: public for the paper's batches,
# private for a time stream (keep such logs with the metrics, not for publication).
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
mode="${1:-grid}"
shift || true
if [ "$mode" = cell ]; then cells=("$@"); out="${OUT:-paper-grid-out}"; else out="${1:-paper-grid-out}"; fi
CLI="${CLI:-$here/build/app/streamsynth-cli}"
DATA="${DATA:-$here/resources/data}"
K="${K:-5}"
SEED="${SEED:-1}"
JOBS="${JOBS:-2}"
EXTRA="${EXTRA:-}"
TABLE="${TABLE:-adult}"
REPEAT="${REPEAT:-1}"
SERIES="${SERIES:-baseline,proposed:simple}"
RELEASE_ANSWERS="${RELEASE_ANSWERS:-sampled}"
mkdir -p "$out"

# run_cell NAME ORDER BATCH EPSILON SERIES ROUNDS
run_cell() {
    local name="$1" order="$2" batch="$3" eps="$4" series="$5" rounds="$6"
    local dir="$out/$name"
    if [ -f "$dir/summary.json" ]; then echo "skip $name (done)"; return 0; fi
    # A cell that failed half-way is rerun from scratch (`run` refuses a
    # non-empty --out without --replace; a finished cell is skipped above).
    if [ -d "$dir" ]; then rm -rf "$dir"; fi
    local start=$SECONDS
    # shellcheck disable=SC2086
    "$CLI" run --data "$DATA/$TABLE.csv" --schema "$DATA/$TABLE-domain.json" --batch "$batch" --order "$order" \
        --series "$series" --epsilon "$eps" --k "$rounds" --seed "$SEED" --repeat "$REPEAT" --threads 1 \
        --export-releases none --release-answers "$RELEASE_ANSWERS" --out "$dir" $EXTRA > "$out/$name.table.txt" 2> "$out/$name.log" ||
        { echo "$name: FAILED after $((SECONDS - start)) s: $(tail -n 1 "$out/$name.log")"; return 0; }
    mv "$out/$name.table.txt" "$dir/table.txt"
    mv "$out/$name.log" "$dir/log"
    echo "$SEED" > "$dir/seed"
    echo "$REPEAT" > "$dir/repeat"
    echo "$TABLE $EXTRA release-answers=$RELEASE_ANSWERS" > "$dir/settings"
    echo "$name: $((SECONDS - start)) s"
}

# NAME ORDER BATCH EPS SERIES ROUNDS, one per line
grid_cells() {
    for order in random sorted; do
        local o=randomized; [ "$order" = sorted ] && o=ordered
        for batch in 200 50; do
            for eps in 0.5 1 2 4; do
                echo "$o-bs$batch-eps$eps $order $batch $eps $SERIES $K"
            done
        done
    done
}
ksweep_cells() {
    for k in 1 2 3 5 8; do echo "ksweep-k$k random 200 1 baseline,proposed:simple $k"; done
}
counter_cells() {
    echo "counters-bs200-eps1 random 200 1 proposed:simple,proposed:unbounded-block,proposed:hybrid,proposed:honaker:256 $K"
    echo "counters-bs50-eps1 random 50 1 proposed:simple,proposed:unbounded-block,proposed:hybrid,proposed:honaker:1024 $K"
}

run_list() {
    local pids=() line
    while read -r line; do
        # shellcheck disable=SC2086
        run_cell $line &
        pids+=($!)
        while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 2; done
    done
    wait
}

case "$mode" in
    grid) grid_cells | run_list ;;
    ksweep) ksweep_cells | run_list ;;
    counters) counter_cells | run_list ;;
    cell) for c in "${cells[@]}"; do { grid_cells; ksweep_cells; counter_cells; } | grep "^$c "; done | run_list ;;
    table) ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
python3 "$here/tools/paper/paper_grid_table.py" "$out"
