#!/usr/bin/env bash
# List latency on a big custom table: deploys the EAR with the test extension jar (test-extension: the table
# game_scores registered as the resource `scores` through the extension API), loads ROWS rows (default
# 1,000,000) into it in the database warden_bench, starts the run server on it (port 9480), and measures with
# wrk, at concurrency
# CONC for DUR seconds per case, the median latency of list requests through the admin API, against the
# same SQL the API runs (rows and label lookup; the count is planned out on these cases) sent directly with pgbench at the same
# concurrency. Prints a Markdown table and appends it to bench/RESULTS.md.
#
# Needs: a build (./run.sh once, or `mvn -B install -DskipTests && mvn -pl ear liberty:create liberty:deploy`),
# PostgreSQL on 127.0.0.1:5432, wrk (installed with apt-get when missing), pgbench, python3.
# Usage: ROWS=1000000 CONC=4 DUR=10 bench/list-latency.sh   (ROUNDS=2: every case twice, the first round right
# after the server's start, the cold start; the "API started" column says when each began)
# SERVER=wildfly: the same on WildFly 39 (ear/target/wildfly, built by WARDEN_SERVER=wildfly ./run.sh or
# `mvn -B -pl ear -am package -DskipTests -DskipITs -Dwarden.server=wildfly`), its management interface on
# MGMT_PORT (9481) and the transaction manager on TXN_PORT and TXN_PORT + 1 (9482, 9483).
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-1000000}; CONC=${CONC:-4}; DUR=${DUR:-10}; PORT=${PORT:-9480}; DB=${DB:-warden_bench}
SERVER=${SERVER:-liberty}; MGMT_PORT=${MGMT_PORT:-9481}; TXN_PORT=${TXN_PORT:-9482}
WLP=ear/target/liberty/wlp
WILDFLY=ear/target/wildfly
PSQL="psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt"
BASE="http://localhost:$PORT"
WORK=$(mktemp -d)
WILDFLY_PID=
. bench/list-lib.sh
trap 'stop_server; rm -rf "$WORK"' EXIT

command -v wrk >/dev/null || { apt-get install -y -q wrk >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }; }
case "$SERVER" in
    liberty) [ -x "$WLP/bin/server" ] || { echo "no Liberty server: run ./run.sh once (or liberty:create liberty:deploy)"; exit 1; }
             DROPIN="$WLP/usr/servers/warden/dropins/warden.ear"; SERVER_NAME="Open Liberty" ;;
    wildfly) [ -x "$WILDFLY/bin/standalone.sh" ] || { echo "no WildFly: run WARDEN_SERVER=wildfly ./run.sh once"; exit 1; }
             DROPIN="$WILDFLY/standalone/deployments/warden.ear"; SERVER_NAME="WildFly 39" ;;
    *) echo "SERVER must be liberty or wildfly"; exit 1 ;;
esac
EXT=$(ls test-extension/target/warden-test-extension-*.jar 2>/dev/null | head -n 1)
[ -n "$EXT" ] || { echo "no test-extension jar: build first (mvn -B install -DskipTests)"; exit 1; }
deploy_with_extension "$WORK" "$DROPIN" "$EXT"
trap 'stop_server; cp ear/target/warden.ear "$DROPIN"; rm -rf "$WORK"' EXIT

$PSQL -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 || $PSQL -d postgres -c "CREATE DATABASE $DB"
# WARM_UP: the server's start-up warm-up in seconds (warden.warm-up.seconds; 0 measures the cold start itself)
export WARDEN_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" WARDEN_HTTP_PORT=$PORT WARDEN_DEMO=false WARDEN_MFA_REQUIRED_ROLES=none WARDEN_WARM_UP_SECONDS=${WARM_UP:-20}
if [ "$SERVER" = wildfly ]; then
    export WARDEN_TXN_RECOVERY_PORT=$TXN_PORT WARDEN_TXN_STATUS_PORT=$((TXN_PORT + 1))
    stop_server
    "$WILDFLY/bin/standalone.sh" -c standalone-warden.xml -Djboss.management.http.port="$MGMT_PORT" \
        -Djboss.bind.address.management=127.0.0.1 >"$WORK/wildfly.out" 2>&1 &
    WILDFLY_PID=$!
else
    "$WLP/bin/server" stop warden >/dev/null 2>&1 || true
    "$WLP/bin/server" start warden >/dev/null
