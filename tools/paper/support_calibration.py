#!/usr/bin/env python3
# The support check against what the releases show (docs/streamers.md,
# "Calibration on adult-liu"): for every cell of a tools/paper/paper-grid.sh grid
# on adult-liu, each attribute's verdict from the run's warnings (stderr)
# against the last release's 1-way TV divided by the uniform column's TV
# ("near" >= 0.9, "mid" >= 0.5, else "far"). Counts (verdict, class) pairs.
#
# Usage: support_calibration.py GRID SERIES_ID LINE_PREFIX [STDERR_DIR]
#   GRID        a paper-grid.sh output folder (cells with summary.json and log)
#   SERIES_ID   the series in summary.json (proposed-simple, baseline, baseline-carried)
#   LINE_PREFIX the warnings' prefix: "" (a proposed-only run), "proposed streamer: ",
#               "baseline: " (one line per run) or "baseline:carried: "
#   STDERR_DIR  where CELL.err holds the run's stderr, when the grid's own log
#               predates the series' check (default: the cell's log)
# Reads resources/data/adult-liu.csv for the uniform column's TV.
import collections
import glob
import json
import os
import re
import sys

from grid_common import uniform_tv

here = os.path.dirname(os.path.abspath(__file__))
data = os.path.join(here, "..", "..", "resources", "data")
grid, series, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
err_dir = sys.argv[4] if len(sys.argv) > 4 else None

domain_path = os.path.join(data, "adult-liu-domain.json")
domain = json.load(open(domain_path))
uniform = uniform_tv(os.path.join(data, "adult-liu.csv"), domain_path)

p = re.escape(prefix)
slow = re.compile(r"warning: " + p + r"attribute '([^']+)': ")
cannot = re.compile(r"warning: " + p + r"the data cannot support attribute '([^']+)'")
named_line = re.compile(r"warning: " + p + r"each step is fitted from its own rows only.*")
table = collections.Counter()
for cell_dir in sorted(glob.glob(os.path.join(grid, "*", ""))):
    cell = os.path.basename(cell_dir.rstrip("/"))
    log = open(os.path.join(err_dir, cell + ".err") if err_dir else os.path.join(cell_dir, "log")).read()
    verdict = {m.group(1): "needs T*" for m in slow.finditer(log)}
    verdict.update({m.group(1): "cannot" for m in cannot.finditer(log)})
    for line in named_line.findall(log):
        verdict.update({a: "cannot" for a in re.findall(r"'([^']+)' \(rows per cell", line)})
    summary = json.load(open(os.path.join(cell_dir, "summary.json")))
    tv = next(s for s in summary["series"] if s["series"] == series)["one_way_tv_last"]
    for a in domain:
        ratio = tv[a] / uniform[a]
        cls = "near" if ratio >= 0.9 else ("mid" if ratio >= 0.5 else "far")
        table[(verdict.get(a, "not warned"), cls)] += 1
for key in sorted(table):
    print(f"{key[0]:10s} {key[1]:5s} {table[key]}")
