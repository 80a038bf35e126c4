#!/bin/bash
# usage: run_movies.sh PERIOD(month|year) STEPS RPS CHECK_EVERY
# plans 1-way:5 and 1-way:10 @0.95, runs proposed:simple at the planned eps for seeds 1..3,
# evaluates the checked steps with eval_1way.py; results appended to results_movies_PERIOD.tsv
set -e; HERE=$(cd "$(dirname "$0")" && pwd); mkdir -p "${CALIB_DIR:-/tmp/calib}"; cd "${CALIB_DIR:-/tmp/calib}"
C=${STREAMSYNTH_CLI:?set STREAMSYNTH_CLI to the built streamsynth-cli}; PER=$1; STEPS=$2; RPS=$3; CE=$4
DATA=(--data movies_cat.csv --confirm-domain --time "Release Date" --period $PER --start 1995-01-01 --end 2009-12-31)
$C inspect "${DATA[@]}" --write-schema movies_$PER.schema.json > /dev/null
for P in 5 10; do
  $C plan --schema movies_$PER.schema.json --steps $STEPS --rows-per-step $RPS --check-every $CE --target-accuracy 1-way:$P@0.95 > plan_movies_${PER}_p$P.txt
  $C plan --schema movies_$PER.schema.json --steps $STEPS --rows-per-step $RPS --check-every $CE --target-accuracy 1-way:$P@0.95 --json > plan_movies_${PER}_p$P.json
  E=$(grep -oP 'Proposed:\s+epsilon = \K[0-9.e+-]+' plan_movies_${PER}_p$P.txt)
  for S in ${SEEDS:-1 2 3}; do
    OUT=runs/movies_${PER}_p${P}_s$S
    $C run "${DATA[@]}" --series proposed:simple --epsilon $E --seed $S --out $OUT --replace > $OUT.log 2>&1
    D=$(ls -d $OUT/releases/proposed-simple/eps*)
    for ((t=CE; t<=STEPS; t+=CE)); do
      if [ $PER = month ]; then Y=$((1995 + t/12 - 1)); else Y=$((1995 + t - 1)); fi
      R=$(python3 "$HERE/eval_1way.py" movies_$PER.schema.json movies_cat.csv $D/step-$(printf %04d $t).csv $P "Release Date" 1995-01-01 $Y-12-31)
      echo -e "movies-$PER\t$P\t$E\t$S\t$t\t$R" | tee -a results_movies_$PER.tsv
    done
  done
done
