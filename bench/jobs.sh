#!/usr/bin/env bash
# Jobs (docs/admin-api.md, "Jobs", "Import"): one Open Liberty server (the run server's installation, a server of its
# own) with the test extension (resource `scores` = game_scores) on its own database, then
#   1. import: ROWS rows of game_scores exported with Warden's own CSV export (GET /_export?format=csv), the table
#      emptied, the file imported back (POST /_import?format=csv&mode=insert): rows/s from the POST until the job is
#      done (streaming, staging, per-row checks, audit rows included), and the JVM heap (jstat -gc: used = S0U + S1U +
#      EU + OU, old = OU) before, the most during, and after a GC.run once the job ended;
#   2. update: a job setting `note` on every row (filter {}): rows/s, and the list and read routes' latency
#      (bench/HttpLoad.java, CONC clients, DUR seconds) idle before the job and while it runs.
# Prints a Markdown section with the load average and appends it to bench/RESULTS.md.
#
# Needs the EAR and a Liberty installation with a server holding the driver (`./run.sh` once, or an IT run), the
# test extension jar (`mvn -B -pl test-extension -am package -DskipTests`), PostgreSQL on 127.0.0.1:5432, and a JDK
# with jstat/jcmd. Usage: ROWS=1000000 PORT=9283 DB=warden_bench_jobs CONC=2 DUR=10 [CHUNK=500] bench/jobs.sh
# (CHUNK sets warden.jobs.chunk-size; without it the shipped default applies).
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-1000000}; PORT=${PORT:-9283}; DB=${DB:-warden_bench_jobs}; CONC=${CONC:-2}; DUR=${DUR:-10}; NOTE=${NOTE:-}
CHUNK=${CHUNK:-}
WLP=${WLP:-ear/target/liberty/wlp}
NAME=warden-jobs-bench
DIR="$WLP/usr/servers/$NAME"
PSQL="psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt"
BASE="http://localhost:$PORT"
WORK=$(mktemp -d)
DRIVER=$(ls -d "$WLP"/usr/servers/*/postgresql 2>/dev/null | grep -v "/$NAME/" | head -n 1)
[ -n "$DRIVER" ] && [ -f ear/target/warden.ear ] || { echo "no Liberty server with the driver, or no EAR: build first (see the header)"; exit 1; }
EXT=$(ls test-extension/target/warden-test-extension-*.jar 2>/dev/null | head -n 1)
[ -n "$EXT" ] || { echo "no test-extension jar: build it first (see the header)"; exit 1; }
if curl -s -o /dev/null "$BASE/"; then echo "port $PORT is taken"; exit 1; fi
trap '"$WLP/bin/server" stop "$NAME" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
. bench/list-lib.sh

$PSQL -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
rm -rf "$DIR"; mkdir -p "$DIR/dropins"
# the run server's configuration (server-config), the driver of a server already made in this installation
cp -r server-config/src/main/liberty/config/. "$DIR/"; cp -r "$DRIVER" "$DIR/"
deploy_with_extension "$WORK" "$DIR/dropins/warden.ear" "$EXT"
cat >"$DIR/server.env" <<ENV
WARDEN_HTTP_PORT=$PORT
WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/$DB
WARDEN_DEMO=false
WARDEN_WARM_UP_SECONDS=0
WARDEN_EGRESS_COPY_AT_STARTUP=false
WARDEN_JOBS_MAX_IMPORT_BYTES=2000000000
WARDEN_JOBS_MAX_ROWS=$ROWS
WARDEN_MFA_REQUIRED_ROLES=none
${CHUNK:+WARDEN_JOBS_CHUNK_SIZE=$CHUNK}
ENV
"$WLP/bin/server" start "$NAME" >/dev/null
for _ in $(seq 1 150); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/health/ready")" = 200 ] && break
    sleep 2
done
PID=$(ss -Hltnp "sport = :$PORT" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2)
load_scores "$DB" "$ROWS"
COOKIE=$(bench_admin_cookie "$DB" "$BASE")
[ -n "$COOKIE" ] || { echo "login failed"; exit 1; }
H="Cookie: warden_session=$COOKIE"

heap_mb() { jstat -gc "$PID" | tail -1 | awk '{printf "%.0f %.0f", ($3 + $4 + $6 + $8) / 1024, $8 / 1024}'; }
gc_heap_mb() { jcmd "$PID" GC.run >/dev/null; sleep 1; heap_mb; }
wait_job() { # wait_job <id>: polls until the job ended, sampling the heap; prints "status processed failed max_used_mb"
    local id=$1 max=0 used status
    while :; do
        status=$(curl -fsS -H "$H" "$BASE/admin-api/_jobs/$id" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["status"], j["processed"], j["failed"])')
        used=$(heap_mb | cut -d' ' -f1); [ "$used" -gt "$max" ] && max=$used
        case "$status" in queued*|running*) sleep 2 ;; *) echo "$status $max"; return ;; esac
    done
}
job_id() { python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'; }

# 1. import of Warden's own export
curl -fsS -H "$H" "$BASE/admin-api/scores/_export?format=csv" -o "$WORK/scores.csv"
exported=$(($(wc -l <"$WORK/scores.csv") - 1)); bytes=$(stat -c %s "$WORK/scores.csv")
$PSQL -d "$DB" -c "TRUNCATE game_scores"
before=$(gc_heap_mb)
start=$(date +%s.%N)
id=$(curl -fsS -H "$H" -H 'Content-Type: text/csv' --data-binary @"$WORK/scores.csv" \
    "$BASE/admin-api/scores/_import?format=csv&mode=insert" | job_id)
staged=$(date +%s.%N)
read -r istatus iprocessed ifailed imax <<<"$(wait_job "$id")"
end=$(date +%s.%N)
after=$(gc_heap_mb)
iload=$(cut -d' ' -f1 /proc/loadavg)
irate=$(awk -v n="$iprocessed" -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", n / (e - s)}')
istage=$(awk -v s="$start" -v e="$staged" 'BEGIN {printf "%.1f", e - s}')
iaudit=$($PSQL -d "$DB" -c "SELECT count(*) FROM warden_admin_audit WHERE action = 'create' AND (payload->>'job_id')::bigint = $id")
echo "import: $istatus $iprocessed rows ($ifailed failed) at $irate rows/s; heap before/max/after $before / $imax / $after MB" >&2

# 2. update job over every row, with the list and read routes idle and during
one=$($PSQL -d "$DB" -c "SELECT id FROM game_scores ORDER BY id OFFSET $((ROWS / 2)) LIMIT 1")
LIST="$BASE/admin-api/scores?_start=0&_end=25&_sort=score&_order=desc|$H"
READ="$BASE/admin-api/scores/$one|$H"
idle_list=$(java bench/HttpLoad.java "$CONC" "$DUR" "$LIST"); idle_read=$(java bench/HttpLoad.java "$CONC" "$DUR" "$READ")
start=$(date +%s.%N)
uid=$(curl -fsS -H "$H" -H 'Content-Type: application/json' \
    -d '{"kind": "update", "filter": {}, "set": {"note": "updated by bench/jobs.sh"}}' \
    "$BASE/admin-api/scores/_jobs" | job_id)
sleep 5
busy_list=$(java bench/HttpLoad.java "$CONC" "$DUR" "$LIST"); busy_read=$(java bench/HttpLoad.java "$CONC" "$DUR" "$READ")
uload=$(cut -d' ' -f1 /proc/loadavg)
read -r ustatus uprocessed ufailed umax <<<"$(wait_job "$uid")"
end=$(date +%s.%N)
urate=$(awk -v n="$uprocessed" -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", n / (e - s)}')
p50() { echo "$1" | sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p'; }
p95() { echo "$1" | sed -n 's/.*p95_ms=\([0-9.]*\).*/\1/p'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}'; }

