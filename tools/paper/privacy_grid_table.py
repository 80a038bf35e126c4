#!/usr/bin/env python3
# Markdown tables of tools/paper/privacy-grid.sh (docs/history.md "Privacy
# models"): per stream and privacy model, the last-10-step AvgWE / MaxWE /
# AvgRelWE / MaxRelWE and seconds of every series; then the counter RMSE and
# theory std at t = 100 and 1000 per model. Usage: privacy_grid_table.py OUT
import csv
import json
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "privacy-grid-out"
METRICS = ["AvgWE", "MaxWE", "AvgRelWE", "MaxRelWE"]


def fmt(v):
    return f"{v:.4g}"


def budget_text(summary):
    p = summary.get("privacy", {})
    if p.get("model") == "zcdp":
        rho = p.get("rho", summary["series"][0].get("budget"))
        return f"ρ = {fmt(rho) if isinstance(rho, float) else rho}"
    return "ε = 1"


cells = sorted(c for c in os.listdir(out) if os.path.isdir(os.path.join(out, c)) and c != "counters")
if cells:
    print("| table | stream | batch | model | series | " + " | ".join(METRICS) + " | s |")
    print("|---|---|---|---|---|" + "---|" * len(METRICS) + "---|")
for cell in cells:
    path = os.path.join(out, cell, "summary.json")
    table, rest = (cell.split("-", 1) if not cell.startswith("adult-liu") else ("adult-liu", cell[len("adult-liu-"):]))
    order, batch, model = rest.split("-")
    if not os.path.exists(path):
        print(f"| {table} | {order} | {batch[2:]} | {model} | (failed or missing) | " + "— | " * len(METRICS) + " |")
        continue
    with open(path) as f:
        summary = json.load(f)
    for s in summary["series"]:
        values = " | ".join(fmt(s["last10"][m]) for m in METRICS)
        print(f"| {table} | {order} | {batch[2:]} | {model} | {s['series']} | {values} | {s.get('seconds', 0):.0f} |")

# Compact tables: one row per stream, one column per (model, series), last-10 AvgWE and MaxWE.
COLUMNS = [("pure", "baseline"), ("pure", "proposed-simple"), ("pure", "proposed-elders"),
           ("zcdp", "baseline"), ("zcdp", "proposed-simple"), ("zcdp", "proposed-sqrt-"),
           ("zcdp", "proposed-sqrt-unbounded")]
HEADS = ["pure base", "pure simple", "pure elders:7:T", "zCDP base", "zCDP simple", "zCDP sqrt:T",
         "zCDP sqrt-unbounded"]


def series_of(table, order, batch, model):
    name = f"{table}-{order}-bs{batch}-{model}"
    path = os.path.join(out, name, "summary.json")
    return json.load(open(path))["series"] if os.path.exists(path) else []


def pick(series, prefix):
    for s in series:
        sid = s["series"]
        if sid == prefix or (prefix.endswith("-") and sid.startswith(prefix) and sid[len(prefix):].isdigit()) or \
                (prefix == "proposed-elders" and sid.startswith("proposed-elders-")):
            return s
    return None


streams = sorted({tuple(c.rsplit("-", 2)[:2]) for c in cells})
for metric in ("AvgWE", "MaxWE"):
    print()
    print(f"| {metric} (last 10) | " + " | ".join(HEADS) + " |")
    print("|---|" + "---|" * len(HEADS))
    for table_order, batch in sorted({(c.rsplit("-", 2)[0], c.rsplit("-", 2)[1]) for c in cells}):
        table = "adult-liu" if table_order.startswith("adult-liu") else "adult"
        order = table_order[len(table) + 1:]
        row = []
        for model, prefix in COLUMNS:
            s = pick(series_of(table, order, batch[2:], model), prefix)
            row.append(fmt(s["last10"][metric]) if s else "—")
        print(f"| {table} {order} bs-{batch[2:]} | " + " | ".join(row) + " |")

counters = os.path.join(out, "counters")
if os.path.isdir(counters):
    for model in ("pure", "zcdp"):
        files = sorted(f for f in os.listdir(counters) if f.startswith(model + "-") and f.endswith(".csv"))
        if not files:
            continue
        print()
        print(f"| {model} | rmse t=100 | theory | rmse t=1000 | theory |")
        print("|---|---|---|---|---|")
        for name in files:
            rows = {int(r["step"]): r for r in csv.DictReader(open(os.path.join(counters, name)))}
            cells = []
            for t in (100, 1000):
                r = rows.get(t)
                cells += [fmt(float(r["rmse"])), fmt(float(r["theory_std"]))] if r else ["—", "—"]
            print(f"| {name[len(model) + 1:-4]} | " + " | ".join(cells) + " |")
