#!/usr/bin/env bash
# Thread scaling of the CLI (issue 50): wall and CPU (user + sys) seconds of
# the same work at 1, 2, 4, 8 and 16 threads, medians of RUNS runs, and their
# ratios to one thread; for the fits also the fit's own wall seconds (`fit
# --json`'s "seconds": no start-up, no reading of the measurements) and
# their ratio. Three workloads:
#   fixture  `fit` on tests/data/pgm-adult-15 (471,505 model cells on the
#            reference's tree, 307,165 on the one the fit computes on; many
#            cliques), 300 iterations;
#   large    `fit` on a generated model whose junction tree is one clique of
#            50 x 50 x 40 = 100,000 cells (pairs a-b, b-c, a-c), 2,000
#            iterations (so that the fit, not the start, is what is timed);
#   bs50     Adult in random batches of 50, baseline + proposed:simple, ε = 1
#            (the run puts its two series side by side first);
#   long     (not in the default list) the large model's fit for 8,000
#            iterations, whose smallest cells sink below 2.2e-308 after
#            about 4,000: what subnormal numbers cost a long fit
#            (docs/pgm.md, "Subnormal cells").
# For the fits, a last row "2x1" runs two one-thread fits at once: half of
# what each of them took, over one thread's alone, is the best ratio any
# two-thread split of perfectly parallel work could reach on this machine
# at that minute (two virtual cores that share a physical one, or its
# memory bandwidth, put it above 0.5). Its wall/1t and fit/1t columns are
# that ceiling; CPU/1t is the pair's CPU over one run's.
# The last column is the share of the machine's CPU time that the host took
# from its virtual cores while that row's runs ran (0 on bare metal): it
# tells a slow minute of a shared machine from a slow program.
# Each workload's result must not depend on the thread count: the fits'
# final loss and the run's metrics (seconds aside) are compared with one
# thread's, and a difference stops the benchmark.
#
#   tests/bench/thread_scaling.sh [RUNS=5] [CLI=build/app/streamsynth-cli] [WORKLOADS="fixture large bs50"]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-5}"
cli="${2:-$here/build/app/streamsynth-cli}"
workloads="${3:-fixture large bs50}"
[ -x "$cli" ] || { echo "thread_scaling: $cli not found: build streamsynth-cli first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The large model: 2-way measurements of a random table over a(50) b(50) c(40).
python3 - "$work" <<'EOF'
import json, random, sys
out = sys.argv[1]
rng = random.Random(7)
sizes = {"a": 50, "b": 50, "c": 40}
rows = [(min(49, int(rng.gauss(25, 9)) % 50), rng.randrange(50), rng.randrange(40)) for _ in range(50000)]
json.dump(sizes, open(out + "/large-schema.json", "w"))
with open(out + "/large-measurements.csv", "w") as f:
    f.write("pair_index,attr_a,attr_b,a,b,flat_index,true_count,noisy\n")
    for p, (x, y) in enumerate([("a", "b"), ("b", "c"), ("a", "c")]):
        ix, iy = "abc".index(x), "abc".index(y)
        counts = {}
        for r in rows:
            counts[(r[ix], r[iy])] = counts.get((r[ix], r[iy]), 0) + 1
        for i in range(sizes[x]):
            for j in range(sizes[y]):
                c = counts.get((i, j), 0)
                f.write(f"{p},{x},{y},{i},{j},{i * sizes[y] + j},{c},{c + rng.gauss(0, 25)!r}\n")
EOF

# The machine's stolen time so far, in clock ticks (/proc/stat's 8th cpu
# field): on a virtual machine, time the host gave our virtual cores to
# someone else. A parallel pass waits for its slowest thread, so a theft on
# either core stalls it: 2 threads suffer about twice what 1 does.
stolen() { awk '/^cpu / {print $9; exit}' /proc/stat 2> /dev/null || echo 0; }

# One timed run: prints "wall cpu stolen-ticks" and leaves the command's
# stdout in $work/out.
timed() {
    local t wall user sys s0 s1
    TIMEFORMAT='%R %U %S'
    s0="$(stolen)"
    t=$( { time "$@" > "$work/out" 2> "$work/err"; } 2>&1 ) || { cat "$work/err" >&2; exit 1; }
    s1="$(stolen)"
    read -r wall user sys <<< "$t"
    awk -v w="$wall" -v u="$user" -v s="$sys" -v st="$((s1 - s0))" 'BEGIN {printf "%s %.3f %d\n", w, u + s, st}'
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# The result of a run that must not change with the thread count.
result_of() {
    case "$1" in
        fixture | large | long) python3 -c 'import json,sys; print(repr(json.load(open(sys.argv[1]))["final_loss"]))' "$work/out" ;;
        bs50) cut -d, -f1-14,16- "$work/bs50/metrics.csv" | sha256sum | cut -c1-16 ;;
    esac
}

# The fit's own wall seconds (0 for a run).
fit_seconds_of() {
    case "$1" in
        fixture | large | long) python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seconds"])' "$work/out" ;;
        *) echo 0 ;;
    esac
}

