#!/usr/bin/env bash
# Metrics history through HTTP: GET /api/v1/applications/{slug}/metrics at minute resolution
# (24 h) and at day resolution (30 days) for one application (one location of 20 instances) over ~10^8 samples
# (35 days x 2,000 instances, 100 applications), p50/p95/p99 from bench/HttpLoad.java, sequential and at
# concurrency CONC, with the hosting rate limits off (WARDEN_HOSTING_LIMITS_ENABLED=false). bench/hosting-metrics.sh
# times the same statements as SQL alone.
#
# The database $DB gets the full schema from Warden's own Flyway migration (the run server is started once on the
# empty database, then stopped), then the bench fleet and the samples from bench/metrics-samples.sh (the generator
# bench/hosting-metrics.sh uses): 20 to 40 minutes and ~17 GB for the defaults. It is kept at the end (KEEP=0 drops
# it), so that REUSE=1 measures again without regenerating: the samples are then topped up to the current minute
# (about a minute per day since the last run; the server drops partitions past the 35-day retention itself).
#
# The response cache stays on, as configured by default (each miss pays the cache lookup and the store), but no
# request can hit it: every request of a run has its own cache key (the key is method + path + normalised query,
# see ResponseCacheFilter). The application cycles over the 100 (app-1, app-2, ...), and
#   minute: to = the last generated minute minus i minutes (i = the request's number in the run), from defaulting to
#           to minus 24 h: a full 24-hour window of data, 1,440 points of 20 instances, each request another window;
#   day:    to = the last generated day with the time of day i seconds after midnight (ignored by the service: day
#           windows start at midnight UTC), from defaulting to 29 days before: the same 30 day points every time.
# The script checks that the URLs of a run are distinct. Warm-up: WARMUP requests of each case first, not counted.
# CACHE=false switches the cache off instead (WARDEN_HOSTING_CACHE_ENABLED, docs/configuration.md): no lookup, no store.
#
# Usage: bench/hosting-metrics-http.sh            (first run: builds nothing, generates the database)
#        REUSE=1 bench/hosting-metrics-http.sh    (measure again on the kept database)
# Env: N (requests per case, 200), CONC (second line's concurrency, 4), WARMUP (20), PORT (9650),
#      DB (warden_bench_metrics_http), DAYS (35), INSTANCES (2000), KEEP (1), REUSE (0), CACHE (true),
#      RESULTS (bench/RESULTS.md).
# Needs: the run server (`mvn -B -pl ear -am package -DskipTests -DskipITs -Prun-server`, or ./run.sh once), psql,
# java 21, curl, pgbench, PostgreSQL on 127.0.0.1:5432 (user postgres, trust).
set -euo pipefail
cd "$(dirname "$0")/.."
DAYS=${DAYS:-35}; INSTANCES=${INSTANCES:-2000}; N=${N:-200}; CONC=${CONC:-4}; WARMUP=${WARMUP:-20}
PORT=${PORT:-9650}; DB=${DB:-warden_bench_metrics_http}; KEEP=${KEEP:-1}; REUSE=${REUSE:-0}; CACHE=${CACHE:-true}
RESULTS=${RESULTS:-bench/RESULTS.md}
export PGHOST=${PGHOST:-127.0.0.1} PGUSER=${PGUSER:-postgres}
WLP=ear/target/liberty/wlp
BASE="http://localhost:$PORT"
LOCATIONS=$((INSTANCES / 20))
WORK=$(mktemp -d /tmp/warden-metrics-http.XXXXXX)
log() { echo "[metrics-http] $*"; }
sql() { psql -q -v ON_ERROR_STOP=1 -At -d "$DB" -c "$1"; }
. bench/metrics-samples.sh

[ -x "$WLP/bin/server" ] && [ -f "$WLP/usr/servers/warden/dropins/warden.ear" -o -f "$WLP/usr/servers/warden/apps/warden.ear" ] \
    || { log "no run server: mvn -B -pl ear -am package -DskipTests -DskipITs -Prun-server (or ./run.sh once)"; exit 1; }
