#!/usr/bin/env bash
# Warden beside Directus 10 on the same PostgreSQL database and the same ROWS-row (default 1,000,000) table
# game_scores: requests per second with wrk at concurrency CONC for DUR seconds per case, ROUNDS rounds, the servers
# interleaved case by case (Warden, Directus without a total, Directus with meta=filter_count), then each Warden case's
# page statement alone (no count, the labels included) with pgbench at the same concurrency. Prints a Markdown table
# and appends it, with the load average, to bench/RESULTS.md.
#
# Directus 10 is installed from npm into bench/peer/directus (git-ignored) on the first run (Node 20 and npm needed);
# it keeps its own tables (directus_*) in the same database and serves game_scores as an unmanaged collection to its
# admin (static token). Warden runs on Open Liberty with the test extension (resource `scores`), as list-latency.sh.
#
# Needs: a build (./run.sh once), PostgreSQL on 127.0.0.1:5432 (user postgres, no password), wrk, pgbench, python3.
# Usage: bench/peer-directus.sh   (ROWS, CONC=4, DUR=10, ROUNDS=2, PORT=9480 (Warden), DIRECTUS_PORT=9485, DB=warden_bench,
#        WARM_UP=20: Warden's start-up warm-up in seconds; FIRST=1 measures the first DUR seconds after readiness too)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-1000000}; CONC=${CONC:-4}; DUR=${DUR:-10}; ROUNDS=${ROUNDS:-2}; PORT=${PORT:-9480}
DIRECTUS_PORT=${DIRECTUS_PORT:-9485}; DB=${DB:-warden_bench}
WLP=ear/target/liberty/wlp
PSQL="psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt"
BASE="http://localhost:$PORT"; DBASE="http://127.0.0.1:$DIRECTUS_PORT"
PEER=bench/peer/directus
WORK=$(mktemp -d)
DIRECTUS_PID=
stop_all() {
    [ -z "$DIRECTUS_PID" ] || kill "$DIRECTUS_PID" 2>/dev/null || true
    WARDEN_HTTP_PORT=$PORT "$WLP/bin/server" stop warden >/dev/null 2>&1 || true
}
trap 'stop_all; rm -rf "$WORK"' EXIT

command -v wrk >/dev/null || { apt-get install -y -q wrk >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }; }
[ -x "$WLP/bin/server" ] || { echo "no Liberty server: run ./run.sh once (or liberty:create liberty:deploy)"; exit 1; }
EXT=$(ls test-extension/target/warden-test-extension-*.jar 2>/dev/null | head -n 1)
[ -n "$EXT" ] || { echo "no test-extension jar: build first"; exit 1; }

# Directus 10 from npm, once
if [ ! -x "$PEER/node_modules/.bin/directus" ]; then
    mkdir -p "$PEER"
    [ -f "$PEER/package.json" ] || echo '{"name": "warden-peer-directus", "private": true}' >"$PEER/package.json"
    (cd "$PEER" && npm install --no-audit --no-fund directus@10 pg >/dev/null)
fi
DIRECTUS_VERSION=$(node -p "require('./$PEER/node_modules/directus/package.json').version")

# Warden with the test extension (the table game_scores as the resource `scores`)
DROPIN="$WLP/usr/servers/warden/dropins/warden.ear"
. bench/list-lib.sh
deploy_with_extension "$WORK" "$DROPIN" "$EXT"
trap 'stop_all; cp ear/target/warden.ear "$DROPIN"; rm -rf "$WORK"' EXIT
$PSQL -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 || $PSQL -d postgres -c "CREATE DATABASE $DB"
export WARDEN_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" WARDEN_HTTP_PORT=$PORT WARDEN_DEMO=false WARDEN_MFA_REQUIRED_ROLES=none WARDEN_WARM_UP_SECONDS=${WARM_UP:-20}
"$WLP/bin/server" stop warden >/dev/null 2>&1 || true
started=$(date +%s%N)
"$WLP/bin/server" start warden >/dev/null
waited=0
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/health/ready")" = 200 ]; do
    sleep 1; waited=$((waited + 1))
    [ "$waited" -lt 300 ] || { echo "no readiness after 300 s"; tail -n 30 "$WLP/usr/servers/warden/logs/messages.log"; exit 1; }
done
ready_s=$(( ($(date +%s%N) - started) / 1000000000 ))
echo "Warden ready on $BASE (database $DB) ${ready_s} s after its start"

load_scores "$DB" "$ROWS"
COOKIE=$(bench_admin_cookie "$DB" "$BASE")
[ -n "$COOKIE" ] || { echo "Warden login failed"; exit 1; }

