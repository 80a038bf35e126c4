#!/usr/bin/env python3
"""Writes the synthetic admissions stream resources/data/admissions.csv and its
schema resources/data/admissions-domain.json (issue 49: a table whose privacy
unit, the patient, recurs over the time steps).

Every row is one hospital admission: the month it began (the time column, ISO
date of the month's first day, so a `"period": "month"` stream has one step
per month, 2023-01 .. 2024-12), the patient (`patient_id`, text like
P004821: the privacy unit, deliberately NOT an attribute of the schema, so an
import leaves it out and reports it) and six categorical attributes with
small public domains: age band, sex, admission type, ward, length-of-stay
band and discharge outcome.

Nothing is real. Patients are drawn first (sex, age, a chronic condition more
likely with age, a usual ward), then their number of admissions: most
patients come once or twice, chronic ones follow a truncated zipf-like law up
to 32 admissions. A history is a run of consecutive months (treatment cycles)
or scattered over a span, at most twice in one month, on a timeline from a
year before the file to a year after it, so the file's two years cut some
histories like a real extract does (a patient with no admission inside is
drawn again: --patients is the number of patients in the file). A patient
keeps their sex, their age band moves only when a birthday crosses a band
edge, and the admission's type, ward, stay and outcome depend on the patient
and on each other (emergencies and old age mean longer stays, long stays of
the very old end in care homes or death; death only on a patient's last
admission). Rows are sorted by month, then by a drawn day of the month (the
day is not written; a patient's admissions in one month keep their order).

Python 3 standard library only; the output depends on --seed and --patients
alone (random.Random(seed), no clock, no hash order), so the same command
writes byte-identical files:

    scripts/make-admissions.py                       # seed 49, 2,000 patients
    scripts/make-admissions.py --seed 7 --patients 500 --out /tmp/adm
"""
import argparse
import bisect
import json
import os
import random
import sys

FIRST_YEAR, MONTHS = 2023, 24
LEAD = 12  # months of history simulated before and after the file

AGE_BANDS = ["0-17", "18-34", "35-49", "50-64", "65-79", "80+"]
AGE_EDGES = [18, 35, 50, 65, 80]  # a band's lower bound in years, after the first
SEXES = ["F", "M"]
TYPES = ["emergency", "elective", "transfer"]
WARDS = ["medicine", "surgery", "cardiology", "oncology", "paediatrics", "maternity"]
STAYS = ["0-1", "2-3", "4-7", "8-14", "15+"]  # days
OUTCOMES = ["home", "home-care", "care-home", "other-hospital", "died"]

ATTRIBUTES = [("age_band", AGE_BANDS), ("sex", SEXES), ("admission_type", TYPES), ("ward", WARDS),
              ("length_of_stay", STAYS), ("outcome", OUTCOMES)]

# Seasonality of admissions by calendar month (winter pressure).
SEASON = [1.20, 1.12, 1.02, 0.96, 0.92, 0.88, 0.86, 0.88, 0.94, 1.00, 1.06, 1.16]


def pick(rng, weights):
    """Index drawn with the given (unnormalised) weights."""
    total = sum(weights)
    x = rng.random() * total
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w
        if x < acc:
            return i
    return len(weights) - 1


def age_band(age):
    return bisect.bisect_right(AGE_EDGES, age)


