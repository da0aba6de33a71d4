#!/usr/bin/env bash
# How soon a fresh node is fast: starts Warden on Open Liberty (SERVER=wildfly: WildFly 39; no demo data) over an
# existing benchmark database (DB, made by peer-directus.sh or list-latency.sh: the 1M-row game_scores table and its
# admin), then from the moment the process starts signs in as soon as the node answers (not at readiness: a warm-up
# keeps readiness DOWN while the APIs answer) and sends one list request after another (the first page of `scores`
# by score, one client), recording each answer's time since the process start. Warm latency is the median of the
# last 200 requests of RUN_S seconds (default 180); the figure is the time from the process start until the median
# of every later 25-request window stays within 2x of warm. Readiness (/health/ready 200) is timed beside it. Then
# the node's RSS when idle, IDLE_S seconds (default 20, rounded up to 5 s) after the last request (and every 5 s on
# the way), and, with JFR=1, a flight recording
# from the process start to the end of the requests (jfr print --events jdk.ExecutionSample summarised by top
# frames). Appends a line to bench/RESULTS.md.
#
# CDS=1: application class data sharing (bench/RESULTS.md, "A fresh node with application class data sharing"): a training start
# first (-XX:ArchiveClassesAtExit, TRAIN_REQUESTS list requests, then a clean stop, which writes the archive), then
# the measured start with -XX:SharedArchiveFile; the line names the archive's size and how many classes the
# measured start loaded from it.
#
# Usage: DB=warden_bench WARM_UP=0 bench/first-request.sh   (PORT 9480; SERVER=liberty|wildfly, MGMT_PORT 9481 and
#        TXN_PORT 9482 for WildFly; WARM_UP: warden.warm-up.seconds; JFR=1; CDS=1; JVM_EXTRA: more JVM options)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-9480}; DB=${DB:-warden_bench}; RUN_S=${RUN_S:-180}; IDLE_S=${IDLE_S:-20}
SERVER=${SERVER:-liberty}; MGMT_PORT=${MGMT_PORT:-9481}; TXN_PORT=${TXN_PORT:-9482}; TRAIN_REQUESTS=${TRAIN_REQUESTS:-300}
WLP=ear/target/liberty/wlp
WILDFLY=ear/target/wildfly
BASE="http://localhost:$PORT"
WORK=$(mktemp -d)
EXT=$(ls test-extension/target/warden-test-extension-*.jar 2>/dev/null | head -n 1)
case "$SERVER" in
    liberty) [ -x "$WLP/bin/server" ] && [ -n "$EXT" ] || { echo "build first (./run.sh once)"; exit 1; }
             DROPIN="$WLP/usr/servers/warden/dropins/warden.ear"; SERVER_NAME=Liberty; READY_URL="$BASE/health/ready" ;;
    wildfly) [ -x "$WILDFLY/bin/standalone.sh" ] && [ -n "$EXT" ] || { echo "build first (WARDEN_SERVER=wildfly ./run.sh once)"; exit 1; }
             DROPIN="$WILDFLY/standalone/deployments/warden.ear"; SERVER_NAME=WildFly; READY_URL="http://127.0.0.1:$MGMT_PORT/health/ready" ;;
    *) echo "SERVER must be liberty or wildfly"; exit 1 ;;
