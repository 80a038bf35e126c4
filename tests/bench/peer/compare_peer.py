#!/usr/bin/env python3
"""Side by side, in one run on this machine: StreamSynth's fit engine
(streamsynth-cli fit --threads 1, once with the product's default step rule
and once with --reference-step) and the peer, private-pgm's numpy mirror
descent (peer_pgm.py), on the pgm-adult-15 fixture, alternating engine runs
so that all see the same machine load. With --reference-step ours takes the
peer's Armijo path (the same belief-propagation calls), so ms/iteration
compares the same work; the default rule (patient growth of the step) needs
fewer belief propagations per iteration and reaches a lower loss. Prints
each run, the medians of wall and CPU ms/iteration, the ratios peer / ours
per iteration for both rules, the final losses, and the time each engine
needs to reach the peer's final loss (ours: a further run of the default
rule for just the iterations its loss history says it needs).

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


def ours(args, extra, iters=None):
    data = os.path.join(REPO, "resources", "data", "adult-domain.json")
    meas = os.path.join(REPO, "tests", "data", "pgm-adult-15", "measurements.csv")
    r = run_json(["taskset", "-c", args.cpu, args.cli, "fit", "--schema", data, "--measurements", meas,
                  "--iters", str(iters or args.iters), "--threads", "1", "--json"] + extra)
    return {"ms": r["ms_per_iteration"], "cpu_ms": r["cpu_ms_per_iteration"], "bp": r["bp_calls"],
            "loss": r["final_loss"], "history": r["loss_history"], "s": r["seconds"], "cpu_s": r["cpu_seconds"],
            "iters": r["iterations"]}


def peer(args):
    r = run_json(["taskset", "-c", args.cpu, sys.executable, os.path.join(HERE, "peer_pgm.py"), "--peer", args.peer,
                  "--repo", REPO, "--iters", str(args.iters)])
    return {"ms": r["ms_per_iteration"], "cpu_ms": r["cpu_ms_per_iteration"], "bp": r["bp_calls"],
            "loss": r["loss"], "numpy": r["numpy"]}


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


ENGINES = (("ours", "StreamSynth pgm, default rule"), ("ref", "StreamSynth pgm, --reference-step"),
           ("peer", "private-pgm 2395f4c numpy"))


def first_reaching(history, target):
    """The first iteration after which the loss is <= target (None: never)."""
    return next((t for t, loss in enumerate(history) if t > 0 and loss <= target), None)


def one_round(args, i, runs):
    """One run of each engine, alternating, then ours again for just as many
    iterations as its default rule needs to reach the peer's final loss."""
    for name, fn in (("ours", lambda: ours(args, [])), ("ref", lambda: ours(args, ["--reference-step"])),
                     ("peer", lambda: peer(args))):
        r = fn()
        runs[name].append(r)
        print(f"  run {i + 1} {name}: {r['ms']:.2f} ms/iteration wall, {r['cpu_ms']:.2f} CPU, "
              f"{r['bp']} BP calls, loss {r['loss']:.2f}")
    t = first_reaching(runs["ours"][-1]["history"], runs["peer"][-1]["loss"])
    if t is not None:
        r = ours(args, [], t)
        runs["reach"].append(r)
        print(f"  run {i + 1} ours to the peer's loss: {t} iterations, {r['s']:.3f} s wall, {r['cpu_s']:.3f} s CPU, "
              f"loss {r['loss']:.2f}")


def report(args, runs):
    med = {n: {k: statistics.median(r[k] for r in rs) for k in ("ms", "cpu_ms")} for n, rs in runs.items() if rs}
    print("engine                              wall ms/it   CPU ms/it   BP calls   final loss")
    for name, label in ENGINES:
        r = runs[name][-1]
        print(f"{label:<35} {med[name]['ms']:>10.2f} {med[name]['cpu_ms']:>11.2f} {r['bp']:>10} {r['loss']:>14.2f}")
    peer_loss = runs["peer"][-1]["loss"]
    for name, label in (("ours", "default rule"), ("ref", "--reference-step")):
        print(f"per iteration, peer/ours ({label}): {med['peer']['ms'] / med[name]['ms']:.1f}x wall, "
              f"{med['peer']['cpu_ms'] / med[name]['cpu_ms']:.1f}x CPU; "
              f"loss ours/peer - 1 = {runs[name][-1]['loss'] / peer_loss - 1:.2e}")
    if not runs["reach"]:
        print("time to the peer's loss: ours (default rule) never reached it")
        return
    peer_s = statistics.median(r["ms"] for r in runs["peer"]) * args.iters / 1000
    peer_cpu = statistics.median(r["cpu_ms"] for r in runs["peer"]) * args.iters / 1000
    reach_s = statistics.median(r["s"] for r in runs["reach"])
    reach_cpu = statistics.median(r["cpu_s"] for r in runs["reach"])
    print(f"time to the peer's {args.iters}-iteration loss {peer_loss:.2f}: peer {peer_s:.3f} s wall "
          f"({peer_cpu:.3f} CPU), ours (default rule, {runs['reach'][-1]['iters']} iterations) {reach_s:.3f} s wall "
          f"({reach_cpu:.3f} CPU): {peer_s / reach_s:.1f}x wall, {peer_cpu / reach_cpu:.1f}x CPU")


def main():
    args = parse_args()
    if not os.access(args.cli, os.X_OK):
        sys.exit(f"compare_peer: {args.cli} not found: build streamsynth-cli first (scripts/build.sh --target streamsynth-cli)")
    if not os.path.isdir(os.path.join(args.peer, "src", "mbi")):
        sys.exit(f"compare_peer: {args.peer} is not a private-pgm checkout (no src/mbi): see tests/bench/peer/README.md")
    print(f"pgm-adult-15, {args.iters} iterations, 1 thread each on core {args.cpu}, {args.runs} runs; load before: {load()}")
    runs = {"ours": [], "ref": [], "peer": [], "reach": []}
    for i in range(args.runs):
        one_round(args, i, runs)
    print(f"load after: {load()}; numpy {runs['peer'][0]['numpy']}")
    report(args, runs)


if __name__ == "__main__":
    main()
