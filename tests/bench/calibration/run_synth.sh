#!/bin/bash
# usage: run_synth.sh "SEEDS"  -- plans 1-way:5 / 1-way:10 @0.95 (last step only) on synth.csv in batches
# of 500 (random order), runs proposed:simple at the planned eps, evaluates step 40 against all 20,000 rows
set -e; HERE=$(cd "$(dirname "$0")" && pwd); mkdir -p "${CALIB_DIR:-/tmp/calib}"; cd "${CALIB_DIR:-/tmp/calib}"
C=${STREAMSYNTH_CLI:?set STREAMSYNTH_CLI to the built streamsynth-cli}
DATA=(--data synth.csv --confirm-domain --batch 500)
for P in 5 10; do
  $C plan --schema synth_b500.schema.json --batch 500 --steps 40 --check-every 0 --target-accuracy 1-way:$P@0.95 > plan_synth_p$P.txt
  E=$(grep -oP 'Proposed:\s+epsilon = \K[0-9.e+-]+' plan_synth_p$P.txt)
  for S in $1; do
    OUT=runs/synth_p${P}_s$S
    $C run "${DATA[@]}" --series proposed:simple --epsilon $E --seed $S --out $OUT --export-releases last --replace > $OUT.log 2>&1
    D=$(ls -d $OUT/releases/proposed-simple/eps*)
    R=$(python3 "$HERE/eval_1way.py" synth_b500.schema.json synth.csv $D/step-0040.csv $P)
    echo -e "synth-b500\t$P\t$E\t$S\t40\t$R\t$(grep -o '"one_way_share": [0-9.]*' $D/step-0040.json)" | tee -a results_synth.tsv
  done
done