esac
. bench/list-lib.sh
deploy_with_extension "$WORK" "$DROPIN" "$EXT"
WILDFLY_PID=
trap 'stop_server; cp ear/target/warden.ear "$DROPIN"; rm -rf "$WORK"' EXIT
export WARDEN_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" WARDEN_HTTP_PORT=$PORT WARDEN_DEMO=false WARDEN_MFA_REQUIRED_ROLES=none WARDEN_WARM_UP_SECONDS=${WARM_UP:-0}
export WARDEN_TXN_RECOVERY_PORT=$TXN_PORT WARDEN_TXN_STATUS_PORT=$((TXN_PORT + 1))
# start_server OPTIONS: the server with these JVM options, in the background (WildFly: its defaults from
# bin/standalone.conf kept, which JAVA_OPTS would otherwise replace)
start_server() {
    if [ "$SERVER" = wildfly ]; then
        JAVA_OPTS="-Xms64m -Xmx512m -XX:MetaspaceSize=96M -XX:MaxMetaspaceSize=256m -Djava.net.preferIPv4Stack=true -Djboss.modules.system.pkgs=org.jboss.byteman -Djava.awt.headless=true $1" \
            "$WILDFLY/bin/standalone.sh" -c standalone-warden.xml -Djboss.management.http.port="$MGMT_PORT" \
            -Djboss.bind.address.management=127.0.0.1 >"$WORK/wildfly.out" 2>&1 &
        WILDFLY_PID=$!
    else
        JVM_ARGS="$1" "$WLP/bin/server" start warden >/dev/null
    fi
}
await_ready() {
    local waited=0
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "$READY_URL")" = 200 ]; do
        sleep 0.2; waited=$((waited + 1))
        [ "$waited" -lt 3000 ] || { echo "no readiness after 600 s"; exit 1; }
    done
}
PSQL="psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt"
URL="$BASE/admin-api/scores?_start=0&_end=25&_sort=score&_order=desc"
stop_server
JVM=${JVM_EXTRA:-}
cds_note=
if [ "${CDS:-0}" = 1 ]; then
    ARCHIVE="$WORK/warden-$SERVER.jsa"
    # Liberty starts with its own Java agent (ws-javaagent.jar): without this diagnostic option the JVM refuses to
    # dump ("Must enable AllowArchivingWithJavaAgent"), and the archive is then used with the same option
    [ "$SERVER" = liberty ] && JVM="$JVM -XX:+UnlockDiagnosticVMOptions -XX:+AllowArchivingWithJavaAgent"
    start_server "$JVM -XX:ArchiveClassesAtExit=$ARCHIVE"
    await_ready
    COOKIE=$(bench_admin_cookie "$DB" "$BASE")
    for _ in $(seq 1 "$TRAIN_REQUESTS"); do curl -s -o /dev/null -H "Cookie: warden_session=$COOKIE" "$URL"; done
    stop_server
    sleep 2
    [ -s "$ARCHIVE" ] || { echo "no archive written at $ARCHIVE"; exit 1; }
    JVM="$JVM -XX:SharedArchiveFile=$ARCHIVE"
    cds_note="CDS archive $(( $(stat -c %s "$ARCHIVE") / 1048576 )) MB"
fi
# every run logs its class loading (both runs alike): how many classes came from a CDS archive (the JDK's default one too)
JVM="$JVM -Xlog:class+load=info:file=$WORK/classes.log"
[ "${JFR:-0}" = 1 ] && JVM="$JVM -XX:StartFlightRecording=filename=$WORK/first.jfr,settings=profile,duration=$((IDLE_S + RUN_S + 300))s"
t0=$(date +%s%N)
start_server "$JVM"
# readiness and the process id, watched beside the requests (a warm-up keeps readiness DOWN while the APIs answer)
( await_ready; echo $(( ($(date +%s%N) - t0) / 1000000 )) >"$WORK/ready" ) &
watcher=$!
# the client starts as soon as the node answers a sign-in, not at readiness: the figure counts from the process start
bench_admin_cookie "$DB" "$BASE" >/dev/null 2>&1 || true # makes the admin; the node is not up yet
COOKIE=
until [ -n "$COOKIE" ]; do
    COOKIE=$(bench_admin_login "$BASE" 2>/dev/null)
    [ -n "$COOKIE" ] || sleep 0.2
    [ $(( ($(date +%s%N) - t0) / 1000000000 )) -lt 600 ] || { echo "no sign-in after 600 s"; exit 1; }
done
end=$(( $(date +%s) + RUN_S ))
while [ "$(date +%s)" -lt "$end" ]; do
    now=$(( ($(date +%s%N) - t0) / 1000000 ))
    echo "$now $(curl -s -o /dev/null -w '%{time_total}' -H "Cookie: warden_session=$COOKIE" "$URL")"
done >"$WORK/times"
wait "$watcher"
ready=$(cat "$WORK/ready")
pid=$(ss -Hltnp "sport = :$PORT" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2)
# idle RSS: IDLE_S seconds after the last request (the node has served and compiled its paths by then), read every
# 5 s on the way (printed as the trace: G1's periodic collection every 15 s and the native trim settle it)
trace=
for _ in $(seq 1 $(( (IDLE_S + 4) / 5 ))); do
    sleep 5
    trace="$trace $(( $(awk '/VmRSS/ {print $2}' "/proc/$pid/status") / 1024 ))"
