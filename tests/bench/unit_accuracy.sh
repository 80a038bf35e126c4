#!/bin/bash
# The accuracy cost of person-level privacy (issue 49) on the bundled
# admissions table (24 months, 2,000 patients, 6,155 admissions): ε = 1, the
# baseline and the proposed streamer with product defaults, seeds 101, 202
# and 303, event level and each patient protected with at most m = 1, 4 and
# 12 rows (K = m). Prints, per setting and series, the rows kept, the mean
# over the seeds of the last-10-steps AvgWE and of the mean 1-way TV distance
# at the last step (summary.json's one_way_tv_last), both against the rows
# the releases count (the bounded rows at unit level).
# Usage: bash tests/bench/unit_accuracy.sh [CLI] (default build/app/streamsynth-cli)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${1:-$root/build/app/streamsynth-cli}
data=$root/resources/data/admissions.csv
schema=$root/resources/data/admissions-domain.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for m in event 1 4 12; do
  unit=()
  [ "$m" != event ] && unit=(--privacy-unit patient_id --max-rows-per-unit "$m")
  "$cli" inspect --data "$data" --schema "$schema" "${unit[@]}" --json > "$work/inspect-$m.json" 2> /dev/null
  for seed in 101 202 303; do
    "$cli" run --data "$data" --schema "$schema" "${unit[@]}" --seed "$seed" --epsilon 1 \
      --series baseline,proposed --out "$work/out-$m-$seed" > /dev/null 2>&1
  done
done
python3 - "$work" <<'PY'
import json, statistics as st, sys
work = sys.argv[1]
print(f"{'protects':<10} {'rows kept':>10}  {'series':<16} {'AvgWE (last 10)':>16} {'1-way TV (last)':>16}")
for m in ["event", "1", "4", "12"]:
    kept = json.load(open(f"{work}/inspect-{m}.json"))["rowsInSteps"]
    rows = {}
    for seed in [101, 202, 303]:
        for s in json.load(open(f"{work}/out-{m}-{seed}/summary.json"))["series"]:
            tv = s["one_way_tv_last"]
            rows.setdefault(s["series"], []).append((s["last10"]["AvgWE"], st.mean(tv.values())))
    label = "each row" if m == "event" else f"m = {m}"
    for series, v in rows.items():
        print(f"{label:<10} {int(kept):>10}  {series:<16} {st.mean(a for a, _ in v):>16.4f} {st.mean(b for _, b in v):>16.3f}")
PY
