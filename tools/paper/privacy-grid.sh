#!/usr/bin/env bash
# The paper grid's ε = 1 cells in both privacy models (issue 16 item 3,
# docs/history.md "Privacy models"): Adult and adult-liu, random and
# sorted batches of 50 and 200, each stream once under pure ε = 1 (baseline,
# proposed:simple, proposed:elders:7:T) and once under ρ-zCDP at the ρ that
# implies (ε = 1, δ = 1/n²) for the table's n rows (baseline,
# proposed:simple, proposed:sqrt:T, proposed:sqrt-unbounded), T = the stream's
# steps. Then the counter comparison per model (counters command, t = 100 and
# 1000) and the markdown tables (tools/paper/privacy_grid_table.py).
#
#   tools/paper/privacy-grid.sh [grid|counters|table] [OUT]      (default: grid, then tables)
#   tools/paper/privacy-grid.sh cell OUT NAME...   the named cells in this order, e.g.
#                                              adult-liu-ordered-bs50-zcdp
#
# Environment: CLI (default build/app/streamsynth-cli), DATA (resources/data),
# K (5), SEED (1), JOBS (1: cells one at a time), EXTRA (more run options),
# PURE_EXTRA (default proposed:elders:7:{T}) and ZCDP_EXTRA (default
# proposed:sqrt-unbounded): series added to the pure / zCDP cells ({T} = the
# stream's steps; empty = none).
# Cells whose summary.json exists are skipped, so an interrupted grid resumes.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
mode="${1:-grid}"
out="${2:-privacy-grid-out}"
shift 2 || true
names=("$@")
CLI="${CLI:-$here/build/app/streamsynth-cli}"
DATA="${DATA:-$here/resources/data}"
K="${K:-5}"
SEED="${SEED:-1}"
JOBS="${JOBS:-1}"
EXTRA="${EXTRA:-}"
PURE_EXTRA="${PURE_EXTRA-proposed:elders:7:{T\}}"
ZCDP_EXTRA="${ZCDP_EXTRA-proposed:sqrt-unbounded}"
mkdir -p "$out"

rows_of() { echo $(($(wc -l < "$DATA/$1.csv") - 1)); }

# run_cell NAME TABLE ORDER BATCH SERIES PRIVACY-OPTIONS...
run_cell() {
    local name="$1" table="$2" order="$3" batch="$4" series="$5"
    shift 5
    local dir="$out/$name"
    if [ -f "$dir/summary.json" ]; then echo "skip $name (done)"; return 0; fi
    mkdir -p "$dir"
    echo "$*" > "$dir/privacy"
    local start=$SECONDS
    # shellcheck disable=SC2086
    "$CLI" run --data "$DATA/$table.csv" --schema "$DATA/$table-domain.json" --batch "$batch" --order "$order" \
        --series "$series" --k "$K" --seed "$SEED" --threads 1 --export-releases none --out "$dir" "$@" $EXTRA \
        > "$dir/table.txt" 2> "$dir/log" ||
        { echo "$name: FAILED after $((SECONDS - start)) s: $(tail -n 1 "$dir/log")"; return 0; }
    echo "$name: $((SECONDS - start)) s"
}

grid_cells() {
    for table in adult adult-liu; do
        local n; n=$(rows_of "$table")
        local delta; delta=$(python3 -c "print('%.6g' % (1.0 / $n ** 2))")
        for order in random sorted; do
            local o=randomized; [ "$order" = sorted ] && o=ordered
            for batch in 200 50; do
                local steps=$(((n + batch - 1) / batch))
                local pure="baseline,proposed:simple${PURE_EXTRA:+,$PURE_EXTRA}"
                local zcdp="baseline,proposed:simple,proposed:sqrt:$steps${ZCDP_EXTRA:+,$ZCDP_EXTRA}"
                echo "$table-$o-bs$batch-pure|$table|$order|$batch|${pure//\{T\}/$steps}|--epsilon|1"
                echo "$table-$o-bs$batch-zcdp|$table|$order|$batch|${zcdp//\{T\}/$steps}|--privacy|zcdp|--epsilon|1|--delta|$delta"
            done
        done
    done
}

run_grid() {
    local line
    while IFS= read -r line; do
        IFS='|' read -r -a f <<< "$line"
        run_cell "${f[@]}" &
        while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 2; done
    done < <(if [ "${#names[@]}" -gt 0 ]; then
                 local n; for n in "${names[@]}"; do grid_cells | grep "^$n|" || echo "no cell $n" >&2; done
             else grid_cells; fi)
    wait
}

# The counter comparison: every counter at t = 100 and 1000, 2000 repetitions.
run_counters() {
    local dir="$out/counters"
    mkdir -p "$dir"
    local pure=(simple block:32 unbounded-block tree:1024 hybrid honaker:1024 smooth-binary:1000 elders:3:1000
                elders:7:1000 elders:19:1000)
    local zcdp=("${pure[@]}" sqrt:1000 sqrt-unbounded sqrt:1000+discrete sqrt-unbounded+discrete)
    local t
    for t in "${pure[@]}"; do
        [ -f "$dir/pure-$t.csv" ] || "$CLI" counters --type "$t" --epsilon 1 --steps 1000 --reps 2000 --seed 1 --csv \
            --output "$dir/pure-$t.csv"
    done
    for t in "${zcdp[@]}"; do
        [ -f "$dir/zcdp-$t.csv" ] || "$CLI" counters --type "$t" --privacy zcdp --epsilon 1 --delta 1e-6 --steps 1000 \
            --reps 2000 --seed 1 --csv --output "$dir/zcdp-$t.csv"
    done
}

case "$mode" in
    grid | cell) run_grid ;;
    counters) run_counters ;;
    table) ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
python3 "$here/tools/paper/privacy_grid_table.py" "$out"