fi
# ready: the health check's readiness (schema migrated, start-up work done); a server that stops or takes more
# than 5 minutes ends the run with its log's tail instead of waiting for ever
# (WildFly answers the health checks on its management interface)
ready_url="$BASE/health/ready"
[ "$SERVER" = liberty ] || ready_url="http://127.0.0.1:$MGMT_PORT/health/ready"
waited=0
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$ready_url")" = 200 ]; do
    sleep 1; waited=$((waited + 1))
    if [ "$SERVER" = wildfly ] && ! kill -0 "$WILDFLY_PID" 2>/dev/null; then
        echo "WildFly stopped while starting:"; tail -n 30 "$WORK/wildfly.out"; exit 1
    fi
    if [ "$waited" -ge 300 ]; then
        echo "no readiness on $BASE after 300 s:"
        if [ "$SERVER" = wildfly ]; then tail -n 30 "$WORK/wildfly.out"; else tail -n 30 "$WLP/usr/servers/warden/logs/messages.log"; fi
        exit 1
    fi
done
ready_at=$(date +%s)
echo "server ready on $BASE (database $DB) after ${waited} s"

load_scores "$DB" "$ROWS"
COOKIE=$(bench_admin_cookie "$DB" "$BASE")
[ -n "$COOKIE" ] || { echo "login failed"; exit 1; }

# The statements the API runs for one list request, written out as the code builds them: the
# session check (SessionCheck in dev.warden.auth.Sessions: session, user, role rows and the once-a-minute touch in
# one statement) and the page (dev.warden.panel.crud.PageStatement: the window of rows and both foreign keys' labels
# in one statement). On these cases the count is planned out (docs/admin-api.md, "Counts": the plan of the first
# request decides, remembered per filter), so the page runs without a count. No transaction: the API runs them
# outside one too.
SESSION_ID=$(printf '%s' "$COOKIE" | sha256sum | cut -d' ' -f1)
SESSION="WITH found AS (SELECT s.id, s.expires_at, s.token_version = u.token_version AS current_version, s.last_seen_at, u.id AS user_id, CAST(u.ban AS text) AS ban, s.auth_method, s.created_at, u.email FROM warden_sessions s JOIN warden_users u ON u.id = s.user_id WHERE s.id = '$SESSION_ID'), touched AS (UPDATE warden_sessions t SET last_seen_at = now() FROM found f WHERE t.id = f.id AND f.current_version AND f.expires_at > now() AND (f.last_seen_at IS NULL OR (f.last_seen_at >= now() - make_interval(secs => 43200) AND f.last_seen_at < now() - make_interval(secs => 60)))) SELECT f.expires_at, f.current_version, f.last_seen_at, f.user_id, f.ban, f.auth_method, f.created_at, f.email, g.roles, g.resources FROM found f LEFT JOIN LATERAL (SELECT array_agg(r.role ORDER BY r.role, r.resource) AS roles, array_agg(r.resource ORDER BY r.role, r.resource) AS resources FROM warden_roles r WHERE r.user_id = f.user_id) g ON TRUE;"
COLS='"id", "user_id", "season", "score", "note", "tournament_id"'
P_COLS='p."id", p."user_id", p."season", p."score", p."note", p."tournament_id"'
P_LABELS='(SELECT l."display_name"::text FROM "warden_users" AS l WHERE l."id" = p."user_id"), (SELECT l."name"::text FROM "game_tournaments" AS l WHERE l."id" = p."tournament_id")'
T='"game_scores"'
# page WHERE ORDER(inner) ORDER(outer) OFFSET: the page statement without a count
page() {
    local where=$1 order=$2 outer=$3 offset=$4
    echo "SELECT c.\"_warden_total\", $P_COLS, $P_LABELS FROM (SELECT NULL::bigint AS \"_warden_total\") AS c LEFT JOIN (SELECT $COLS FROM $T$where$order LIMIT 25 OFFSET $offset) AS p ON TRUE$outer;"
}
LIKE=" WHERE \"note\" ILIKE '%speed%' ESCAPE '\\'"
GTE=' WHERE "user_id" >= 1'
BY_SCORE=' ORDER BY "score" DESC, "id" ASC'; BY_SCORE_P=' ORDER BY p."score" DESC, p."id" ASC'
BY_ID=' ORDER BY "id" ASC'; BY_ID_P=' ORDER BY p."id" ASC'
BY_USER=' ORDER BY "user_id" DESC, "score" DESC, "id" ASC'; BY_USER_P=' ORDER BY p."user_id" DESC, p."score" DESC, p."id" ASC'
# name | API path | the SQL the API runs for it
CASES=(
"first page, top scores|/admin-api/scores?_start=0&_end=25&_sort=score&_order=desc|$SESSION $(page "" "$BY_SCORE" "$BY_SCORE_P" 0)"
"deep page (_start=100000)|/admin-api/scores?_start=100000&_end=100025&_sort=id&_order=asc|$SESSION $(page "" "$BY_ID" "$BY_ID_P" 100000)"
"_like search on note|/admin-api/scores?_start=0&_end=25&note_like=speed|$SESSION $(page "$LIKE" "$BY_SCORE" "$BY_SCORE_P" 0)"
"filter + sort (user_id, score)|/admin-api/scores?_start=0&_end=25&user_id_gte=1&_sort=user_id,score&_order=desc,desc|$SESSION $(page "$GTE" "$BY_USER" "$BY_USER_P" 0)"
)

