# Build /tmp/calib/movies_cat.csv: 4 categorical columns of movies.csv (MPAA Rating, Major Genre,
# Creative Type, Source; empty -> "Unknown") + Release Date converted to ISO yyyy-MM-dd.
# Rows with unparseable dates are dropped. Prints per-year / per-month counts in 1995..2009.
import csv, datetime, collections, os
src=os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../resources/data/movies.csv')
cols=['MPAA Rating','Major Genre','Creative Type','Source']
out=[]; bad=0
for r in csv.DictReader(open(src,newline='')):
    try: d=datetime.datetime.strptime(r['Release Date'].strip(),'%b %d %Y').date()
    except Exception: bad+=1; continue
    out.append([r[c].strip() or 'Unknown' for c in cols]+[d.isoformat()])
with open(os.path.join(os.environ.get('CALIB_DIR', '/tmp/calib'), 'movies_cat.csv'),'w',newline='') as f:
    w=csv.writer(f); w.writerow(cols+['Release Date']); w.writerows(out)
print('rows',len(out),'bad dates',bad)
inr=[x for x in out if '1995-01-01'<=x[-1]<='2009-12-31']
y=collections.Counter(x[-1][:4] for x in inr); m=collections.Counter(x[-1][:7] for x in inr)
print('in 1995..2009:',len(inr),'years',sorted(y.items()))
print('mean/year',len(inr)/15,'mean/month',len(inr)/180,'min month',min(m.values()),'months present',len(m))
