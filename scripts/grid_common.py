# Shared by the grid scripts (paper_grid_table.py, baseline_reproduction.py,
# one_way_distances.py, support_calibration.py): the paper's baseline figures
# and a uniform column's 1-way TV computed from a table of codes.
import collections
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def paper_baseline():
    """(stream, eps, metric) -> the paper's baseline figure (tests/data/paper-baseline.tsv)."""
    path = os.path.join(HERE, "..", "tests", "data", "paper-baseline.tsv")
    out = {}
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
