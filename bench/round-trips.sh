#!/usr/bin/env bash
# PostgreSQL round trips per request: starts the cluster (bench/cluster.sh, hosting
# limits ON, PostgreSQL logging every statement of the cluster's database), then sends N sequential requests of
# each kind straight to node A and counts the statements logged for them. Prints a Markdown table (statements per
# request, network round trips = statements without BEGIN, which PgJDBC sends in the same packet as the next
# statement; median and p95 latency of the N requests) and the statements of one request of each kind; appends
# it to bench/results/round-trips.md; stops what it started.
#
#   bench/round-trips.sh [--no-build]     (WARDEN_BENCH_REQUESTS, default 200; WARDEN_PG_LOG, the server log)
set -uo pipefail
cd "$(dirname "$0")/.."
. bench/cluster-lib.sh
n=${WARDEN_BENCH_REQUESTS:-200}
pg_log=${WARDEN_PG_LOG:-/var/log/postgresql/postgresql-15-main.log}
work=$(mktemp -d /tmp/warden-roundtrips.XXXXXX)
log() { echo "[round-trips] $*"; }
[ -r "$pg_log" ] || { log "cannot read the PostgreSQL log $pg_log (WARDEN_PG_LOG)"; exit 1; }

WARDEN_CLUSTER_LOG_STATEMENTS=true WARDEN_CLUSTER_ENV="WARDEN_HOSTING_LIMIT_TEAM_PER_MINUTE=100000 WARDEN_HOSTING_LIMIT_METRICS_PER_MINUTE=100000 ${WARDEN_CLUSTER_ENV:-}" \
    bench/cluster.sh start "$@" || { log "the cluster did not start"; exit 1; }
trap 'sql "alter database $db reset log_statement" >/dev/null 2>&1; bench/cluster.sh stop; rm -rf "$work"' EXIT

[ "$(sign_in "$work/jar")" = 200 ] || { log "the demo admin could not sign in"; exit 1; }
cookie=$(awk '$6 == "warden_session" {print $7}' "$work/jar")
team=$(sql "select team_id from warden_applications order by id limit 1")
slug=$(sql "select slug from warden_applications where team_id = $team order by id limit 1")
owns "$team"
token="wdn_roundtrips_$RANDOM$RANDOM"
token_for "$team" "$token"
node_a="http://localhost:$((lb_port + 1))"

statements() { grep -E "@$db (LOG|ERROR): +(statement|execute [^:]*):" "$pg_log" 2>/dev/null; }
measure() { # measure <label> <url> <header>
    local label=$1 url=$2 header=$3 before after
    for _ in $(seq 1 20); do curl -sS -o /dev/null -H "$header" "$url"; done # warm (JIT, statement cache)
    sleep 1
    before=$(statements | wc -l)
    curl -sS -o /dev/null -H "$header" "$url"
    sleep 1
    statements | tail -n +$((before + 1)) | sed -e 's/^.*LOG: *//' -e 's/^\(.\{150\}\).*/\1 .../' >"$work/one-$label"
    before=$(statements | wc -l)
    : >"$work/times"
    for _ in $(seq 1 "$n"); do curl -sS -o /dev/null -w '%{time_total}\n' -H "$header" "$url" >>"$work/times"; done
    sleep 1
    after=$(statements | tail -n +$((before + 1)) | grep -vc -E 'execute [^:]*: (BEGIN|begin)$|statement: (BEGIN|begin)$')
    local total=$(( $(statements | wc -l) - before ))
    local p50 p95
    p50=$(sort -n "$work/times" | awk -v n="$n" 'NR == int(n * 0.50 + 0.5) {printf "%.1f", $1 * 1000}')
    p95=$(sort -n "$work/times" | awk -v n="$n" 'NR == int(n * 0.95 + 0.5) {printf "%.1f", $1 * 1000}')
    echo "| $label | $(awk -v d="$total" -v n="$n" 'BEGIN {printf "%.2f", d / n}') | $(awk -v d="$after" -v n="$n" 'BEGIN {printf "%.2f", d / n}') | $p50 | $p95 |"
}

{
    echo
    echo "## round trips per request, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(git rev-parse --short HEAD)$(git diff HEAD --quiet -- . ':!bench/results' || echo '+changes'): $n sequential requests each to node A, $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg)"
    echo
    echo "Hosting limits on (budgets raised so that nothing is refused), response cache on; statements logged by PostgreSQL"
    echo "(log_statement = all on the cluster's database). Round trips = statements without BEGIN (sent with the next one)."
    echo
    echo "| request | statements | round trips | p50 ms | p95 ms |"
    echo "| --- | --- | --- | --- | --- |"
    measure "api-applications-cached" "$node_a/api/v1/applications" "Authorization: Bearer $token"
    measure "api-metrics-minute-cached" "$node_a/api/v1/applications/$slug/metrics?resolution=minute" "Authorization: Bearer $token"
    measure "admin-list-25-users" "$node_a/admin-api/users?_start=0&_end=25&_sort=id&_order=asc" "Cookie: warden_session=$cookie"
    measure "admin-read-user" "$node_a/admin-api/users/1" "Cookie: warden_session=$cookie"
    echo
    for f in "$work"/one-*; do
        echo "Statements of one ${f##*/one-} request:"
        echo
        echo '```'
        cat "$f"
        echo '```'
        echo
    done
} | tee -a bench/results/round-trips.md
