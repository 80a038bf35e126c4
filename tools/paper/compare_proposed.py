#!/usr/bin/env python3
# Compares the proposed streamer of two paper-grid outputs cell by cell
# (docs/history.md): last-10 AvgWE and MaxWE with their sd over repeats,
# the ratio B/A, and how many cells B wins on each. Usage:
#   compare_proposed.py A_OUT B_OUT [LABEL_A LABEL_B]
# Each OUT holds <cell>/summary.json as written by tools/paper/paper-grid.sh.
import json
import os
import sys


def proposed(out, cell):
    path = os.path.join(out, cell, "summary.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for s in json.load(f)["series"]:
            if s.get("streamer") == "proposed":
                return s
    return None


def cell_names():
    for order in ("randomized", "ordered"):
        for batch in (200, 50):
            for eps in ("0.5", "1", "2", "4"):
                yield f"{order}-bs{batch}-eps{eps}"


def value(s, metric):
    sd = s.get("last10_sd", {}).get(metric)
    text = f"{s['last10'][metric]:.4g}"
    return text + (f" ± {sd:.2g}" if sd is not None else "")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: compare_proposed.py A_OUT B_OUT [LABEL_A LABEL_B]")
    a_out, b_out = sys.argv[1], sys.argv[2]
    la = sys.argv[3] if len(sys.argv) > 3 else os.path.basename(a_out.rstrip("/"))
    lb = sys.argv[4] if len(sys.argv) > 4 else os.path.basename(b_out.rstrip("/"))
    print(f"| cell | AvgWE {la} | AvgWE {lb} | ratio | MaxWE {la} | MaxWE {lb} | ratio |")
    print("|---|---|---|---|---|---|---|")
    wins = {"AvgWE": 0, "MaxWE": 0}
    cells = 0
    for cell in cell_names():
        a, b = proposed(a_out, cell), proposed(b_out, cell)
        if a is None or b is None:
            continue
        cells += 1
        row = [cell]
        for metric in ("AvgWE", "MaxWE"):
            ratio = b["last10"][metric] / a["last10"][metric]
            wins[metric] += ratio < 1
            row += [value(a, metric), value(b, metric), f"{ratio:.2f}"]
        print("| " + " | ".join(row) + " |")
    print(f"\n{lb} lower than {la}: AvgWE in {wins['AvgWE']} of {cells} cells, MaxWE in {wins['MaxWE']} of {cells}.")


if __name__ == "__main__":
    main()