# Directus on the same database: its system tables once (bootstrap), an admin with a static token
TOKEN=warden-peer-bench-token
export DB_CLIENT=pg DB_HOST=127.0.0.1 DB_PORT=5432 DB_DATABASE="$DB" DB_USER=postgres DB_PASSWORD=
export KEY=warden-peer-key SECRET=warden-peer-secret HOST=127.0.0.1
export ADMIN_EMAIL=peer-admin@example.com ADMIN_PASSWORD=peer-password-123 ADMIN_TOKEN=$TOKEN
export CACHE_ENABLED=false RATE_LIMITER_ENABLED=false TELEMETRY=false LOG_LEVEL=warn DB_EXCLUDE_TABLES=spatial_ref_sys
(cd "$PEER" && PORT=$DIRECTUS_PORT node_modules/.bin/directus bootstrap >"$WORK/directus-bootstrap.log" 2>&1) \
    || { echo "directus bootstrap failed:"; tail -n 20 "$WORK/directus-bootstrap.log"; exit 1; }
(cd "$PEER" && PORT=$DIRECTUS_PORT exec node_modules/.bin/directus start >"$WORK/directus.log" 2>&1) &
DIRECTUS_PID=$!
waited=0
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$DBASE/server/health")" = 200 ]; do
    sleep 1; waited=$((waited + 1))
    [ "$waited" -lt 120 ] || { echo "Directus not up after 120 s:"; tail -n 30 "$WORK/directus.log"; exit 1; }
done
AUTH="Authorization: Bearer $TOKEN"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "$AUTH" "$DBASE/items/game_scores?limit=1")" = 200 ] \
    || { echo "Directus does not serve game_scores:"; curl -s -H "$AUTH" "$DBASE/items/game_scores?limit=1"; exit 1; }
echo "Directus $DIRECTUS_VERSION up on $DBASE"

ONE=$($PSQL -d "$DB" -c "SELECT id FROM game_scores ORDER BY id OFFSET 500000 LIMIT 1")
# The page statement of each Warden case, without a count (what a list runs once the count is estimated or planned
# out: dev.warden.panel.crud.PageStatement), the labels of both foreign keys included
COLS='"id", "user_id", "season", "score", "note", "tournament_id"'
P_ROW='p."id", p."user_id", p."season", p."score", p."note", p."tournament_id", (SELECT l."display_name"::text FROM "warden_users" AS l WHERE l."id" = p."user_id"), (SELECT l."name"::text FROM "game_tournaments" AS l WHERE l."id" = p."tournament_id")'
page() { # WHERE ORDER-inner ORDER-outer OFFSET
    echo "SELECT c.\"_warden_total\", $P_ROW FROM (SELECT NULL::bigint AS \"_warden_total\") AS c LEFT JOIN (SELECT $COLS FROM \"game_scores\"$1$2 LIMIT 25 OFFSET $4) AS p ON TRUE$3;"
}
LIKE=" WHERE \"note\" ILIKE '%speed%' ESCAPE '\\'"; GTE=' WHERE "user_id" >= 1'
BY_SCORE=' ORDER BY "score" DESC, "id" ASC'; BY_SCORE_P=' ORDER BY p."score" DESC, p."id" ASC'
BY_ID=' ORDER BY "id" ASC'; BY_ID_P=' ORDER BY p."id" ASC'
BY_USER=' ORDER BY "user_id" DESC, "score" DESC, "id" ASC'; BY_USER_P=' ORDER BY p."user_id" DESC, p."score" DESC, p."id" ASC'
READ="SELECT $P_ROW FROM \"game_scores\" AS p WHERE p.\"id\" = $ONE;"
# name | Warden path | Directus path (no total; "-" for none) | the page statement alone
CASES=(
"first page by score|/admin-api/scores?_start=0&_end=25&_sort=score&_order=desc|/items/game_scores?limit=25&sort=-score,id|$(page "" "$BY_SCORE" "$BY_SCORE_P" 0)"
"deep page (offset 100,000)|/admin-api/scores?_start=100000&_end=100025&_sort=id&_order=asc|/items/game_scores?limit=25&offset=100000&sort=id|$(page "" "$BY_ID" "$BY_ID_P" 100000)"
"substring search on note, by score|/admin-api/scores?_start=0&_end=25&note_like=speed&_sort=score&_order=desc|/items/game_scores?limit=25&sort=-score,id&filter%5Bnote%5D%5B_icontains%5D=speed|$(page "$LIKE" "$BY_SCORE" "$BY_SCORE_P" 0)"
"filter + two-column sort|/admin-api/scores?_start=0&_end=25&user_id_gte=1&_sort=user_id,score&_order=desc,desc|/items/game_scores?limit=25&sort=-user_id,-score,id&filter%5Buser_id%5D%5B_gte%5D=1|$(page "$GTE" "$BY_USER" "$BY_USER_P" 0)"
"read one row|/admin-api/scores/$ONE|/items/game_scores/$ONE|$READ"
)
rps() { awk '/^Requests\/sec/ {printf "%.0f", $2}' "$1"; }
p50() { awk '/^ +50%/ {v=$2; if (v ~ /ms$/) {sub(/ms/,"",v); printf "%.1f", v} else if (v ~ /us$/) {sub(/us/,"",v); printf "%.2f", v/1000} else {sub(/s/,"",v); printf "%.0f", v*1000}}' "$1"; }
non2xx() { awk '/Non-2xx/ {print $NF}' "$1"; }
run_wrk() { # out header url
    wrk -t"$(( CONC < 2 ? CONC : 2 ))" -c"$CONC" -d"${DUR}s" --latency -H "$2" "$3" >"$1"
    local bad; bad=$(non2xx "$1"); [ -z "$bad" ] || echo "  ($bad non-2xx answers from $3)"
}
declare -A W D DC S
for round in $(seq 1 "$ROUNDS"); do
    for case in "${CASES[@]}"; do
        IFS='|' read -r name wpath dpath sql <<<"$case"
        run_wrk "$WORK/w" "Cookie: warden_session=$COOKIE" "$BASE$wpath"
        run_wrk "$WORK/d" "$AUTH" "$DBASE$dpath"
        W[$name]+="$(rps "$WORK/w") ($(p50 "$WORK/w") ms), "
        D[$name]+="$(rps "$WORK/d") ($(p50 "$WORK/d") ms), "
        if [[ "$dpath" == /items/game_scores\?* ]]; then
            run_wrk "$WORK/dc" "$AUTH" "$DBASE$dpath&meta=filter_count"
            DC[$name]+="$(rps "$WORK/dc") ($(p50 "$WORK/dc") ms), "
        fi
        echo "round $round, $name: Warden $(rps "$WORK/w")/s, Directus $(rps "$WORK/d")/s${DC[$name]:+, with filter_count $(rps "$WORK/dc")/s}"
    done
