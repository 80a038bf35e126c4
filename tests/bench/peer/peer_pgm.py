#!/usr/bin/env python3
"""Times the peer, private-pgm's FactoredInference (numpy backend, mirror
descent with Armijo line search; McKenna, Sheldon and Miklau 2019), on the
same fixture as tests/bench/bench_pgm.cpp: tests/data/pgm-adult-15 (15 noisy
2-way marginals of resources/data/adult.csv, sigma = 25, each measurement
weighted 1 as the fixture's reference figures were made). Prints one JSON
object: iterations, belief-propagation calls, wall and CPU seconds and ms/iteration,
the final loss sum_k 1/2 ||mu_k - y_k||^2 and the total the peer estimated.

Single-threaded: the BLAS/OpenMP thread counts are pinned to 1 before numpy
is imported. The peer's source stays outside this repository; give its
checkout with --peer (tests/bench/peer/README.md).

    peer_pgm.py --peer DIR [--repo DIR] [--iters N]
"""
import argparse
import csv
import json
import os
import sys
import time

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[var] = "1"


def parse_args():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--peer", required=True, help="a checkout of private-pgm at commit 2395f4c")
    p.add_argument("--repo", default=os.path.normpath(os.path.join(here, "..", "..", "..")))
    p.add_argument("--iters", type=int, default=1000)
    return p.parse_args()


def load_fixture(repo, Domain):
    """The domain (adult-domain.json), the fixture's elimination order and the
    15 measurements as (None, y, 1.0, (a, b)) with y in flat order a*|b| + b."""
    with open(os.path.join(repo, "resources", "data", "adult-domain.json")) as f:
        sizes = json.load(f)
    domain = Domain(list(sizes.keys()), list(sizes.values()))
    with open(os.path.join(repo, "tests", "data", "pgm-adult-15", "fixture.json")) as f:
        fixture = json.load(f)
    pairs = {}
    path = os.path.join(repo, "tests", "data", "pgm-adult-15", "measurements.csv")
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = int(row["pair_index"])
            if key not in pairs:
                attrs = (row["attr_a"], row["attr_b"])
                pairs[key] = (attrs, [0.0] * (sizes[attrs[0]] * sizes[attrs[1]]))
            pairs[key][1][int(row["flat_index"])] = float(row["noisy"])
    return domain, fixture, [pairs[k] for k in sorted(pairs)]


def shim_disjoint_set():
    """mbi/__init__ imports RegionGraph, which imports the PyPI-only package
    disjoint_set (not in Debian). Mirror descent on a junction tree never uses
    it, so a module whose class refuses to be built stands in for it."""
    import types
    try:
        import disjoint_set  # noqa: F401 (the real one, where installed)
    except ImportError:
        module = types.ModuleType("disjoint_set")

        class DisjointSet:
            def __init__(self, *a, **k):
                raise RuntimeError("disjoint_set is not installed (only RegionGraph needs it)")

        module.DisjointSet = DisjointSet
        sys.modules["disjoint_set"] = module


def main():
    args = parse_args()
    sys.path.insert(0, os.path.join(os.path.abspath(args.peer), "src"))
    shim_disjoint_set()
    import warnings
    warnings.simplefilter("ignore")  # the peer warns that its optional jax backend is absent
    import numpy as np
    from mbi import Domain, FactoredInference, GraphicalModel

    domain, fixture, pairs = load_fixture(args.repo, Domain)
    measurements = [(None, np.array(y), 1.0, attrs) for attrs, y in pairs]
    calls = [0]
    bp = GraphicalModel.belief_propagation

    def counted(self, *a, **k):
        calls[0] += 1
        return bp(self, *a, **k)

    GraphicalModel.belief_propagation = counted
    engine = FactoredInference(domain, backend="numpy", iters=args.iters, elim_order=fixture["elimination_order"])
    start, cpu = time.perf_counter(), time.process_time()
    model = engine.estimate(measurements, total=None)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    loss = 0.0
    for attrs, y in pairs:
        mu = model.project(attrs).datavector()
        loss += 0.5 * float(np.sum((mu - np.array(y)) ** 2))
    print(json.dumps({"engine": "private-pgm numpy", "iterations": args.iters, "bp_calls": calls[0],
                      "seconds": seconds, "ms_per_iteration": 1000 * seconds / args.iters, "cpu_seconds": cpu,
                      "cpu_ms_per_iteration": 1000 * cpu / args.iters, "loss": loss,
                      "total": float(model.total), "numpy": np.__version__}))


if __name__ == "__main__":
    main()
