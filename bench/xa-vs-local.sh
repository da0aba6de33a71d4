#!/usr/bin/env bash
# What the XA data source cost (docs/decisions/non-xa-datasource.md): one Open Liberty server made from the run
# server (configuration and applications only), on its own database, started four times in ABBA order with Warden's
# data source as PostgreSQL's XADataSource (as before: Liberty's choice when server.xml names no type) and as the
# ConnectionPoolDataSource server.xml now names (a configDropins/overrides file switches it). Each start measures,
# with bench/HttpLoad.java from CONC clients for DUR seconds after a warm-up:
#   audited writes   POST /admin-api/userNotes (the note, then its audit row: two transactions, two commits)
#   list             GET /admin-api/users?_start=0&_end=25 (the session check and the page)
# and the load average. Prints a Markdown table and appends it to bench/RESULTS.md.
#
# Needs the run server (`mvn -B -pl ear -am package -DskipTests -DskipITs -Prun-server`, or ./run.sh once) and
# PostgreSQL on 127.0.0.1:5432. Usage: PORT=9489 DB=warden_bench_xa CONC=4 DUR=15 bench/xa-vs-local.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-9489}; DB=${DB:-warden_bench_xa}; CONC=${CONC:-4}; DUR=${DUR:-15}; NOTE=${NOTE:-}
wlp=ear/target/liberty/wlp
name=warden-xa-bench
dir="$wlp/usr/servers/$name"
password=xa-bench-admin-password
PSQL="psql -h 127.0.0.1 -U postgres -qAt -v ON_ERROR_STOP=1"
[ -d "$wlp/usr/servers/warden" ] || { echo "no run server: build it first (see the header)"; exit 1; }
if curl -s -o /dev/null "http://localhost:$PORT/"; then echo "port $PORT is taken"; exit 1; fi
trap '"$wlp/bin/server" stop "$name" >/dev/null 2>&1 || true' EXIT

$PSQL -d postgres -c "drop database if exists $DB with (force)" -c "create database $DB"
rm -rf "$dir"; mkdir -p "$dir/configDropins/overrides"
(cd "$wlp/usr/servers/warden" && tar -cf - server.xml dropins/warden.ear postgresql) | (cd "$dir" && tar -xf -)
cat >"$dir/server.env" <<ENV
WARDEN_HTTP_PORT=$PORT
WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/$DB
WARDEN_DEMO=true
WARDEN_DEMO_ADMIN_PASSWORD=$password
WARDEN_WARM_UP_SECONDS=0
WARDEN_EGRESS_COPY_AT_STARTUP=false
ENV

measure() { # measure <type>: one start with the data source of that type; prints "writes_rps writes_p50 list_rps list_p50 list_p95 load"
    local type=$1 jar cookie user body spec w l
    printf '<server>\n    <dataSource id="DefaultDataSource" type="%s"/>\n</server>\n' "$type" >"$dir/configDropins/overrides/datasource-type.xml"
    "$wlp/bin/server" start "$name" >/dev/null
    for _ in $(seq 1 150); do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$PORT/health/ready")" = 200 ] && break
        sleep 2
    done
    jar=$(mktemp)
    curl -fsS -c "$jar" -H 'Content-Type: application/json' -d "{\"email\":\"admin@warden.local\",\"password\":\"$password\"}" \
        "http://localhost:$PORT/admin-api/auth/login" >/dev/null
    cookie=$(awk '$6 == "warden_session" {print $7}' "$jar"); rm -f "$jar"
    user=$($PSQL -d "$DB" -c "select id from warden_users order by id limit 1")
    body="{\"user_id\": $user, \"body\": \"a note written by the XA benchmark, about the length of a real one\"}"
    spec="POST http://localhost:$PORT/admin-api/userNotes|Content-Type: application/json|Cookie: warden_session=$cookie|body=$body"
    java bench/HttpLoad.java "$CONC" "$DUR" "$spec" >/dev/null # warm-up (JIT, pools)
    w=$(java bench/HttpLoad.java "$CONC" "$DUR" "$spec")
    l=$(java bench/HttpLoad.java "$CONC" "$DUR" "http://localhost:$PORT/admin-api/users?_start=0&_end=25|Cookie: warden_session=$cookie")
    echo "$type: writes $w" >&2
    echo "$type: list   $l" >&2
    "$wlp/bin/server" stop "$name" >/dev/null
    echo "$(echo "$w" | sed -n 's/.*rps=\([0-9.]*\).*/\1/p') $(echo "$w" | sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p') $(echo "$l" | sed -n 's/.*rps=\([0-9.]*\).*/\1/p') $(echo "$l" | sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p') $(echo "$l" | sed -n 's/.*p95_ms=\([0-9.]*\).*/\1/p') $(cut -d' ' -f1 /proc/loadavg)"
}

xa=javax.sql.XADataSource; local_=javax.sql.ConnectionPoolDataSource
rows=()
for type in $xa $local_ $local_ $xa; do
    rows+=("$type $(measure "$type")")
done
avg() { printf '%s\n' "${rows[@]}" | awk -v t="$1" -v c="$2" '$1 == t {s += $c; n++} END {printf "%.1f", s / n}'; }
TABLE=$(cat <<MD

## XA vs non-XA data source (\`xa-vs-local.sh\`), $(date -u +%F) — Open Liberty, $CONC clients, ${DUR}s per case

${NOTE:+$NOTE

}Machine: $(nproc) cores; one server started four times (ABBA), the data source's type switched by a configDropins
override; audited write = POST /admin-api/userNotes (row + audit row); list = GET /admin-api/users 25 rows.

| start | data source | audited writes/s | write p50 ms | list req/s | list p50 ms | list p95 ms | load average (1 min) after |
| --- | --- | --- | --- | --- | --- | --- | --- |
$(i=0; for r in "${rows[@]}"; do i=$((i + 1)); set -- $r; echo "| $i | ${1#javax.sql.} | $2 | $3 | $4 | $5 | $6 | $7 |"; done)

Means: XADataSource $(avg $xa 2) writes/s, list p50 $(avg $xa 5) ms; ConnectionPoolDataSource $(avg $local_ 2) writes/s, list p50 $(avg $local_ 5) ms.
MD
)
echo "$TABLE"
echo "$TABLE" >>bench/RESULTS.md