done
for case in "${CASES[@]}"; do
    IFS='|' read -r name wpath dpath sql <<<"$case"
    echo "$sql" >"$WORK/case.sql"
    pgbench -h 127.0.0.1 -U postgres -n -M prepared -c "$CONC" -j 2 -T "$DUR" -f "$WORK/case.sql" "$DB" >"$WORK/pgb" 2>&1
    S[$name]=$(awk '/^tps/ {printf "%.0f", $3}' "$WORK/pgb")
    echo "pgbench, $name: ${S[$name]}/s"
done

load=$(cut -d' ' -f1-3 /proc/loadavg)
table="| case | Warden req/s (p50) | Directus, no total | Directus, \`meta=filter_count\` | Warden / Directus no total | Warden / Directus with count | page statement alone, pgbench tx/s | pgbench / Warden (goal: at most 1.3x) |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}'; }
first() { echo "$1" | awk '{print $1}'; }
mean() { echo "$1" | tr ',' '\n' | awk '{if ($1 != "") {s += $1; n++}} END {printf "%.0f", (n ? s / n : 0)}'; }
for case in "${CASES[@]}"; do
    IFS='|' read -r name _ <<<"$case"
    w=$(mean "${W[$name]}"); d=$(mean "${D[$name]}"); dc=$(mean "${DC[$name]:-}")
    wc=$( [ -n "${DC[$name]:-}" ] && echo "$(ratio "$w" "$dc")x" || echo "—")
    table+="| $name | ${W[$name]%, } | ${D[$name]%, } | $(dc="${DC[$name]:-—}"; echo "${dc%, }") | $(ratio "$w" "$d")x | $wc | ${S[$name]} | $(ratio "${S[$name]}" "$w")x |\n"
done
{
    echo
    echo "## Warden beside Directus $DIRECTUS_VERSION, $(date -u '+%Y-%m-%d %H:%M') UTC — $($PSQL -d "$DB" -c "SELECT count(*) FROM game_scores") rows in game_scores, concurrency $CONC, ${DUR}s per case, $ROUNDS rounds interleaved"
    echo
    echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load average at the end $load (shared with other sessions: compare the ratios, measured in the same run, not the absolute figures). Warden on Open Liberty (warm-up ${WARM_UP:-20} s, ready ${ready_s} s after its start), Directus $DIRECTUS_VERSION on Node $(node --version), one PostgreSQL. Requests per second per round, p50 latency in brackets; ratios from the rounds' means. \"Warden / pgbench\" is pgbench's transactions per second over Warden's requests per second (1.00x: as fast as the statement alone)."
    echo
    printf "%b" "$table"
} >>bench/RESULTS.md
echo "appended to bench/RESULTS.md"
printf "%b" "$table"