TABLE=$(cat <<MD

## Jobs: import of Warden's own export and an update job (\`jobs.sh\`), $(date -u +%F) — Open Liberty

${NOTE:+$NOTE

}Machine: $(nproc) cores, shared; \`uptime\` load $(cut -d' ' -f1-3 /proc/loadavg) at the end. $ROWS rows of game_scores
(resource \`scores\`); a chunk of ${CHUNK:-500 (the default)} rows in one transaction with each row's checks and audit row.

| job | rows | status | processed / failed | rows/s (POST to done) | notes |
| --- | --- | --- | --- | --- | --- |
| import (CSV export, $bytes bytes, $exported records) | $ROWS | $istatus | $iprocessed / $ifailed | $irate | staging (the POST) ${istage} s; $iaudit create audit rows with the job id; heap used (MB) before $(echo "$before" | cut -d' ' -f1), most during $imax, after GC $(echo "$after" | cut -d' ' -f1) (old gen before $(echo "$before" | cut -d' ' -f2), after $(echo "$after" | cut -d' ' -f2)); load $iload |
| update (\`set: {note}\`, filter {}) | $ROWS | $ustatus | $uprocessed / $ufailed | $urate | heap most during $umax MB; load $uload |

| route ($CONC clients, ${DUR} s) | idle p50 / p95 ms | during the update job p50 / p95 ms | ratio p50 |
| --- | --- | --- | --- |
| list \`GET /admin-api/scores?_end=25&_sort=score\` | $(p50 "$idle_list") / $(p95 "$idle_list") | $(p50 "$busy_list") / $(p95 "$busy_list") | $(ratio "$(p50 "$busy_list")" "$(p50 "$idle_list")") |
| read \`GET /admin-api/scores/:id\` | $(p50 "$idle_read") / $(p95 "$idle_read") | $(p50 "$busy_read") / $(p95 "$busy_read") | $(ratio "$(p50 "$busy_read")" "$(p50 "$idle_read")") |
MD
)
echo "$TABLE"
echo "$TABLE" >>bench/RESULTS.md
