#!/usr/bin/env python3
# The baseline against the paper's baseline figures (tests/data/paper-baseline.tsv),
# side by side for several grids (docs/history.md, "Reproducing the paper's
# baseline", item 3c): for each of the 16 cells and each grid, the ratio of the
# baseline's last-10 AvgWE and MaxWE to the paper's, marked ✓ within 25%, and the
# count of such cells per grid. A grid is OUT of `tools/paper/paper-grid.sh grid OUT`
# run with SERIES=baseline; name it LABEL=OUT (e.g. "δ = 1e-6=OUT").
# Usage: baseline_reproduction.py LABEL=OUT [LABEL=OUT ...]
import json
import os
import sys

from grid_common import CELLS, cell_name, paper_baseline, series_of



def table(grids, paper, metric):
    print(f"{metric}: ratio of the baseline's last-10 mean to the paper's (✓ within 25%)\n")
    print("| cell | " + " | ".join(label for label, _ in grids) + " |")
    print("|---|" + "---|" * len(grids))
    within = [0] * len(grids)
    for o, b, e in CELLS:
        p = paper[(f"Adult-{o}-bs-{b}", float(e), metric)]
        row = []
        for i, (_, out) in enumerate(grids):
            r = series_of(os.path.join(out, cell_name(o, b, e)), "baseline")["last10"][metric] / p
            ok = abs(r - 1) <= 0.25
            within[i] += ok
            row.append(f"{r:.2f}" + (" ✓" if ok else ""))
        print(f"| {o} bs-{b} ε = {e:g} | " + " | ".join(row) + " |")
    print("| **within 25%** | " + " | ".join(f"**{n} of 16**" for n in within) + " |\n")


def main():
    grids = []
    for arg in sys.argv[1:]:
        label, sep, out = arg.rpartition("=")
        grids.append((label if sep else out, out))
    if not grids:
        sys.exit("usage: baseline_reproduction.py LABEL=OUT [LABEL=OUT ...]")
    paper = paper_baseline()
    if not paper:
        sys.exit("tests/data/paper-baseline.tsv: missing")
    for metric in ("AvgWE", "MaxWE"):
        table(grids, paper, metric)


main()
