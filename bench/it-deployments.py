# EAR deployments per server for one IT run, averaged over random class orders: the IT classes of a git revision
# (argument 1, default HEAD) in failsafe's random order, against the working tree's classes grouped by their shared EAR
# (DeploymentOrder). Usage, from the repository root: python3 bench/it-deployments.py [revision]
import re, glob, random, subprocess, sys
def classes(rev):
    out = {}
    files = subprocess.run(["git", "ls-tree", "--name-only", rev, "ear/src/test/java/dev/warden/it/"], capture_output=True, text=True).stdout.split()
    if rev == "WORK":
        files = glob.glob("ear/src/test/java/dev/warden/it/*IT.java")
    for f in files:
        if not f.endswith("IT.java"): continue
        src = open(f).read() if rev == "WORK" else subprocess.run(["git", "show", f"{rev}:{f}"], capture_output=True, text=True).stdout
        name = f.split("/")[-1][:-5]
        m = re.search(r"@SharedDeployment(?:\((?:Ear\.)?(\w+)\))?", src)
        managed_false = len(re.findall(r"managed = false", src))
        if m:
            out[name] = ("shared", m.group(1) or "WARDEN", 0)
        else:
            # own archive(s); unmanaged ones are deployed by the test itself (DemoSeederIT: once, WardenAlone: twice)
            out[name] = ("own", name, managed_false)
    return out
def deploys(order, cls):
    current = None; n = 0
    for c in order:
        kind, key, extra = cls[c]
        if kind == "shared":
            if current != key: n += 1; current = key
        else:
            current = None
            n += 1 if extra == 0 else extra
    return n
def grouped(order, cls):
    first = {}
    for i, c in enumerate(order): first.setdefault(cls[c][1], i)
    return sorted(order, key=lambda c: first[cls[c][1]])
old = classes(sys.argv[1] if len(sys.argv) > 1 else "HEAD"); new = classes("WORK")
print("classes", len(old), len(new), "own before", sum(1 for v in old.values() if v[0]=="own"), "after", sum(1 for v in new.values() if v[0]=="own"))
random.seed(1)
N = 20000
tot_old = 0; tot_new = 0; tot_old_grouped = 0
for _ in range(N):
    order = list(old); random.shuffle(order)
    tot_old += deploys(order, old)
    tot_old_grouped += deploys(grouped(order, old), old)
    tot_new += deploys(grouped(order, new), new)
print("mean EAR deployments per server: before (random) %.1f, before annotations grouped %.1f, after (grouped) %.1f" % (tot_old/N, tot_old_grouped/N, tot_new/N))
print("after, own:", sorted(k for k,v in new.items() if v[0]=="own"))
print("after, shared:", sorted(set(v[1] for v in new.values() if v[0]=="shared")))
