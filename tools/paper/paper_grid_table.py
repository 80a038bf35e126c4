#!/usr/bin/env python3
# Markdown tables of the paper grid (docs/history.md) from OUT/<cell>/summary.json:
# last-10-step AvgWE/MaxWE/AvgRelWE/MaxRelWE per cell and series, plus the
# k sweep and counter comparison when present. Usage: paper_grid_table.py OUT [PAPER_OUT]
# where PAPER_OUT holds the same cells run with the paper's proposed streamer
# (SERIES=proposed:simple EXTRA="--one-way-share 0 --small-share 0"): then a table of the
# product's proposed streamer (OUT) against the paper's (PAPER_OUT).
import json
import os
import sys

from grid_common import paper_baseline

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


def fmt_sd(s, m):
    """mean, with ± the sd over repeats when the cell ran several."""
    sd = s.get("last10_sd", {}).get(m)
    return fmt(s["last10"][m]) + (f" ± {sd:.2g}" if sd is not None else "")


def worst_one_way(s):
    tv = s.get("one_way_tv_last")
    if not tv:
        return "—"
    name = max(tv, key=tv.get)
    return f"{name} {tv[name]:.2f}"


def row_of(series, name):
    for s in series:
        if s["series"] == name:
            return s
    return None


# A crashed attempt kept for the record is renamed CELL.seedN-crashed (skipped here).
paper_out = sys.argv[2] if len(sys.argv) > 2 else None
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
        vals = " | ".join(f"{fmt_sd(base, m)} | {fmt_sd(prop, m)}" for m in METRICS)
        print(f"| Adult-{o}{seed_note(c)} | {b[2:]} | {e[3:]} | {vals} | {better}/4 | "
              f"{base['seconds']:.0f} / {prop['seconds']:.0f} |")
    print(f"\nProposed better on {wins} of {total} (cell, metric) pairs.\n")

    # The baseline against the paper's baseline (tests/data/paper-baseline.tsv),
    # and the worst attribute's 1-way distance at the last step.
    paper = paper_baseline()
    if paper:
        print("| stream | batch | ε | AvgWE base | paper | ratio | MaxWE base | paper | worst 1-way base | worst 1-way prop |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        within = 0
        for c in sorted(grid, key=key):
            o, b, e = c.split("-")
            series = load(c)
            if series is None:
                continue
            base, prop = row_of(series, "baseline"), row_of(series, "proposed-simple")
            stream = f"Adult-{o}-bs-{b[2:]}"
            pa, pm = paper.get((stream, float(e[3:]), "AvgWE")), paper.get((stream, float(e[3:]), "MaxWE"))
            if base is None or pa is None:
                continue
            r = base["last10"]["AvgWE"] / pa
            within += abs(r - 1) <= 0.25
            print(f"| Adult-{o} | {b[2:]} | {e[3:]} | {fmt(base['last10']['AvgWE'])} | {pa} | {r:.2f} | "
                  f"{fmt(base['last10']['MaxWE'])} | {pm} | {worst_one_way(base)} | "
                  f"{worst_one_way(prop) if prop else '—'} |")
        print(f"\nBaseline AvgWE within 25% of the paper's in {within} of {len(grid)} cells.\n")

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


if paper_out and grid:
    print("| stream | batch | ε | " + " | ".join(f"{m} product | {m} paper's" for m in METRICS) + " | product better |")
    print("|---|---|---|" + "---|---|" * len(METRICS) + "---|")
    wins = total = 0
    for c in sorted(grid, key=key):
        mine = load(c)
        path = os.path.join(paper_out, c, "summary.json")
        if mine is None or not os.path.exists(path):
            continue
        prop = row_of(mine, "proposed-simple")
        paper = row_of(json.load(open(path))["series"], "proposed-simple")
        if prop is None or paper is None:
            continue
        o, b, e = c.split("-")
        better = sum(prop["last10"][m] < paper["last10"][m] for m in METRICS)
        wins += better
        total += len(METRICS)
        vals = " | ".join(f"{fmt_sd(prop, m)} | {fmt(paper['last10'][m])}" for m in METRICS)
        print(f"| Adult-{o} | {b[2:]} | {e[3:]} | {vals} | {better}/4 |")
    print(f"\nThe product's proposed streamer better on {wins} of {total} (cell, metric) pairs.\n")