def month_label(m):
    return "%04d-%02d-01" % (FIRST_YEAR + m // 12, m % 12 + 1)


def draw_patient(rng):
    sex = pick(rng, [52, 48])
    # Age in years at 2023-01-01: a skew towards the old, as hospital patients are.
    band = pick(rng, [10, 13, 14, 20, 25, 18])
    lo = [0, 18, 35, 50, 65, 80][band]
    hi = [18, 35, 50, 65, 80, 98][band]
    age = lo + rng.random() * (hi - lo)
    chronic = rng.random() < [0.05, 0.06, 0.12, 0.22, 0.30, 0.32][band]
    # The usual ward: the patient's condition.
    if band == 0:
        ward = 4
    elif sex == 0 and band in (1, 2) and rng.random() < (0.7 if band == 1 else 0.3):
        ward = 5
    elif chronic:
        ward = pick(rng, [35, 10, 30, 25, 0, 0])
    else:
        ward = pick(rng, [40, 38, 12, 10, 0, 0])
    return {"sex": sex, "age": age, "chronic": chronic, "ward": ward}


def draw_count(rng, p):
    if p["ward"] == 5:  # a birth, sometimes an antenatal stay before it
        return 1 if rng.random() < 0.8 else 2
    if not p["chronic"]:
        return 1 + pick(rng, [70, 20, 7, 3])
    # Truncated zipf-like law on 2..32: P(k) ~ k^-1.2 (over the whole history,
    # which the file's two years cut: at most about 30 rows fall inside).
    return 2 + pick(rng, [k ** -1.2 for k in range(2, 33)])


def draw_months(rng, count):
    """Sorted admission months of one patient's history, counted from the file's
    first month; the history may begin before it or end after it (an open
    population: the rows of a month do not depend on where the file starts)."""
    lo, hi = -LEAD, MONTHS + LEAD  # the history's timeline, wider than the file
    weights = lambda a, b: [SEASON[m % 12] for m in range(a, b)]
    if count == 1:
        return [lo + pick(rng, weights(lo, hi))]
    if rng.random() < 0.35:
        # A course of treatment: consecutive months, one admission each.
        start = lo + pick(rng, weights(lo, hi - count + 1))
        return list(range(start, start + count))
    # Scattered over a span of months, at most two admissions in one month.
    span = rng.randint(min(hi - lo, (count + 1) // 2), min(hi - lo, max(count + 6, 3 * count)))
    start = lo + pick(rng, weights(lo, hi - span + 1))
    months = []
    while len(months) < count:
        m = start + rng.randrange(span)
        if months.count(m) < 2:
            months.append(m)
    return sorted(months)


def draw_admission(rng, p, month, last, previous_month):
    years = p["age"] + month / 12.0
    band = age_band(years)
    old = band >= 4
    # Ward: mostly the usual one; paediatrics only for children and never after 18.
    if band == 0:
        ward = 4
    elif p["ward"] == 5 or rng.random() < (0.75 if p["chronic"] else 0.65):
        ward = p["ward"] if p["ward"] != 4 else 0
    else:
        ward = pick(rng, [45 + 10 * old, 35, 10 + 8 * old, 6, 0, 0])
    # Admission type, by ward; a readmission within a month is mostly an emergency.
    type_weights = {0: [78, 12, 10], 1: [45, 48, 7], 2: [68, 22, 10], 3: [30, 64, 6],
                    4: [72, 20, 8], 5: [70, 28, 2]}[ward]
    if previous_month is not None and month - previous_month <= 1 and ward != 3:
        type_weights = [type_weights[0] * 2, type_weights[1], type_weights[2]]
    kind = pick(rng, type_weights)
    # Length of stay: a base by ward and type, longer with age.
    stay_weights = {0: [12, 28, 34, 18, 8], 1: [22, 30, 28, 14, 6], 2: [14, 30, 32, 17, 7],
                    3: [30, 24, 24, 15, 7], 4: [40, 34, 18, 6, 2], 5: [22, 58, 16, 3, 1]}[ward]
    if kind == 1:
        stay_weights = [stay_weights[0] * 2.2, stay_weights[1] * 1.3] + stay_weights[2:]
    if kind == 2:
        stay_weights = [w * f for w, f in zip(stay_weights, [0.3, 0.7, 1.0, 1.6, 2.2])]
    if band >= 4:
        lift = 1.6 if band == 5 else 1.25
        stay_weights = [w * f for w, f in zip(stay_weights, [1 / lift, 1 / lift, 1.0, lift, lift * lift])]
    stay = pick(rng, stay_weights)
    # Outcome: home mostly; care, other hospitals and death with age and long stays.
    risk = [0.2, 0.3, 0.5, 1.0, 2.5, 5.0][band] * [0.2, 0.5, 1.0, 2.0, 3.5][stay]
    outcome_weights = [100.0, 3.0 + 4.0 * band * (stay >= 2), 0.4 * band * band * (stay >= 3),
                       4.0 + 6.0 * (kind == 2) + 3.0 * (ward == 2), 2.0 * risk * (1 + p["chronic"])]
    if ward in (4, 5):
        outcome_weights = [100.0, 2.0, 0.0, 3.0, 0.1]
    if not last:
        outcome_weights[4] = 0.0  # a patient seen again did not die
    outcome = pick(rng, outcome_weights)
    return [band, p["sex"], kind, ward, stay, outcome]


def generate(seed, n_patients):
    """Rows [month, patient_id, six labels] sorted by month, then by a day of
    the month drawn for each admission (a patient's admissions in order)."""
    rng = random.Random(seed)
    ids = rng.sample(range(1, 100000), n_patients)
    admissions = []  # (month, day, tie, row)
    for pid in ids:
        # Patients whose history misses the file's two years are drawn again.
        while True:
            p = draw_patient(rng)
            history = draw_months(rng, draw_count(rng, p))
            months = [m for m in history if 0 <= m < MONTHS]
            if months:
                break
        # Death can only end the history, so only on its last admission.
        last_in_file = history[-1] < MONTHS
        days = [rng.randrange(28) for _ in months]
        for m in set(months):
            where = [i for i, x in enumerate(months) if x == m]
            for i, d in zip(where, sorted(days[i] for i in where)):
                days[i] = d
        previous = None
        for i, m in enumerate(months):
            codes = draw_admission(rng, p, m, last_in_file and i == len(months) - 1, previous)
            row = [month_label(m), "P%06d" % pid] + [labels[c] for (_, labels), c in zip(ATTRIBUTES, codes)]
            admissions.append((m, days[i], rng.random(), row))
            previous = m
    admissions.sort(key=lambda a: a[:3])
    return [a[3] for a in admissions]


def schema():
    return {
        "version": 1,
        "attributes": [{"name": name, "kind": "categorical", "labels": labels} for name, labels in ATTRIBUTES],
        "time": {"column": "month", "period": "month", "format": "",
                 "start": month_label(0), "end": "%04d-12-31" % (FIRST_YEAR + MONTHS // 12 - 1)},
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=49, help="seed of random.Random (default 49)")
    ap.add_argument("--patients", type=int, default=2000, help="number of patients (default 2000)")
    ap.add_argument("--out", default=os.path.normpath(os.path.join(here, "..", "resources", "data")),
                    help="output folder (default resources/data)")
    args = ap.parse_args()
    if not 1 <= args.patients <= 99999:
        sys.exit("--patients must be 1..99999")
    rows = generate(args.seed, args.patients)
    os.makedirs(args.out, exist_ok=True)
    csv_path = os.path.join(args.out, "admissions.csv")
    with open(csv_path, "w", encoding="utf-8", newline="\n") as f:
        f.write(",".join(["month", "patient_id"] + [name for name, _ in ATTRIBUTES]) + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")
    schema_path = os.path.join(args.out, "admissions-domain.json")
    with open(schema_path, "w", encoding="utf-8", newline="\n") as f:
        s = schema()
        f.write('{\n  "version": 1,\n  "attributes": [\n')
        f.write(",\n".join("    " + json.dumps(a) for a in s["attributes"]))
        f.write('\n  ],\n  "time": ' + json.dumps(s["time"]) + "\n}\n")
    print("%s: %d rows, %d patients; %s" % (csv_path, len(rows), args.patients, schema_path))


if __name__ == "__main__":
    main()
