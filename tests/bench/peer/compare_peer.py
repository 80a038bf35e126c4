#!/usr/bin/env python3
"""Side by side, in one run on this machine: StreamSynth's fit engine
(streamsynth-cli fit --threads 1 --reference-step) and the peer, private-pgm's
numpy mirror descent (peer_pgm.py), on the pgm-adult-15 fixture, alternating
engine runs so that both see the same machine load. With the reference's step
both take the same Armijo path (the same belief-propagation calls), so
ms/iteration compares the same work. Prints each run, then the medians of
wall and CPU ms/iteration, the ratio peer / ours and both final losses.

Under load, CPU time is the fairer measure (both are single-threaded and
pinned to one core); the load average is printed before and after.

    compare_peer.py --peer DIR [--cli PATH] [--iters N] [--runs R] [--cpu C]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--peer", required=True, help="a checkout of private-pgm at commit 2395f4c (outside this repository)")
    p.add_argument("--cli", default=os.path.join(REPO, "build", "app", "streamsynth-cli"))
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--cpu", default="1", help="the core both engines are pinned to (taskset -c)")
    return p.parse_args()


def run_json(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def ours(args):
    data = os.path.join(REPO, "resources", "data", "adult-domain.json")
    meas = os.path.join(REPO, "tests", "data", "pgm-adult-15", "measurements.csv")
    r = run_json(["taskset", "-c", args.cpu, args.cli, "fit", "--schema", data, "--measurements", meas,
                  "--iters", str(args.iters), "--threads", "1", "--reference-step", "--json"])
    return {"ms": r["ms_per_iteration"], "cpu_ms": r["cpu_ms_per_iteration"], "bp": r["bp_calls"],
            "loss": r["final_loss"]}


def peer(args):
    r = run_json(["taskset", "-c", args.cpu, sys.executable, os.path.join(HERE, "peer_pgm.py"), "--peer", args.peer,
                  "--repo", REPO, "--iters", str(args.iters)])
    return {"ms": r["ms_per_iteration"], "cpu_ms": r["cpu_ms_per_iteration"], "bp": r["bp_calls"],
            "loss": r["loss"], "numpy": r["numpy"]}


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    args = parse_args()
    if not os.access(args.cli, os.X_OK):
        sys.exit(f"compare_peer: {args.cli} not found: build streamsynth-cli first (scripts/build.sh --target streamsynth-cli)")
    if not os.path.isdir(os.path.join(args.peer, "src", "mbi")):
        sys.exit(f"compare_peer: {args.peer} is not a private-pgm checkout (no src/mbi): see tests/bench/peer/README.md")
    print(f"pgm-adult-15, {args.iters} iterations, 1 thread each on core {args.cpu}, {args.runs} runs; load before: {load()}")
    runs = {"ours": [], "peer": []}
    for i in range(args.runs):
        for name, fn in (("ours", ours), ("peer", peer)):
            r = fn(args)
            runs[name].append(r)
            print(f"  run {i + 1} {name}: {r['ms']:.2f} ms/iteration wall, {r['cpu_ms']:.2f} CPU, "
                  f"{r['bp']} BP calls, loss {r['loss']:.2f}")
    med = {n: {k: statistics.median(r[k] for r in rs) for k in ("ms", "cpu_ms")} for n, rs in runs.items()}
    print(f"load after: {load()}; numpy {runs['peer'][0]['numpy']}")
    print("engine                       wall ms/it   CPU ms/it   BP calls   final loss")
    for name, label in (("ours", "StreamSynth pgm (C++)"), ("peer", "private-pgm 2395f4c numpy")):
        r = runs[name][-1]
        print(f"{label:<28} {med[name]['ms']:>10.2f} {med[name]['cpu_ms']:>11.2f} {r['bp']:>10} {r['loss']:>14.2f}")
    print(f"ratio peer/ours: {med['peer']['ms'] / med['ours']['ms']:.1f}x wall, "
          f"{med['peer']['cpu_ms'] / med['ours']['cpu_ms']:.1f}x CPU; "
          f"loss ours/peer - 1 = {runs['ours'][-1]['loss'] / runs['peer'][-1]['loss'] - 1:.2e}")


if __name__ == "__main__":
    main()
