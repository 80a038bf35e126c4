# Summarize results_*.tsv: per run (seed, checked step): worst share error, #shares > P, and the planner's own
# figure at that step (from plan_*.json, which run_*.sh wrote) with #shares beyond it (re-evaluated).
# Coverage = fraction of (seed, step) pairs with every share within P. Factor = max worst / P.
import csv, json, subprocess, collections, sys, os
seeds_main = {1, 2, 3}
plans = {}
def figure(table, P, step):
    key = (table, P)
    if key not in plans:
        f = {'movies-month': 'plan_movies_month_p%d.json', 'movies-year': 'plan_movies_year_p%d.json'}.get(table)
        if f is None:  # synth: plan json made here
            out = subprocess.run([os.environ.get('STREAMSYNTH_CLI', 'streamsynth-cli'), 'plan', '--schema', 'synth_b500.schema.json', '--batch', '500',
                                  '--steps', '40', '--check-every', '0', '--target-accuracy', f'1-way:{P}@0.95', '--json'], capture_output=True, text=True).stdout
            j = json.loads(out)
        else:
            j = json.load(open(f % P))
        plans[key] = {c['step']: c['oneWayShare'] * 100 for c in j['proposed']['checks']}
    return plans[key][step]
rows = []
for fn in ['results_movies_month.tsv', 'results_movies_year.tsv', 'results_synth.tsv']:
    for r in csv.reader(open(fn), delimiter='\t'):
        table, P, E, S, t, worst, attr, lab, beyond, ns = r[0], int(r[1]), float(r[2]), int(r[3]), int(r[4]), float(r[5]), r[6], r[7], int(r[8]), int(r[9])
        fig = figure(table, P, t)
        rows.append(dict(table=table, P=P, E=E, S=S, t=t, worst=worst, attr=attr, lab=lab, beyond=beyond, ns=ns, fig=fig))
# beyond the per-step figure: re-evaluate
for r in rows:
    if r['table'].startswith('movies'):
        per = r['table'].split('-')[1]
        d = f"runs/movies_{per}_p{r['P']}_s{r['S']}/releases/proposed-simple/eps{r['E']!r}"
        y = 1995 + (r['t'] // 12 if per == 'month' else r['t']) - 1
        args = [f'movies_{per}.schema.json', 'movies_cat.csv', f"{d}/step-{r['t']:04d}.csv", str(r['fig']), 'Release Date', '1995-01-01', f'{y}-12-31']
    else:
        d = f"runs/synth_p{r['P']}_s{r['S']}/releases/proposed-simple/eps{r['E']!r}"
        args = ['synth_b500.schema.json', 'synth.csv', f"{d}/step-0040.csv", str(r['fig'])]
    o = subprocess.run(['python3', 'eval_1way.py'] + args, capture_output=True, text=True, check=True).stdout.split('\t')
    assert abs(float(o[0]) - r['worst']) < 1e-9, (r, o)
    r['beyond_fig'] = int(o[3])
for r in rows:
    print(f"{r['table']}\tP={r['P']}\teps={r['E']:.4g}\tseed={r['S']}\tstep={r['t']}\tworst={r['worst']:.2f} ({r['attr']}={r['lab']})\t>P:{r['beyond']}/{r['ns']}\tfig={r['fig']:.2f}\t>fig:{r['beyond_fig']}")
print()
g = collections.defaultdict(list)
for r in rows:
    g[(r['table'], r['P'], 'seeds1-3')].append(r) if r['S'] in seeds_main else None
    g[(r['table'], r['P'], 'all seeds')].append(r)
for k, rs in g.items():
    cov = sum(r['beyond'] == 0 for r in rs) / len(rs)
    covf = sum(r['beyond_fig'] == 0 for r in rs) / len(rs)
    shares_beyond = sum(r['beyond'] for r in rs); shares = sum(r['ns'] for r in rs)
    print(f"{k[0]}\tP={k[1]}\t{k[2]}\tpairs={len(rs)}\tcoverage(P)={cov:.2f}\tcoverage(fig at step)={covf:.2f}\tmax worst={max(r['worst'] for r in rs):.2f}\tfactor max worst/P={max(r['worst'] for r in rs)/k[1]:.2f}\tfactor max worst/fig={max(r['worst']/r['fig'] for r in rs):.2f}\tshares>P {shares_beyond}/{shares}\tshares>fig {sum(r['beyond_fig'] for r in rs)}/{shares}")
