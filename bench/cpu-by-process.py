#!/usr/bin/env python3
# CPU time by process over a run, read from /proc: start it beside a command, stop it with SIGTERM, read the JSON.
# Every 5 s it reads each process's utime + stime (/proc/<pid>/stat) and its command line, keeps the last reading
# per process, and at the end sums them by kind (Liberty and WildFly servers, failsafe JVMs by module, Chromium,
# node, PostgreSQL, Maven, other) beside the machine's user / system / idle / steal time from /proc/stat.
# A process that ends between two readings loses at most its last 5 s; one that started before counts its CPU since
# its own start (the machine's services). Used for bench/RESULTS.md, "CI time".
# Usage: python3 bench/cpu-by-process.py OUT.json & pid=$!; CI=true .ci/run; kill $pid   (OUT.json.pids: per process)
import os, time, sys, json, signal
out = sys.argv[1]
hz = os.sysconf('SC_CLK_TCK')
seen = {}  # pid -> (cat, cpu)
def cat(cmd):
    c = cmd
    if 'chrom' in c: return 'chromium'
    if c.startswith('node') or '/node ' in c: return 'node'
    if 'postgres' in c: return 'postgres'
    if 'surefire' in c or 'failsafe' in c:
        return 'testjvm-' + ('wildfly' if 'it/wildfly' in c else 'liberty' if 'it/liberty' in c else 'unit')
    if 'maven' in c or 'plexus-classworlds' in c: return 'maven'
    if 'jboss-modules' in c or 'wildfly' in c and 'java' in c: return 'wildfly-server'
    if 'ws-server.jar' in c or 'wlp' in c and 'java' in c: return 'liberty-server'
    if 'java' in c: return 'java-other'
    return 'other:' + c.split(' ')[0][-30:]
def stat0():
    with open('/proc/stat') as f: return [int(x) for x in f.readline().split()[1:]]
s0 = stat0(); t0 = time.time()
stop = False
def h(*a):
    global stop; stop = True
signal.signal(signal.SIGTERM, h)
while True:
    for pid in os.listdir('/proc'):
        if not pid.isdigit(): continue
        try:
            with open(f'/proc/{pid}/stat') as f: st = f.read()
            rest = st[st.rfind(')')+2:].split()
            cpu = (int(rest[11]) + int(rest[12])) / hz
            # a shell that execs java (Liberty's bin/server) changes its command line: read it again until it is java
            if pid not in seen or seen[pid][2].startswith('/bin/sh'):
                with open(f'/proc/{pid}/cmdline','rb') as f: cmd = f.read().replace(b'\0', b' ').decode(errors='replace')
                if not cmd: continue
                seen[pid] = [cat(cmd), cpu, cmd[:300]]
            else:
                seen[pid][1] = max(seen[pid][1], cpu)
        except Exception: pass
    if stop: break
    time.sleep(5)
s1 = stat0()
tot = {}
for pid, (c, cpu, cmd) in seen.items(): tot[c] = tot.get(c, 0) + cpu
d = [b - a for a, b in zip(s0, s1)]
res = {'wall': time.time() - t0, 'user': d[0]/hz, 'nice': d[1]/hz, 'sys': d[2]/hz, 'idle': d[3]/hz, 'iowait': d[4]/hz, 'steal': d[7]/hz if len(d) > 7 else 0,
       'by': dict(sorted(tot.items(), key=lambda x: -x[1]))}
json.dump(res, open(out, 'w'), indent=1)
json.dump({p: v for p, v in seen.items() if v[1] > 5}, open(out + '.pids', 'w'), indent=0)
