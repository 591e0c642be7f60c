import sys, re
s = re.sub(r'\x1b\[[0-9;]*m', '', open(sys.argv[1], errors='replace').read())
lines = s.split('\n')
ts = re.compile(r'^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \S+ \d+ (\w+) \[[^\]]*\] \S+ -> (.*)$')
msg = None
for i, l in enumerate(lines):
    m = ts.match(l)
    if m and m.group(1) in ('PANI', 'ERRO', 'CRIT', 'FATA'):
        first = m.group(2); rest = []
        for l2 in lines[i+1:]:
            if ts.match(l2) or l2.startswith('panic:') or l2.startswith('goroutine'): break
            if l2.strip(): rest.append(l2.strip())
        msg = first + (' | ' + ' | '.join(sorted(rest)) if rest else '')
        break
if msg is None:
    msg = next((l for l in lines if l.startswith('panic:') or 'Error' in l), lines[-1] if lines else '')
print(msg[:400])