[[ "$DB" == warden_bench_metrics_http* ]] || { log "DB must start with warden_bench_metrics_http"; exit 1; }

server_pid() { cat "$WLP/usr/servers/.pid/warden.pid" 2>/dev/null || true; }
stop_server() {
    WARDEN_HTTP_PORT=$PORT "$WLP/bin/server" stop warden >/dev/null 2>&1 || true
}
start_server() {
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then log "port $PORT is in use"; exit 1; fi
    log "starting the run server on $BASE (database $DB, hosting limits off)"
    WARDEN_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" WARDEN_DB_USER=postgres WARDEN_DB_PASSWORD= \
        WARDEN_HTTP_PORT=$PORT WARDEN_DEMO=false WARDEN_HOSTING_LIMITS_ENABLED=false WARDEN_HOSTING_CACHE_ENABLED=$CACHE \
        "$WLP/bin/server" start warden >/dev/null
    local started; started=$(date +%s)
    until curl -fsS -o /dev/null "$BASE/health/ready" 2>/dev/null; do
        if (( $(date +%s) - started > 900 )); then
            log "not ready after 900 s; the end of messages.log:"
            tail -n 30 "$WLP/usr/servers/warden/logs/messages.log" || true
            exit 1
        fi
        sleep 2
    done
    log "ready after $(( $(date +%s) - started )) s"
}
trap 'stop_server; rm -rf "$WORK"' EXIT

generated=""
exists=$(psql -At -d postgres -c "SELECT count(*) FROM pg_database WHERE datname = '$DB'")
if [ "$REUSE" = 1 ] && [ "$exists" = 1 ]; then
    have=$(sql "SELECT count(*) FROM warden_instances")
    [ "$have" = "$INSTANCES" ] || { log "$DB has $have instances, not $INSTANCES: run without REUSE=1"; exit 1; }
    log "reusing $DB: topping the samples up to the current minute"
    metrics_samples "$DB" "$INSTANCES" "(SELECT max(sampled_at) FROM warden_metric_samples) + interval '1 minute'" \
        "date_trunc('minute', now())"
else
    [ "$REUSE" != 1 ] || log "REUSE=1 but there is no database $DB: generating it"
    log "disk before generating: $(df -h --output=avail "$(psql -At -d postgres -c 'SHOW data_directory')" | tail -1) free"
    psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
    # the full schema, migrated by Warden's Flyway at start-up
    start_server
    stop_server
    [ "$(sql "SELECT count(*) FROM warden_instances")" = 0 ] || { log "the migrated database is not empty"; exit 1; }
    team=$(sql "INSERT INTO warden_teams (name) VALUES ('bench-metrics') RETURNING id")
    metrics_fleet "$DB" "$INSTANCES" "$team"
    log "generating $DAYS days x $INSTANCES instances into $DB (one line per UTC day)"
    gen_started=$(date +%s)
    metrics_samples "$DB" "$INSTANCES" "date_trunc('minute', now()) - interval '$DAYS days' + interval '1 minute'" \
        "date_trunc('minute', now())"
    generated=$(( $(date +%s) - gen_started ))
fi
team=$(sql "SELECT team_id FROM warden_applications WHERE slug = 'app-1'")
rows=$(sql "SELECT sum(c.reltuples)::bigint FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'warden_metric_samples'::regclass")
size=$(sql "SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) FROM pg_inherits WHERE inhparent = 'warden_metric_samples'::regclass")
log "$DB: ~$rows samples, $size"

# a token of the team: only its SHA-256 (hex) is stored (TokenService); its creator must own the team
sql "INSERT INTO warden_users (email, display_name) VALUES ('bench-metrics@example.com', 'Bench Metrics')
     ON CONFLICT (lower(email)) DO NOTHING" >/dev/null
