#!/usr/bin/env python3
# The baseline against the paper's baseline figures (tests/data/paper-baseline.tsv),
# side by side for several grids (docs/paper-grid.md, "Reproducing the paper's
# baseline", item 3c): for each of the 16 cells and each grid, the ratio of the
# baseline's last-10 AvgWE and MaxWE to the paper's, marked ✓ within 25%, and the
# count of such cells per grid. A grid is OUT of `scripts/paper-grid.sh grid OUT`
# run with SERIES=baseline; name it LABEL=OUT (e.g. "δ = 1e-6=OUT").
# Usage: baseline_reproduction.py LABEL=OUT [LABEL=OUT ...]
import json
import os
import sys

from grid_common import paper_baseline

CELLS = [(o, b, e) for o in ("randomized", "ordered") for b in (50, 200) for e in (0.5, 1, 2, 4)]


def baseline_last10(out, cell):
    path = os.path.join(out, cell, "summary.json")
    if not os.path.exists(path):
        sys.exit(f"{path}: missing (run the grid first)")
    for s in json.load(open(path))["series"]:
        if s["streamer"] == "baseline":
            return s["last10"]
    sys.exit(f"{path}: no baseline series")


def table(grids, paper, metric):
    print(f"{metric}: ratio of the baseline's last-10 mean to the paper's (✓ within 25%)\n")
    print("| cell | " + " | ".join(label for label, _ in grids) + " |")
    print("|---|" + "---|" * len(grids))
    within = [0] * len(grids)
    for o, b, e in CELLS:
        p = paper[(f"Adult-{o}-bs-{b}", float(e), metric)]
        row = []
        for i, (_, out) in enumerate(grids):
            r = baseline_last10(out, f"{o}-bs{b}-eps{e:g}")[metric] / p
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
    for metric in ("AvgWE", "MaxWE"):
        table(grids, paper, metric)


main()
