#!/usr/bin/env python3
# 1-way distances of the last release against a uniform column's (issue 14
# item 4; docs/history.md, "1-way distances"): TV between each attribute's
# true 1-way distribution and the last release's ("one_way_tv_last" of
# summary.json), beside the TV a uniform column has ("one_way_uniform_tv").
# Computed from the private data: for the steward, not for publication.
#
#   one_way_distances.py attributes LABEL=GLOB:SERIES ...
#       one row per attribute: the mean TV over the runs GLOB matches (e.g.
#       "OUT/def-s*", one run folder per seed), per LABEL, and the uniform
#       column's; then each label's mean last-10 AvgWE and its worst column.
#   one_way_distances.py cells LABEL=GRID:SERIES ...
#       one row per cell of a tools/paper/paper-grid.sh grid: each label's worst
#       attribute as TV / uniform TV (< 1: closer than uniform).
# SERIES is the series id in summary.json (baseline, proposed-simple, ...).
# Older summaries without "one_way_uniform_tv": give --uniform-from CSV DOMAIN
# (a table of codes and its {attribute: codes} domain, e.g. adult-liu) and the
# uniform column's TV is computed from the whole table.
import glob
import json
import os
import sys

from grid_common import CELLS, cell_name, series_of, uniform_tv


def uniform_of(s, fallback):
    u = s.get("one_way_uniform_tv") or fallback
    if not u:
        sys.exit("a summary has no one_way_uniform_tv: give --uniform-from CSV DOMAIN")
    return u


def ratio(tv, uniform):
    """TV / uniform TV; a column whose truth is itself uniform (uniform TV 0) is
    0 when the release matches it and infinitely far otherwise."""
    if uniform > 0:
        return tv / uniform
    return 0.0 if tv == 0 else float("inf")


def parse(specs):
    """LABEL=WHERE:SERIES (the label may contain '=': the last one splits)."""
    out = []
    for spec in specs:
        label, eq, rest = spec.rpartition("=")
        where, colon, series = rest.rpartition(":")
        if not eq or not colon or not where or not series:
            sys.exit(f"'{spec}': expected LABEL=WHERE:SERIES")
        out.append((label, where, series))
    return out


def attributes(specs, fallback):
    runs = {label: [series_of(d, series) for d in sorted(glob.glob(where)) if os.path.isdir(d)]
            for label, where, series in specs}
    for label, found in runs.items():
        if not found:
            sys.exit(f"{label}: no run folder matches")
    first = next(iter(runs.values()))[0]
    uniform = uniform_of(first, fallback)
    names = list(first["one_way_tv_last"].keys())
    print("| attribute | uniform | " + " | ".join(f"{label} ({len(r)} runs)" for label, r in runs.items()) + " |")
    print("|---|---|" + "---|" * len(runs))
    for a in names:
        means = [sum(s["one_way_tv_last"][a] for s in r) / len(r) for r in runs.values()]
        print(f"| {a} | {uniform[a]:.3f} | " + " | ".join(f"{m:.3f}" for m in means) + " |")
    avg = [sum(s["last10"]["AvgWE"] for s in r) / len(r) for r in runs.values()]
    print("| **AvgWE (last 10, mean)** | | " + " | ".join(f"{x:.5f}" for x in avg) + " |")
    worst = []
    for r in runs.values():
        ratios = [max((ratio(s["one_way_tv_last"][a], uniform[a]), a) for a in names) for s in r]
        hi = max(ratios)
        worst.append(f"{min(ratios)[0]:.2f}–{hi[0]:.2f} ({hi[1]})")
    print("| **worst TV / uniform over the runs** | | " + " | ".join(worst) + " |")


def cells(specs, fallback):
    print("| cell | " + " | ".join(label for label, _, _ in specs) + " |")
    print("|---|" + "---|" * len(specs))
    closer = [0] * len(specs)
    for o, b, e in CELLS:
        cell = cell_name(o, b, e)
        row = []
        for i, (_, grid, series) in enumerate(specs):
            s = series_of(os.path.join(grid, cell), series)
            u = uniform_of(s, fallback)
            worst, a = max((ratio(tv, u[a]), a) for a, tv in s["one_way_tv_last"].items())
            closer[i] += worst < 0.9
            row.append(f"{a} {worst:.2f}")
        print(f"| {o} bs-{b} ε = {e:g} | " + " | ".join(row) + " |")
    print("| **cells whose worst column is below 0.9 × uniform** | " +
          " | ".join(f"**{n} of 16**" for n in closer) + " |")


def main():
    args = sys.argv[1:]
    fallback = None
    if "--uniform-from" in args:
        i = args.index("--uniform-from")
        if len(args) < i + 3:
            sys.exit("--uniform-from needs CSV and DOMAIN")
        fallback = uniform_tv(args[i + 1], args[i + 2])
        del args[i:i + 3]
    if len(args) < 2 or args[0] not in ("attributes", "cells"):
        sys.exit("usage: one_way_distances.py attributes|cells [--uniform-from CSV DOMAIN] LABEL=WHERE:SERIES ...")
    (attributes if args[0] == "attributes" else cells)(parse(args[1:]), fallback)


main()
