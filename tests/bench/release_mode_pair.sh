#!/usr/bin/env bash
# Release mode's own costs (docs/pgm.md, "Release mode's own costs"): Adult
# in batches of 50, proposed:simple, eps 1, --release-mode --threads 2, each
# run with fresh data and state folders (its own registry), two CLIs in turns.
# Prints each run's wall, user and system seconds, minor faults and the size
# of the step files, then the medians.
#   tests/bench/release_mode_pair.sh [RUNS=3] CLI_A [CLI_B]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-3}"
shift || true
[ $# -ge 1 ] || { echo "usage: $0 [RUNS] CLI_A [CLI_B]" >&2; exit 2; }
clis=("$@")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A walls
for r in $(seq "$runs"); do
    for i in "${!clis[@]}"; do
        cli="${clis[$i]}"
        rm -rf "$work/data" "$work/state" "$work/out"
        XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" /usr/bin/time -o "$work/time" \
            -f "%e %U %S %R" "$cli" run --data "$here/resources/data/adult.csv" \
            --schema "$here/resources/data/adult-domain.json" --batch 50 --order random \
            --series proposed:simple --epsilon 1 --release-mode --threads 2 --out "$work/out" \
            > /dev/null 2> "$work/log" || { cat "$work/log" >&2; exit 1; }
        read -r wall user sys faults < "$work/time"
        walls[$i]+="$wall "
        echo "CLI $((i + 1)) round $r: $wall s wall, $user s user, $sys s system, $faults minor faults," \
             "step files $(du -sb "$work/out/releases" | cut -f1) bytes"
    done
done
median() { printf '%s\n' $1 | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for i in "${!clis[@]}"; do echo "CLI $((i + 1)) (${clis[$i]}): median $(median "${walls[$i]}") s wall"; done
