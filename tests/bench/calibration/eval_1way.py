#!/usr/bin/env python3
# Worst absolute 1-way share error (points) of one release CSV against the true rows.
# usage: eval_1way.py SCHEMA.json TRUTH.csv RELEASE.csv P [DATECOL FROM TO]
#   truth rows = all rows of TRUTH.csv, or (with DATECOL) those with FROM <= DATECOL <= TO (ISO strings)
#   shares over every label of every schema attribute (labels absent in both count as 0 error)
# prints: worst_points attribute label n_beyond_P n_shares truth_rows release_rows
import csv, json, sys, collections
schema, truth, rel, P = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
dc = sys.argv[5] if len(sys.argv) > 5 else None
attrs = json.load(open(schema))['attributes']
def counts(path, flt=None):
    c = {a['name']: collections.Counter() for a in attrs}; n = 0
    for r in csv.DictReader(open(path, newline='')):
        if flt and not flt(r): continue
        n += 1
        for a in attrs: c[a['name']][r[a['name']]] += 1
    return c, n
flt = (lambda r: sys.argv[6] <= r[dc] <= sys.argv[7]) if dc else None
tc, tn = counts(truth, flt); rc, rn = counts(rel)
worst = (-1, None, None); beyond = 0; ns = 0
for a in attrs:
    name = a['name']; labels = set(a['labels'])
    extra = (set(tc[name]) | set(rc[name])) - labels
    if extra: print('WARNING labels outside schema', name, sorted(extra)[:5], file=sys.stderr)
    for l in labels | extra:
        e = abs(rc[name][l] / rn - tc[name][l] / tn) * 100; ns += 1
        if e > P: beyond += 1
        if e > worst[0]: worst = (e, name, l)
print(f"{worst[0]:.3f}\t{worst[1]}\t{worst[2]}\t{beyond}\t{ns}\t{tn}\t{rn}")