user=$(sql "SELECT id FROM warden_users WHERE lower(email) = 'bench-metrics@example.com'")
sql "INSERT INTO warden_team_members (team_id, user_id, role) VALUES ($team, $user, 'owner')
     ON CONFLICT (team_id, user_id) DO UPDATE SET role = 'owner'" >/dev/null
token="wdn_bench_metrics_http_$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')"
sql "INSERT INTO warden_api_tokens (team_id, created_by, name, token_hash, token_prefix)
     VALUES ($team, $user, 'bench-metrics-http', encode(sha256(convert_to('$token', 'UTF8')), 'hex'), left('$token', 12))" >/dev/null

start_server
sql "DELETE FROM warden_response_cache" >/dev/null

# the anchors: the last generated minute and its day (UTC)
last_epoch=$(sql "SELECT extract(epoch FROM max(sampled_at))::bigint FROM warden_metric_samples")
last_day=$(TZ=UTC printf '%(%Y-%m-%d)T' "$last_epoch")
next=0
urls() { # urls <minute|day> <count> <file>: the next <count> request lines, each with its own cache key
    local kind=$1 count=$2 file=$3 k slug to
    : >"$file"
    for ((k = 0; k < count; k++, next++)); do
        slug="app-$(( next % LOCATIONS + 1 ))"
        if [ "$kind" = minute ]; then
            to=$(TZ=UTC printf '%(%Y-%m-%dT%H:%M:%SZ)T' $(( last_epoch - next * 60 )))
        else
            to="${last_day}T$(TZ=UTC printf '%(%H:%M:%S)T' "$next")Z"
        fi
        echo "$BASE/api/v1/applications/$slug/metrics?resolution=$kind&to=$to|Authorization: Bearer $token" >>"$file"
    done
    cat "$file" >>"$WORK/all"
}
load() { # load <concurrency> <file> -> the HttpLoad line
    java bench/HttpLoad.java "$1" "n=$(wc -l <"$2")" "@$2"
}
field() { sed -E "s/.*$1=([^ ]*).*/\1/" <<<"$2"; }

# the answer's size, once per case (application app-1, same windows as the runs)
sample_size() { # <kind>: sets answer (not in a subshell: urls counts the requests in $next)
    urls "$1" 1 "$WORK/one"
    local url; url=$(cut -d'|' -f1 "$WORK/one")
    curl -sS -o "$WORK/body" -w '%{http_code}' -H "Authorization: Bearer $token" "$url" >"$WORK/status"
    [ "$(cat "$WORK/status")" = 200 ] || { log "$url answered $(cat "$WORK/status"): $(head -c 300 "$WORK/body")"; exit 1; }
    local points; points=$(grep -o '"time"' "$WORK/body" | wc -l)
    answer="$points points, $(( $(wc -c <"$WORK/body") / 1024 )) KiB"
}
sample_size minute; minute_size=$answer
sample_size day; day_size=$answer
log "answers: minute $minute_size; day $day_size"

log "warm-up: $WARMUP requests per case"
for kind in minute day; do urls "$kind" "$WARMUP" "$WORK/warm"; load 1 "$WORK/warm" >/dev/null; done

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A out
for conc in 1 "$CONC"; do
    for kind in minute day; do
        urls "$kind" "$N" "$WORK/$kind-$conc"
        line=$(load "$conc" "$WORK/$kind-$conc")
        log "$kind, concurrency $conc: $line"
        out[$kind-$conc]=$line
    done
