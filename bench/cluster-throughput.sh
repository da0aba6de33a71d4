#!/usr/bin/env bash
# Throughput through nginx against one Warden node and against two, in one run, with where the
# CPU time went (the nodes' JVMs, PostgreSQL, nginx, the load generator). Starts the cluster (bench/cluster.sh)
# with the hosting limits off, runs bench/HttpLoad.java with a mixed workload, prints a Markdown table and appends
# it to bench/results/cluster-throughput.md; stops what it started.
#
#   bench/cluster-throughput.sh [--no-build]    (WARDEN_BENCH_SECONDS per phase, default 20; WARDEN_BENCH_CONCURRENCY 8)
#
# The workload, in turn per client: an admin list (25 users), an admin read (one user), the hosting application
# list and a metrics history (minute, 24 h) of a demo application. On one machine two nodes share the same cores,
# so two cannot be faster than one: the figure to read is the CPU split (docs/operations.md, "Running several nodes").
set -uo pipefail
cd "$(dirname "$0")/.."
. bench/cluster-lib.sh
seconds=${WARDEN_BENCH_SECONDS:-20}
concurrency=${WARDEN_BENCH_CONCURRENCY:-8}
work=$(mktemp -d /tmp/warden-throughput.XXXXXX)
log() { echo "[cluster-throughput] $*"; }

WARDEN_CLUSTER_ENV="WARDEN_HOSTING_LIMITS_ENABLED=false ${WARDEN_CLUSTER_ENV:-}" \
    bench/cluster.sh start "$@" || { log "the cluster did not start"; exit 1; }
trap 'bench/cluster.sh stop; rm -rf "$work"' EXIT
wlp_pids="$(pwd)/ear/target/liberty/wlp/usr/servers/.pid"

[ "$(sign_in "$work/jar")" = 200 ] || { log "the demo admin could not sign in"; exit 1; }
cookie=$(awk '$6 == "warden_session" {print $7}' "$work/jar")
team=$(sql "select team_id from warden_applications order by id limit 1")
slug=$(sql "select slug from warden_applications where team_id = $team order by id limit 1")
owns "$team"
token="wdn_throughput_$RANDOM$RANDOM"
token_for "$team" "$token"
requests=(
    "$base/admin-api/users?_start=0&_end=25&_sort=id&_order=asc|Cookie: warden_session=$cookie"
    "$base/admin-api/users/1|Cookie: warden_session=$cookie"
    "$base/api/v1/applications|Authorization: Bearer $token"
    "$base/api/v1/applications/$slug/metrics?resolution=minute|Authorization: Bearer $token"
)

# round trips per request: bench/round-trips.sh (limits on, exact statement lists)

# CPU ticks (utime + stime, 1/100 s) of processes
ticks() { local t=0 p; for p in "$@"; do [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
groups() { # name=pids lines
    echo "node-a=$(cat "$wlp_pids/warden-node-a.pid")"
    echo "node-b=$(cat "$wlp_pids/warden-node-b.pid")"
    echo "postgres=$(pgrep -x postgres | tr '\n' ' ')"
    echo "nginx=$(pgrep -x nginx | tr '\n' ' ')"
}
snapshot() { groups | while IFS== read -r name pids; do echo "$name $(ticks $pids)"; done; }

phase() { # phase <a|ab> <label>
    bench/cluster.sh balance "$1" >/dev/null
    java bench/HttpLoad.java "$concurrency" 2 "${requests[@]}" >/dev/null 2>&1 # warm both paths
    snapshot >"$work/before"
    local me=$BASHPID # this (sub)shell: the load generator's CPU shows in its children's time once it ended
    local load_before; load_before=$(awk '{print $16 + $17}' "/proc/$me/stat")
    local started; started=$(date +%s%N)
    java bench/HttpLoad.java "$concurrency" "$seconds" "${requests[@]}" >"$work/load-$1" 2>&1
    local elapsed=$(( ($(date +%s%N) - started) / 10000000 ))
    snapshot >"$work/after"
    local load_ticks; load_ticks=$(( $(awk '{print $16 + $17}' "/proc/$me/stat") - load_before ))
    local shares=""
    while read -r name value; do
        local before; before=$(awk -v n="$name" '$1 == n {print $2}' "$work/before")
        shares="$shares $name $(( (value - before) * 100 / elapsed ))%"
    done <"$work/after"
    echo "| $2 | $(sed 's/^requests=\([0-9]*\) rps=\([0-9.]*\) p50_ms=\([0-9.]*\) p95_ms=\([0-9.]*\) p99_ms=\([0-9.]*\) statuses=\(.*\)/\2 | \3 | \4 | \5 | \6/' "$work/load-$1") |$shares, load generator $(( load_ticks * 100 / elapsed ))% |"
}

{
    echo
    echo "## cluster throughput, $(date -u +%Y-%m-%dT%H:%M:%SZ): $concurrency clients, ${seconds} s per phase, $(nproc) cores"
    echo
    echo "Workload per client in turn: admin list (25 users), admin read, /api/v1/applications, metrics (minute, 24 h);"
    echo "hosting limits off, response cache on. CPU: share of one core over the phase (100% = one core busy)."
    echo
    echo "| balancer over | req/s | p50 ms | p95 ms | p99 ms | statuses | CPU |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
    phase a "node A only"
    phase ab "nodes A and B"
} | tee -a bench/results/cluster-throughput.md
