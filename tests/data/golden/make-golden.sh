#!/usr/bin/env bash
# The golden releases (issue 48: behaviour unchanged): three small runs with
# fixed seeds whose release CSVs must stay byte for byte what commit 931594a
# wrote. Run with that commit's CLI it made releases.sha256 and
# adult-pure-3-steps.session (beside this script); run with today's CLI by
# tests/cli/test_golden_releases.cpp, which compares the digests and
# continues that session.
#   make-golden.sh CLI REPO_ROOT OUT_DIR   (prints "digest  path" lines on stdout)
set -euo pipefail
cli="$1" root="$2" out="$3"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
data="$root/resources/data"
mkdir -p "$out"
head -n 2001 "$data/adult.csv" > "$out/adult-2000.csv"
adult=(--data "$out/adult-2000.csv" --schema "$data/adult-domain.json" --batch 400 --k 3 --iters 100)
# 1. Pure ε: the baseline and two counters.
"$cli" run "${adult[@]}" --series baseline,proposed:simple,proposed:elders:7:5 --epsilon 1 --seed 7 \
  --out "$out/pure" > "$out/pure.log" 2>&1
# 2. zCDP: the carried baseline and two counters.
"$cli" run "${adult[@]}" --privacy zcdp --rho 0.5 --series baseline:carried,proposed:sqrt:5,proposed:tree:5 \
  --seed 11 --out "$out/zcdp" > "$out/zcdp.log" 2>&1
# 3. A time stream by year with the DP choice of coarsened labels. With
#    931594a's 1-way shrinkage named (its default then): the default since
#    james-stein-spikes also fits sparse columns the noise test rejects from a
#    counter's 10th feed on, which changes this run from step 16 (on purpose:
#    docs/results.md, "Sparse columns"); the 5-step runs above never reach it.
#    Passing --one-way-shrink james-stein to 931594a's CLI gives its releases.
"$cli" run --data "$data/movies.csv" --schema "$here/movies-schema.json" --time "Release Date" --period year \
  --start 1990-01-01 --end 2009-12-31 --series baseline,proposed:hybrid --epsilon 2 --seed 5 --k 2 --iters 50 \
  --coarsen proposed --bins uniform --one-way-shrink james-stein --out "$out/movies" > "$out/movies.log" 2>&1
cd "$out"
find pure zcdp movies -path '*/releases/*' -name 'step-*.csv' | LC_ALL=C sort | xargs sha256sum
