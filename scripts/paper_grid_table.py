#!/usr/bin/env python3
# Markdown tables of the paper grid (docs/paper-grid.md) from OUT/<cell>/summary.json:
# last-10-step AvgWE/MaxWE/AvgRelWE/MaxRelWE per cell and series, plus the
# k sweep and counter comparison when present. Usage: paper_grid_table.py OUT
import json
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "paper-grid-out"
METRICS = ["AvgWE", "MaxWE", "AvgRelWE", "MaxRelWE"]


def load(cell):
    path = os.path.join(out, cell, "summary.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["series"]


def seed_note(cell):
    path = os.path.join(out, cell, "seed")
    seed = open(path).read().strip() if os.path.exists(path) else "1"
    return "" if seed == "1" else f" (seed {seed})"


def fmt(v):
    return f"{v:.4g}"


def row_of(series, name):
    for s in series:
        if s["series"] == name:
            return s
    return None


# A crashed attempt kept for the record is renamed CELL.seedN-crashed (skipped here).
cells = sorted(c for c in os.listdir(out) if os.path.isdir(os.path.join(out, c)) and not c.endswith("-crashed"))
grid = [c for c in cells if c.startswith(("randomized-", "ordered-"))]
if grid:
    print("| stream | batch | ε | " + " | ".join(f"{m} base | {m} prop" for m in METRICS) +
          " | prop better | s (base / prop) |")
    print("|---|---|---|" + "---|---|" * len(METRICS) + "---|---|")

    def key(c):
        o, b, e = c.split("-")
        return (o != "randomized", int(b[2:]), float(e[3:]))

    wins = total = 0
    for c in sorted(grid, key=key):
        o, b, e = c.split("-")
        series = load(c)
        if series is None:
            print(f"| Adult-{o} | {b[2:]} | {e[3:]} | " + "— | — | " * len(METRICS) + "crashed | |")
            continue
        base, prop = row_of(series, "baseline"), row_of(series, "proposed-simple")
        if base is None or prop is None:
            continue
        better = sum(prop["last10"][m] < base["last10"][m] for m in METRICS)
        wins += better
        total += len(METRICS)
        vals = " | ".join(f"{fmt(base['last10'][m])} | {fmt(prop['last10'][m])}" for m in METRICS)
        print(f"| Adult-{o}{seed_note(c)} | {b[2:]} | {e[3:]} | {vals} | {better}/4 | "
              f"{base['seconds']:.0f} / {prop['seconds']:.0f} |")
    print(f"\nProposed better on {wins} of {total} (cell, metric) pairs.\n")

ks = sorted((c for c in cells if c.startswith("ksweep-k")), key=lambda c: int(c[8:]))
if ks:
    print("| k | " + " | ".join(f"{m} base | {m} prop" for m in METRICS) + " | s (base / prop) |")
    print("|---|" + "---|---|" * len(METRICS) + "---|")
    for c in ks:
        series = load(c)
        if series is None:
            print(f"| {c[8:]} | " + "— | — | " * len(METRICS) + "crashed |")
            continue
        base, prop = row_of(series, "baseline"), row_of(series, "proposed-simple")
        vals = " | ".join(f"{fmt(base['last10'][m])} | {fmt(prop['last10'][m])}" for m in METRICS)
        print(f"| {c[8:]}{seed_note(c)} | {vals} | {base['seconds']:.0f} / {prop['seconds']:.0f} |")
    print()

for c in cells:
    if not c.startswith("counters-"):
        continue
    series = load(c)
    if series is None:
        continue
    print(f"{c} (last-10 means; s = summed step time of the series):\n")
    print("| counter | " + " | ".join(METRICS) + " | AvgWE all steps | s |")
    print("|---|" + "---|" * len(METRICS) + "---|---|")
    for s in series:
        vals = " | ".join(fmt(s["last10"][m]) for m in METRICS)
        print(f"| {s['counter']} | {vals} | {fmt(s['all_steps']['AvgWE'])} | {s['seconds']:.0f} |")
    print()
