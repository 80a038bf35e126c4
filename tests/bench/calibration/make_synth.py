# /tmp/calib/synth.csv: 20,000 rows, 5 correlated categorical attributes, Zipf-like skew, fixed seed 47.
#  A: 30 labels, Zipf s=1.2          B: 12 labels, = (A*5 + Zipf(s=1.5) draw) mod 12 w.p. 0.8, else Zipf(1.0)
#  C: 8 labels, depends on B (B mod 8 shifted by a Zipf(2) draw) w.p. 0.7, else Zipf(1.3)
#  D: 20 labels, depends on A (A*3 + Zipf(1.5)) mod 20 w.p. 0.6, else Zipf(0.9)
#  E: 3 labels, depends on C (C mod 3) w.p. 0.75, else Zipf(1.5)
import csv, random, collections, os
rng = random.Random(47)
def zipf(n, s):
    w = [1 / (i + 1) ** s for i in range(n)]
    return rng.choices(range(n), weights=w)[0]
rows = []
for _ in range(20000):
    a = zipf(30, 1.2)
    b = (a * 5 + zipf(12, 1.5)) % 12 if rng.random() < 0.8 else zipf(12, 1.0)
    c = (b + zipf(8, 2.0)) % 8 if rng.random() < 0.7 else zipf(8, 1.3)
    d = (a * 3 + zipf(20, 1.5)) % 20 if rng.random() < 0.6 else zipf(20, 0.9)
    e = c % 3 if rng.random() < 0.75 else zipf(3, 1.5)
    rows.append([f"a{a:02d}", f"b{b:02d}", f"c{c}", f"d{d:02d}", f"e{e}"])
with open(os.path.join(os.environ.get('CALIB_DIR', '/tmp/calib'), 'synth.csv'), 'w', newline='') as f:
    w = csv.writer(f); w.writerow(['A', 'B', 'C', 'D', 'E']); w.writerows(rows)
for j, n in enumerate('ABCDE'):
    c = collections.Counter(r[j] for r in rows)
    print(n, len(c), [round(v / len(rows) * 100, 2) for _, v in c.most_common()])
