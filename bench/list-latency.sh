#!/usr/bin/env bash
# List latency on a big custom table: deploys the EAR with the test extension jar (test-extension: the table
# game_scores registered as the resource `scores` through the extension API), loads ROWS rows (default
# 1,000,000) into it in the database warden_bench, starts the run server on it (port 9480), and measures with
# wrk, at concurrency
# CONC for DUR seconds per case, the median latency of list requests through the admin API, against the
# same SQL the API runs (bounded count, rows, label lookup) sent directly with pgbench at the same
# concurrency. Prints a Markdown table and appends it to bench/RESULTS.md.
#
# Needs: a build (./run.sh once, or `mvn -B install -DskipTests && mvn -pl ear liberty:create liberty:deploy`),
# PostgreSQL on 127.0.0.1:5432, wrk (installed with apt-get when missing), pgbench, python3.
# Usage: ROWS=1000000 CONC=4 DUR=10 bench/list-latency.sh
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
stop_server() {
    if [ "$SERVER" = wildfly ]; then
        JBOSS_HOME="$WILDFLY" "$WILDFLY/bin/jboss-cli.sh" --controller="127.0.0.1:$MGMT_PORT" --timeout=60000 -c --command=:shutdown \
            >/dev/null 2>&1 || true
        [ -z "$WILDFLY_PID" ] || wait "$WILDFLY_PID" 2>/dev/null || true
    else
        WARDEN_HTTP_PORT=$PORT "$WLP/bin/server" stop warden >/dev/null 2>&1 || true
    fi
}
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
cp ear/target/warden.ear "$WORK/warden.ear"
mkdir -p "$WORK/lib" && cp "$EXT" "$WORK/lib/"
(cd "$WORK" && zip -q warden.ear lib/"$(basename "$EXT")")
cp "$WORK/warden.ear" "$DROPIN"
trap 'stop_server; cp ear/target/warden.ear "$DROPIN"; rm -rf "$WORK"' EXIT

$PSQL -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 || $PSQL -d postgres -c "CREATE DATABASE $DB"
export WARDEN_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" WARDEN_HTTP_PORT=$PORT WARDEN_DEMO=false
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
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/admin-api/auth/me")" = 401 ]; do sleep 0.5; done
echo "server ready on $BASE (database $DB)"

have=$($PSQL -d "$DB" -c "SELECT count(*) FROM game_scores")
if [ "$have" -lt "$ROWS" ]; then
    echo "loading $((ROWS - have)) scores..."
    $PSQL -d "$DB" <<SQL
INSERT INTO warden_users (email, display_name)
SELECT 'bench' || g || '@example.com', 'Bench Player ' || g FROM generate_series(1, 1000) g
ON CONFLICT DO NOTHING;
INSERT INTO game_tournaments (name) SELECT 'Cup ' || g FROM generate_series(1, 50) g;
INSERT INTO game_scores (user_id, season, score, note, tournament_id)
SELECT (SELECT min(id) FROM warden_users) + (g % 1000),
       's' || (1 + g % 8),
       (g::bigint * 7919) % 1000003,
       (ARRAY['clean run','speedrun','no hit','co-op','ranked','casual','replay'])[1 + g % 7],
       CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT min(id) FROM game_tournaments) + g % 50 END
FROM generate_series(1, $((ROWS - have))) g;
ANALYZE game_scores;
SQL
fi