median_us() { sort -n | awk '{a[NR]=$1} END {if (NR==0) {print 0} else {print a[int((NR+1)/2)]}}'; }
to_ms() { awk -v us="$1" 'BEGIN {printf "%.1f", us / 1000}'; }

# CPU time (ms) of the server's JVM (the process listening on $PORT) and of all PostgreSQL processes, from /proc
server_pid=$(ss -Hltnp "sport = :$PORT" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2)
cpu_ms() { # cpu_ms <pid...>: utime + stime, plus those of reaped children (a closed connection's backend), in ms
    local total=0 pid ticks
    for pid in "$@"; do
        ticks=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pid/stat" 2>/dev/null || echo 0)
        total=$((total + ticks))
    done
    echo $((total * 1000 / $(getconf CLK_TCK)))
}
pg_cpu_ms() { cpu_ms $(pgrep -u postgres -x postgres); }
per_request() { awk -v ms="$1" -v n="$2" 'BEGIN {printf "%.2f", (n > 0 ? ms / n : 0)}'; }

rows=$($PSQL -d "$DB" -c "SELECT count(*) FROM game_scores")
table="| case | API started (s after ready) | API median (ms) | direct SQL median (ms) | ratio | API: server CPU / PostgreSQL CPU per request (ms) | direct: PostgreSQL CPU per request (ms) |\n| --- | --- | --- | --- | --- | --- | --- |\n"
for round in $(seq 1 "${ROUNDS:-1}"); do
for case in "${CASES[@]}"; do
    IFS='|' read -r name path sql <<<"$case"
    [ "${ROUNDS:-1}" = 1 ] || name="$name (round $round)"
    # API: wrk's own latency percentiles
    since=$(( $(date +%s) - ready_at ))
    jvm0=$(cpu_ms "$server_pid"); pg0=$(pg_cpu_ms)
    wrk -t"$(( CONC < 2 ? CONC : 2 ))" -c"$CONC" -d"${DUR}s" --latency -H "Cookie: warden_session=$COOKIE" "$BASE$path" >"$WORK/wrk.out"
    jvm1=$(cpu_ms "$server_pid"); pg1=$(pg_cpu_ms)
    api=$(awk '/^ +50%/ {v=$2; if (v ~ /ms$/) {sub(/ms/,"",v); print v*1000} else if (v ~ /us$/) {sub(/us/,"",v); print v} else {sub(/s/,"",v); print v*1000000}}' "$WORK/wrk.out")
    api_n=$(awk '/requests in/ {print $1}' "$WORK/wrk.out")
    # direct SQL: pgbench per-transaction log, column 3 is the latency in microseconds
    echo "$sql" | tr ';' '\n' | sed '/^ *$/d; s/$/;/' > "$WORK/case.sql"
    pgd0=$(pg_cpu_ms)
    (cd "$WORK" && rm -f pgbench_log.* && pgbench -h 127.0.0.1 -U postgres -n -M prepared -c "$CONC" -j 2 -T "$DUR" -l -f case.sql "$DB" >/dev/null 2>&1)
    sleep 0.5 # the postmaster reaps the closed connections' backends (their CPU moves to its children's time)
    pg_direct=$(( $(pg_cpu_ms) - pgd0 ))
    direct=$(cat "$WORK"/pgbench_log.* | awk '{print $3}' | median_us)
    direct_n=$(cat "$WORK"/pgbench_log.* | wc -l)
    ratio=$(awk -v a="$api" -v d="$direct" 'BEGIN {printf "%.2f", (d > 0 ? a / d : 0)}')
    line="| $name | $since | $(to_ms "$api") | $(to_ms "$direct") | ${ratio}x | $(per_request $((jvm1 - jvm0)) "$api_n") / $(per_request $((pg1 - pg0)) "$api_n") | $(per_request "$pg_direct" "$direct_n") |"
    echo "$line"
    table+="$line\n"
done
done

{
    echo
    echo "## list latency, $(date -u +%Y-%m-%d) — $rows rows in the custom table game_scores (resource scores), concurrency $CONC, ${DUR}s per case"
    echo
    echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load average at the end $(cut -d' ' -f1-3 /proc/loadavg); API through $SERVER_NAME on 127.0.0.1:$PORT (start-up warm-up ${WARM_UP:-20} s); direct SQL by pgbench (prepared) with the statements the API runs. CPU columns: the server JVM's and all PostgreSQL processes' CPU time during the case (/proc), divided by the requests answered."
    echo
    printf "%b" "$table"
} >> bench/RESULTS.md
echo "appended to bench/RESULTS.md"