done
# the statements alone, for comparison: MetricsService's SELECT for the same kind of window (a random location and
# window offset per run), pgbench with prepared statements, the same concurrency and count
cat >"$WORK/minute.sql" <<SQL
\set loc random(1, $LOCATIONS)
\set to $last_epoch - 60 * random(0, $N)
SELECT instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_samples
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND sampled_at >= to_timestamp(:to) - interval '24 hours' AND sampled_at < to_timestamp(:to) + interval '1 minute';
SQL
cat >"$WORK/day.sql" <<SQL
\set loc random(1, $LOCATIONS)
SELECT instance_id, day, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_daily_peaks
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND day >= '$last_day'::date - 29 AND day <= '$last_day'::date;
SQL
sql_alone() { # <kind> <concurrency> -> "p50 / p95" in ms
    rm -f "$WORK"/pgbench_log.*
    (cd "$WORK" && pgbench -n -M prepared -c "$2" -j "$(( $2 < 2 ? 1 : 2 ))" -t "$(( N / $2 ))" -f "$1.sql" -l \
        --log-prefix="$WORK/pgbench_log" "$DB" >/dev/null 2>&1)
    cat "$WORK"/pgbench_log.* | awk '{print $3 / 1000}' | sort -n >"$WORK/$1-$2.ms"
    local n; n=$(wc -l <"$WORK/$1-$2.ms")
    printf '%.1f / %.1f' "$(sed -n "$(( (n + 1) / 2 ))p" "$WORK/$1-$2.ms")" "$(sed -n "$(( (n * 95 + 99) / 100 ))p" "$WORK/$1-$2.ms")"
}
for conc in 1 "$CONC"; do
    for kind in minute day; do
        out[sql-$kind-$conc]=$(sql_alone "$kind" "$conc")
        log "$kind, concurrency $conc, the SQL alone (p50 / p95 ms): ${out[sql-$kind-$conc]}"
    done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
total=$(wc -l <"$WORK/all"); distinct=$(cut -d'|' -f1 "$WORK/all" | sort -u | wc -l)
[ "$total" = "$distinct" ] || { log "only $distinct distinct URLs of $total: some requests could hit the cache"; exit 1; }

row() { # <kind> <conc> <label> <target>
    local l=${out[$1-$2]} ok
    ok=$(awk -v p="$(field p95_ms "$l")" -v t="$4" 'BEGIN {print (p < t ? "yes" : "no")}')
    echo "| $3 | $2 | $(field requests "$l") | $(field p50_ms "$l") | $(field p95_ms "$l") | $(field p99_ms "$l") | $(field rps "$l") | $4 | $ok | $(sed -E 's/.*statuses=//' <<<"$l") | ${out[sql-$1-$2]} |"
}
gen_note="database reused (REUSE=1, topped up to the current minute)"
cache_note="response cache on (default) with a distinct cache key per request (every request a miss)"
[ "$CACHE" = true ] || cache_note="response cache off (WARDEN_HOSTING_CACHE_ENABLED=$CACHE)"
[ -z "$generated" ] || gen_note="database generated by this run in $generated s"
{
    echo
    echo "## hosting metrics history through HTTP, $(date -u +%Y-%m-%d) — ~$rows samples ($DAYS days x $INSTANCES instances), one application (location of 20 instances)"
    echo
    echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load average $load_before before the runs and $load_after after (1, 5, 15 min); PostgreSQL $(psql -At -d postgres -c 'SHOW server_version'); Open Liberty run server on 127.0.0.1:$PORT, hosting limits off, $cache_note; bench/HttpLoad.java, $N requests per line after $WARMUP warm-up requests per case, the application cycling over the $LOCATIONS; $gen_note; $size of samples."
    echo "Answers: minute $minute_size; day $day_size. Last column: MetricsService's SELECT alone (pgbench, prepared, same concurrency and count, a random location and window; no token check, cache lookup or store, JSON)."
    echo
    echo "| request | concurrency | requests | p50 (ms) | p95 (ms) | p99 (ms) | req/s | target p95 (ms) | met | statuses | SQL alone p50 / p95 (ms) |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    for conc in 1 "$CONC"; do
        row minute "$conc" "minute, 24 h (\`resolution=minute&to=…\`)" 200
        row day "$conc" "day, 30 days (\`resolution=day&to=…\`)" 500
    done
} | tee -a "$RESULTS"
log "appended to $RESULTS"

if [ "$KEEP" = 0 ]; then
    stop_server
    psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
    log "dropped $DB"
else
    log "kept $DB: measure again with REUSE=1 bench/hosting-metrics-http.sh"
fi