# an admin for the benchmark (PBKDF2 hash in Jakarta Security's format)
EMAIL=bench-admin@example.com; PASSWORD=bench-password-123
HASH=$(python3 -c "
import hashlib, base64, os
salt = os.urandom(32); it = 1024
dk = hashlib.pbkdf2_hmac('sha256', b'$PASSWORD', salt, it, 32)
print('PBKDF2WithHmacSHA256:%d:%s:%s' % (it, base64.b64encode(salt).decode(), base64.b64encode(dk).decode()))")
$PSQL -d "$DB" -c "INSERT INTO warden_users (email, display_name, password_hash) VALUES ('$EMAIL', 'Bench Admin', '$HASH')
  ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash" >/dev/null
$PSQL -d "$DB" -c "INSERT INTO warden_roles (user_id, role) SELECT id, 'admin' FROM warden_users WHERE email = '$EMAIL'
  ON CONFLICT DO NOTHING" >/dev/null
COOKIE=$(curl -s -i -H 'Content-Type: application/json' -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" \
    "$BASE/admin-api/auth/login" | grep -i '^set-cookie: warden_session=' | sed -E 's/^[^=]*=([^;]*).*/\1/' | tr -d '\r')
[ -n "$COOKIE" ] || { echo "login failed"; exit 1; }

COLS='"id", "user_id", "season", "score", "note", "tournament_id"'
T='"game_scores"'
# the two label lookups the API makes for a page (users.display_name, game_tournaments.name)
LABELS='SELECT "id"::text, "display_name"::text FROM "warden_users" WHERE "id" = ANY (ARRAY(SELECT min(id) + g FROM warden_users, generate_series(0, 24) g GROUP BY g)); SELECT "id"::text, "name"::text FROM "game_tournaments" WHERE "id" = ANY (ARRAY(SELECT min(id) + g FROM game_tournaments, generate_series(0, 24) g GROUP BY g));'
COUNT_ALL="SELECT count(*) FROM (SELECT 1 FROM $T LIMIT 10001) AS bounded; SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass('game_scores');"
# name | API path | the SQL the API runs for it
CASES=(
"first page, top scores|/admin-api/scores?_start=0&_end=25&_sort=score&_order=desc|$COUNT_ALL SELECT $COLS FROM $T ORDER BY \"score\" DESC, \"id\" ASC LIMIT 25 OFFSET 0; $LABELS"
"deep page (_start=100000)|/admin-api/scores?_start=100000&_end=100025&_sort=id&_order=asc|$COUNT_ALL SELECT $COLS FROM $T ORDER BY \"id\" ASC LIMIT 25 OFFSET 100000; $LABELS"
"_like search on note|/admin-api/scores?_start=0&_end=25&note_like=speed|SELECT count(*) FROM (SELECT 1 FROM $T WHERE \"note\" ILIKE '%speed%' ESCAPE '\\' LIMIT 10001) AS bounded; EXPLAIN (FORMAT JSON) SELECT 1 FROM $T WHERE \"note\" ILIKE '%speed%' ESCAPE '\\'; SELECT $COLS FROM $T WHERE \"note\" ILIKE '%speed%' ESCAPE '\\' ORDER BY \"score\" DESC, \"id\" ASC LIMIT 25 OFFSET 0; $LABELS"
"filter + sort (user_id, score)|/admin-api/scores?_start=0&_end=25&user_id_gte=1&_sort=user_id,score&_order=desc,desc|SELECT count(*) FROM (SELECT 1 FROM $T WHERE \"user_id\" >= 1 LIMIT 10001) AS bounded; EXPLAIN (FORMAT JSON) SELECT 1 FROM $T WHERE \"user_id\" >= 1; SELECT $COLS FROM $T WHERE \"user_id\" >= 1 ORDER BY \"user_id\" DESC, \"score\" DESC, \"id\" ASC LIMIT 25 OFFSET 0; $LABELS"
)

median_us() { sort -n | awk '{a[NR]=$1} END {if (NR==0) {print 0} else {print a[int((NR+1)/2)]}}'; }
to_ms() { awk -v us="$1" 'BEGIN {printf "%.1f", us / 1000}'; }

rows=$($PSQL -d "$DB" -c "SELECT count(*) FROM game_scores")
table="| case | API median (ms) | direct SQL median (ms) | ratio |\n| --- | --- | --- | --- |\n"
for case in "${CASES[@]}"; do
    IFS='|' read -r name path sql <<<"$case"
    # API: wrk's own latency percentiles
    api=$(wrk -t"$(( CONC < 2 ? CONC : 2 ))" -c"$CONC" -d"${DUR}s" --latency -H "Cookie: warden_session=$COOKIE" "$BASE$path" \
        | awk '/^ +50%/ {v=$2; if (v ~ /ms$/) {sub(/ms/,"",v); print v*1000} else if (v ~ /us$/) {sub(/us/,"",v); print v} else {sub(/s/,"",v); print v*1000000}}')
    # direct SQL: pgbench per-transaction log, column 3 is the latency in microseconds
    echo "$sql" | tr ';' '\n' | sed '/^ *$/d; s/$/;/' > "$WORK/case.sql"
    (cd "$WORK" && rm -f pgbench_log.* && pgbench -h 127.0.0.1 -U postgres -n -M prepared -c "$CONC" -j 2 -T "$DUR" -l -f case.sql "$DB" >/dev/null 2>&1)
    direct=$(cat "$WORK"/pgbench_log.* | awk '{print $3}' | median_us)
    ratio=$(awk -v a="$api" -v d="$direct" 'BEGIN {printf "%.2f", (d > 0 ? a / d : 0)}')
    line="| $name | $(to_ms "$api") | $(to_ms "$direct") | ${ratio}x |"
    echo "$line"
    table+="$line\n"
done

{
    echo
    echo "## list latency, $(date -u +%Y-%m-%d) — $rows rows in the custom table game_scores (resource scores), concurrency $CONC, ${DUR}s per case"
    echo
    echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; API through $SERVER_NAME on 127.0.0.1:$PORT; direct SQL by pgbench (prepared) with the statements the API runs."
    echo
    printf "%b" "$table"
} >> bench/RESULTS.md
echo "appended to bench/RESULTS.md"