done
rss_mb=${trace##* }
# JVM_EXTRA=-XX:NativeMemoryTracking=summary: where the idle RSS goes, by the JVM's own account (committed MB)
case "$JVM" in *NativeMemoryTracking*)
    echo "native memory of the idle node (committed MB):"
    jcmd "$pid" VM.native_memory summary scale=MB | grep -E '^-|Total' | sed -E 's/reserved=[0-9]+MB, //' ;;
esac
if [ -f "$WORK/classes.log" ]; then
    shared=$(grep -c 'source: shared objects file' "$WORK/classes.log" || true)
    total=$(grep -c 'source: ' "$WORK/classes.log" || true)
    cds_note="${cds_note:+$cds_note, }$shared of $total classes from a CDS archive"
fi
result=$(python3 - "$WORK/times" <<'PY'
import statistics, sys
rows = [(int(a), float(b) * 1000) for a, b in (l.split() for l in open(sys.argv[1]))]
warm = statistics.median(ms for _, ms in rows[-200:])
win = 25
medians = [(rows[i][0], statistics.median(ms for _, ms in rows[i:i + win])) for i in range(len(rows) - win + 1)]
fast_from = None
for t, m in medians:
    if m <= 2 * warm:
        fast_from = t if fast_from is None else fast_from
    else:
        fast_from = None
first = rows[0][1]
print(f"{warm:.1f} {first:.0f}ms@{rows[0][0] / 1000:.1f}s {(fast_from or 0) / 1000:.1f} {len(rows)}")
PY
)
read -r warm first fast n <<<"$result"
[ -z "${TIMES_OUT:-}" ] || cp "$WORK/times" "$TIMES_OUT" # every request: ms since the process start, seconds taken
line="| $(date -u '+%Y-%m-%d %H:%M') | $SERVER_NAME | ${WARM_UP:-0} | ${JVM_EXTRA:-—}${cds_note:+ ($cds_note)} | $((ready / 1000)).$(( (ready % 1000) / 100 )) | $rss_mb | $first | $warm | $fast | $n | $(cut -d' ' -f1-3 /proc/loadavg) |"
echo "| when (UTC) | server | warm-up (s) | JVM options | ready after start (s) | idle RSS (MB) | first request (ms @ s after start) | warm median (ms) | within 2x of warm from (s after start) | requests | load average |"
echo "$line"
echo "idle RSS every 5 s after the last request (MB):$trace"
if [ "${JFR:-0}" = 1 ]; then
    sleep 5
    stop_server
    if [ -f "$WORK/first.jfr" ]; then
        # JSON: the text form of jfr print fails on some lambda frames (JDK 17)
        jfr print --json --events jdk.ExecutionSample,jdk.Compilation "$WORK/first.jfr" >"$WORK/jfr.json"
        python3 - "$WORK/jfr.json" "$ready" >"$WORK/top" <<'PY'
import collections, json, sys
events = json.load(open(sys.argv[1]))["recording"]["events"]
ready_ms = int(sys.argv[2])
samples = [e for e in events if e["type"] == "jdk.ExecutionSample"]
comps = [e for e in events if e["type"] == "jdk.Compilation"]
def pkg(frame):
    name = frame["method"]["type"]["name"].replace("/", ".")
    parts = name.split(".")
    return ".".join(parts[:3]) if len(parts) > 3 else name
tops = collections.Counter()
for e in samples:
    frames = e["values"]["stackTrace"]["frames"] if e["values"]["stackTrace"] else []
    if frames:
        tops[pkg(frames[0]) + (" (interpreted)" if frames[0].get("type") == "Interpreted" else "")] += 1
print(f"{len(samples)} execution samples, {len(comps)} JIT compilations recorded")
for name, n in tops.most_common(20):
    print(f"{n:6d} {100 * n / max(1, len(samples)):5.1f}%  {name}")
kinds = collections.Counter(f.get("type", "?") for e in samples for f in (e["values"]["stackTrace"]["frames"][:1] if e["values"]["stackTrace"] else []))
print("top frame kinds:", dict(kinds))
PY
        echo "JFR: top frames of the execution samples (from the process start to the end of the requests)"; cat "$WORK/top"
        cp "$WORK/first.jfr" "bench/results/first-request-$(date -u +%Y%m%dT%H%M%SZ).jfr" 2>/dev/null || true # git-ignored
    fi
fi
echo "$line" >>"$WORK/line"
{ echo; echo "first-request.sh: $line"; echo; echo "idle RSS every 5 s after the last request (MB):$trace"; } >>bench/RESULTS.md
