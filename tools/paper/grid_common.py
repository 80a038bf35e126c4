# Shared by the grid scripts (paper_grid_table.py, baseline_reproduction.py,
# one_way_distances.py, support_calibration.py): the 16 cells of the paper's
# grid, one series of a run's summary.json, the paper's baseline figures and
# a uniform column's 1-way TV computed from a table of codes.
import collections
import csv
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


# (order, batch, ε) of tools/paper/paper-grid.sh's cells, named "<order>-bs<batch>-eps<ε>".
CELLS = [(o, b, e) for o in ("randomized", "ordered") for b in (50, 200) for e in (0.5, 1, 2, 4)]


def cell_name(order, batch, eps):
    return f"{order}-bs{batch}-eps{eps:g}"


def series_of(run_dir, series_id):
    """The series with this id (baseline, proposed-simple, baseline-carried, ...) of
    run_dir/summary.json; exits with a message when the file or the series is missing."""
    path = os.path.join(run_dir, "summary.json")
    if not os.path.exists(path):
        sys.exit(f"{path}: missing (run the grid or the runs first)")
    for s in json.load(open(path))["series"]:
        if s["series"] == series_id:
            return s
    sys.exit(f"{path}: no series '{series_id}'")


def paper_baseline():
    """(stream, eps, metric) -> the paper's baseline figure (tests/data/paper-baseline.tsv);
    empty when the file is absent."""
    path = os.path.join(HERE, "..", "..", "tests", "data", "paper-baseline.tsv")
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path).read().splitlines()[1:]:
        stream, eps, metric, value = line.split("\t")
        out[(stream, float(eps), metric)] = float(value)
    return out


def uniform_tv(csv_path, domain_path):
    """{attribute: TV between its distribution in the table and a uniform column}
    for a CSV of codes and its {attribute: codes} domain (e.g. adult-liu)."""
    domain = json.load(open(domain_path))
    rows = list(csv.DictReader(open(csv_path)))
    out = {}
    for a, k in domain.items():
        counts = collections.Counter(r[a] for r in rows)
        seen = sum(abs(v / len(rows) - 1 / k) for v in counts.values())
        out[a] = 0.5 * (seen + (k - len(counts)) / k)
    return out
