#!/usr/bin/env bash
# A node that crashed comes back by itself (docs/operations.md, "Crash recovery"): starts the two-node cluster
# (bench/cluster.sh: Open Liberty, or WildFly with WARDEN_CLUSTER_SERVER=wildfly), then ROUNDS times (default 10) in a
# row: audited admin writes (POST /admin-api/userNotes: the note and its audit row) run through nginx from 4 clients,
# node B is killed with SIGKILL in the middle of them, and started again. Each round must hold:
#   - node B restarts and serves: /health/ready 200 and /health/live 200 (on WildFly: its management interface), a
#     signed-in list and an audited write sent straight to node B's port answered 200 and 201;
#   - every write answered 2xx (through nginx, or straight to B) has its row and its audit row in PostgreSQL;
#   - node B's log has no failed recovery log (CWRLS0008E, WTRN0112E) and no failed start (CWWKZ0002E,
#     "Warden did not start"; WildFly: WFLYCTL0013, WFLYSRV0026 with failures).
# Prints one line per round, writes bench/target/cluster/crash-restart.md, stops what it started. Exit status 0 when
# every round held.
#
#   bench/crash-restart.sh [--no-build]          ROUNDS=10 WRITES=200 (per round) WARDEN_CLUSTER_WARM_UP=0
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. bench/cluster-lib.sh
state="$root/bench/target/cluster"
work=$(mktemp -d /tmp/warden-crash.XXXXXX)
report="$state/crash-restart.md"
rounds=${ROUNDS:-10}
writes=${WRITES:-200}
server=${WARDEN_CLUSTER_SERVER:-liberty}
port_b=$((lb_port + 2))
export WARDEN_CLUSTER_WARM_UP=${WARDEN_CLUSTER_WARM_UP:-0}
failures=0

log() { echo "[crash-restart] $*"; }

bench/cluster.sh start "$@" || { log "the cluster did not start"; exit 1; }
trap 'bench/cluster.sh stop; rm -rf "$work"' EXIT
if [ "$server" = wildfly ]; then
    log_b="$state/wildfly/node-b/log/server.log"
    health_b="http://127.0.0.1:$((lb_port + 4))"
    bad_log='CWRLS0008E|WTRN0112E|ARJUNA.*(corrupt|failed to open)|WFLYCTL0013|WFLYSRV0026.*with failures|Warden did not start'
else
    log_b="$root/ear/target/liberty/wlp/usr/servers/warden-node-b/logs/messages.log"
    health_b="http://localhost:$port_b"
    bad_log='CWRLS0008E|WTRN0112E|CWRLS0024|CWWKZ0002E|CNTR4002E|Warden did not start'
fi
mkdir -p "$state"
{
    echo "# Crash and restart, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo
    echo "$server, two nodes behind nginx, node B killed with SIGKILL under audited writes and started again, $rounds rounds ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start): bench/crash-restart.sh."
    echo
    echo "| round | writes answered 2xx (by B) | refused | rows or audit rows missing | B restarted in | B serves | B's log |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
} >"$report"

[ "$(sign_in "$work/jar")" = 200 ] || { log "the demo admin cannot sign in"; exit 1; }
user_id=$(sql "select id from warden_users order by id limit 1")
run_id=$RANDOM$RANDOM
# write <n> [<base>]: one audited create; prints "<status> <id> <n> <node>"
write() {
    local out code id node
    out=$(curl -sS -b "$work/jar" -D "$work/w-$1" -o - -w ' %{http_code}' -H 'Content-Type: application/json' \
        -d "{\"user_id\":$user_id,\"body\":\"$marker $1\"}" "${2:-$base}/admin-api/userNotes" 2>/dev/null)
    code=${out##* }
    id=$(echo "${out% *}" | sed -n 's/.*"id":\([0-9]*\).*/\1/p' | head -1)
    node=$(tr -d '\r' <"$work/w-$1" 2>/dev/null | sed -n 's/^[Xx]-[Ww]arden-[Nn]ode: *//p' | head -1)
    rm -f "$work/w-$1"
    echo "$code ${id:-none} $1 ${node:-none}"
}
export -f write; export work base user_id

for round in $(seq 1 "$rounds"); do
    marker="crash-$run_id-$round"; export marker
    lines_before=$(wc -l <"$log_b" 2>/dev/null || echo 0)
    (seq 1 "$writes" | xargs -P 4 -I{} bash -c 'write {}' >"$work/writes") &
    load=$!
    sleep 2
    bench/cluster.sh kill-b >/dev/null
    wait "$load"
    started=$(date +%s)
    if bench/cluster.sh start-b >"$work/restart.log" 2>&1; then restarted="$(( $(date +%s) - started )) s"; else restarted="FAILED"; fi
    # B serves: health, a signed-in list and an audited write straight to its port
    live=$(curl -sS -o /dev/null -w '%{http_code}' "$health_b/health/live")
    ready=$(curl -sS -o /dev/null -w '%{http_code}' "$health_b/health/ready")
    list=$(curl -sS -b "$work/jar" -o /dev/null -w '%{http_code}' "http://localhost:$port_b/admin-api/users?_start=0&_end=1")
    write "$((writes + 1))" "http://localhost:$port_b" >>"$work/writes"
    direct=$(tail -1 "$work/writes" | cut -d' ' -f1)
    ok2xx=$(awk '$1 ~ /^2/' "$work/writes" | wc -l)
    by_b=$(awk '$1 ~ /^2/ && $4 == "node-b"' "$work/writes" | wc -l)
    refused=$(awk '$1 !~ /^2/' "$work/writes" | wc -l)
    # every write answered 2xx: its row (id and body) and its audit row, in one query
    answered=$(awk '$1 ~ /^2/ && $2 ~ /^[0-9]+$/ {printf "%s(%s, %s)", sep, $2, $3; sep = ", "}' "$work/writes")
    missing=$(awk '$1 ~ /^2/ && $2 !~ /^[0-9]+$/' "$work/writes" | wc -l)
    if [ -n "$answered" ]; then
        missing=$((missing + $(sql "select count(*) from (values $answered) w(id, n) where not exists (
            select 1 from warden_user_notes u join warden_admin_audit a on a.resource = 'userNotes'
              and a.target_id = u.id::text and a.action = 'create' where u.id = w.id and u.body = '$marker ' || w.n)")))
    fi
    bad=$(tail -n +"$((lines_before + 1))" "$log_b" 2>/dev/null | grep -Ec "$bad_log")
    serves="live $live, ready $ready, list $list, write $direct"
    if [ "$restarted" != FAILED ] && [ "$live" = 200 ] && [ "$ready" = 200 ] && [ "$list" = 200 ] && [ "$direct" = 201 ] \
        && [ "$missing" = 0 ] && [ "$ok2xx" -gt 0 ] && [ "$bad" = 0 ]; then
        result=ok
    else
        result=FAIL; failures=$((failures + 1))
        tail -5 "$work/restart.log"
        tail -n +"$((lines_before + 1))" "$log_b" 2>/dev/null | grep -E "$bad_log" | head -3 | cut -c1-300
    fi
    echo "| $round | $ok2xx ($by_b) | $refused | $missing | $restarted | $serves | $([ "$bad" = 0 ] && echo clean || echo "$bad bad line(s)") |" >>"$report"
    log "$result: round $round: $ok2xx writes answered 2xx ($by_b by B), $refused refused, $missing missing a row or audit row; B restarted in $restarted; $serves; bad log lines $bad"
done

echo >>"$report"
echo "$failures failed round(s) of $rounds; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end." >>"$report"
log "report: $report"
[ "$failures" = 0 ]