# Two one-thread runs of a fit at once: prints "wall cpu fit" with wall the
# pair's elapsed seconds, cpu both runs' user + sys, fit the mean of their
# fits' own seconds.
pair_run() {
    local cmd t wall user sys p
    cmd="$(command_of "$1" 1)"
    TIMEFORMAT='%R %U %S'
    # shellcheck disable=SC2086
    t=$( { time { $cmd > "$work/pair1" 2> /dev/null & p=$!; $cmd > "$work/pair2" 2> /dev/null && wait "$p"; }; } 2>&1 ) ||
        { echo "thread_scaling: the pair of one-thread runs of $1 failed" >&2; exit 1; }
    read -r wall user sys <<< "$t"
    python3 -c 'import json,sys; a, b = (json.load(open(f))["seconds"] for f in sys.argv[1:3]); print(sys.argv[3], float(sys.argv[4]) + float(sys.argv[5]), (a + b) / 2)' \
        "$work/pair1" "$work/pair2" "$wall" "$user" "$sys"
}

command_of() {
    local threads="$2"
    case "$1" in
        fixture) echo "$cli fit --schema $here/resources/data/adult-domain.json --measurements $here/tests/data/pgm-adult-15/measurements.csv --iters 300 --threads $threads --json" ;;
        large) echo "$cli fit --schema $work/large-schema.json --measurements $work/large-measurements.csv --sigma 25 --iters 2000 --threads $threads --json" ;;
        long) echo "$cli fit --schema $work/large-schema.json --measurements $work/large-measurements.csv --sigma 25 --iters 8000 --threads $threads --json" ;;
        bs50) echo "$cli run --data $here/resources/data/adult.csv --schema $here/resources/data/adult-domain.json --batch 50 --order random --series baseline,proposed:simple --epsilon 1 --seed 1 --threads $threads --export-releases none --out $work/bs50" ;;
    esac
}

echo "thread scaling on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), medians of $runs runs; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %7s %9s %9s %10s %10s %9s %9s %8s\n' workload threads "wall s" "CPU s" "wall/1t" "CPU/1t" "fit s" "fit/1t" "stolen%"
# The thread counts take turns within each round of runs, so that a slow
# minute of a shared machine falls on all of them alike.
counts="1 2 4 8 16"
pair_walls="" pair_cpus="" pair_fits=""
for w in $workloads; do
    base_result=""
    declare -A walls=() cpus=() fits=() steal=() spent=()
    for _ in $(seq "$runs"); do
        for threads in $counts; do
            rm -rf "$work/bs50"
            # shellcheck disable=SC2046
            read -r wall cpu st <<< "$(timed $(command_of "$w" "$threads"))"
            walls[$threads]+="$wall "
            steal[$threads]=$((${steal[$threads]:-0} + st))
            spent[$threads]="$(awk -v a="${spent[$threads]:-0}" -v w="$wall" 'BEGIN {print a + w}')"
            cpus[$threads]+="$cpu "
            fits[$threads]+="$(fit_seconds_of "$w") "
            result="$(result_of "$w")"
            [ -z "$base_result" ] && base_result="$result"
            [ "$result" = "$base_result" ] || { echo "thread_scaling: $w at $threads threads gave $result, one thread $base_result" >&2; exit 1; }
        done
        if [ "$w" != bs50 ]; then
            read -r wall cpu fit <<< "$(pair_run "$w")"
            pair_walls+="$wall " pair_cpus+="$cpu " pair_fits+="$fit "
        fi
    done
    base_wall="" base_cpu="" base_fit=""
    for threads in $counts; do
        # shellcheck disable=SC2086
        mw="$(median ${walls[$threads]})"
        # shellcheck disable=SC2086
        mc="$(median ${cpus[$threads]})"
        # shellcheck disable=SC2086
        mf="$(median ${fits[$threads]})"
        [ "$threads" = 1 ] && base_wall="$mw" && base_cpu="$mc" && base_fit="$mf"
        printf '%-8s %7s %9.3f %9.3f %10.2f %10.2f %9s %9s %8s\n' "$w" "$threads" "$mw" "$mc" \
            "$(awk -v a="$mw" -v b="$base_wall" 'BEGIN {print a / b}')" "$(awk -v a="$mc" -v b="$base_cpu" 'BEGIN {print a / b}')" \
            "$(awk -v a="$mf" 'BEGIN {if (a > 0) printf "%.3f", a; else print "-"}')" \
            "$(awk -v a="$mf" -v b="$base_fit" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')" \
            "$(awk -v st="${steal[$threads]}" -v w="${spent[$threads]}" -v n="$(nproc)" -v hz="$(getconf CLK_TCK)" \
                'BEGIN {printf "%.1f", (w > 0 ? 100 * st / (hz * w * n) : 0)}')"
    done
    if [ -n "$pair_walls" ]; then
        # shellcheck disable=SC2086
        mw="$(median $pair_walls)" mc="$(median $pair_cpus)" mf="$(median $pair_fits)"
        printf '%-8s %7s %9.3f %9.3f %10.2f %10.2f %9.3f %9.2f %8s\n' "$w" 2x1 "$mw" "$mc" \
            "$(awk -v a="$mw" -v b="$base_wall" 'BEGIN {print a / (2 * b)}')" "$(awk -v a="$mc" -v b="$base_cpu" 'BEGIN {print a / b}')" \
            "$mf" "$(awk -v a="$mf" -v b="$base_fit" 'BEGIN {print a / (2 * b)}')" "-"
    fi
    unset walls cpus fits steal spent
    pair_walls="" pair_cpus="" pair_fits=""
done
