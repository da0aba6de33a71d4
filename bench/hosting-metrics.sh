#!/usr/bin/env bash
# Metrics history queries on a large warden_metric_samples table: the 24-hour minute query and
# the 30-day day query for one location of 20 instances, run exactly as MetricsService runs them, with
#   DAYS days of one-a-minute samples for INSTANCES instances (default 35 x 2,000 = 100.8 million rows), and the
#   same queries on a database holding 1 day of the same instances (for the "within 1.2x of 1 day" target).
#   A third case compares like for like: the day query for a one-day window (resolution=day&from=D&to=D, D = the day
#   before today, UTC), whose answer is 20 rows on both databases (the 30-day query returns 600 rows on 35 days of
#   data against 20 on 1 day, so its ratio measures the answer's size, not the table's).
#
# Usage: bench/hosting-metrics.sh            (env: DAYS, INSTANCES, RUNS, DB, DB1, PGHOST, PGUSER, KEEP=1)
# Needs: psql and pgbench (PostgreSQL client), a PostgreSQL 15 server; creates and (unless KEEP=1) drops the
# databases $DB and $DB1. Disk: about 20 GB for 10^8 rows (checked with df before generating).
set -euo pipefail

DAYS=${DAYS:-35}
INSTANCES=${INSTANCES:-2000}
RUNS=${RUNS:-200}
DB=${DB:-warden_bench_metrics}
DB1=${DB1:-warden_bench_metrics_1day}
export PGHOST=${PGHOST:-127.0.0.1} PGUSER=${PGUSER:-postgres}
HERE=$(cd "$(dirname "$0")" && pwd)
MIG=$HERE/../persistence-module/src/main/resources/db/migration
RESULTS=${RESULTS:-$HERE/RESULTS.md}
OUT=${OUT:-$HERE/results/hosting-metrics-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$OUT"
LOCATIONS=$((INSTANCES / 20))

echo "disk before generating:"; df -h "$(psql -d postgres -Atc 'SHOW data_directory' 2>/dev/null || echo /)" 2>/dev/null || df -h /

. "$HERE/metrics-samples.sh"

setup_db() { # name days
  local name=$1 days=$2
  psql -q -d postgres -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name"
  # the real schema: V1 (helper functions), V2 (hosting tables), V6 (samples, partitions, daily peaks)
  cat "$MIG"/V1__*.sql "$MIG"/V2__*.sql "$MIG"/V6__*.sql | psql -q -v ON_ERROR_STOP=1 -d "$name" >/dev/null
  psql -q -v ON_ERROR_STOP=1 -d "$name" -c "INSERT INTO warden_teams (id, name) VALUES (1, 'bench')"
  metrics_fleet "$name" "$INSTANCES" 1
  local start=$(date +%s)
  # samples cover the last $days x 24 hours up to the current minute (bench/metrics-samples.sh)
  metrics_samples "$name" "$INSTANCES" "date_trunc('minute', now()) - interval '$days days' + interval '1 minute'" \
    "date_trunc('minute', now())"
  psql -At -d "$name" -c "SELECT 'rows: ' || count(*) FROM warden_metric_samples" \
       -c "SELECT 'size: ' || pg_size_pretty(sum(pg_total_relation_size(inhrelid))) FROM pg_inherits WHERE inhparent = 'warden_metric_samples'::regclass"
  echo "  $name generated in $(( $(date +%s) - start )) s"
}

# The service's statements (MetricsService.minuteFigures / dailyPeaks) for a random location of 20 instances.
cat > "$OUT/minute.sql" <<SQL
\set loc random(1, $LOCATIONS)
SELECT instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_samples
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND sampled_at >= date_trunc('minute', now()) - interval '24 hours' AND sampled_at < date_trunc('minute', now()) + interval '1 minute';
SQL
cat > "$OUT/day.sql" <<SQL
\set loc random(1, $LOCATIONS)
SELECT instance_id, day, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_daily_peaks
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND day >= (now() AT TIME ZONE 'UTC')::date - 29 AND day <= (now() AT TIME ZONE 'UTC')::date;
SQL
# MetricsService.dailyPeaks for resolution=day&from=D&to=D: the same statement, from and to bound as parameters
# (pgbench -M prepared sends :from and :to as $2 and $3, as the service binds LocalDate from and to); the 20
# instance ids of a random location as in the other cases.
cat > "$OUT/day1.sql" <<SQL
\set loc random(1, $LOCATIONS)
SELECT instance_id, day, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_daily_peaks
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND day >= :from AND day <= :to;
SQL

measure() { # db query-name [pgbench option ...] -> "p50 p95" in ms
  local db=$1 q=$2; shift 2
  rm -f "$OUT"/pgbench_log.*
  (cd "$OUT" && pgbench -n -M prepared -c 1 -t "$RUNS" "$@" -f "$q.sql" -l --log-prefix="$OUT/pgbench_log" "$db" >/dev/null 2>&1)
  cat "$OUT"/pgbench_log.* | awk '{print $3 / 1000}' | sort -n > "$OUT/$db-$q.ms"
  local n; n=$(wc -l < "$OUT/$db-$q.ms")
  local p50 p95
  p50=$(sed -n "$(( (n + 1) / 2 ))p" "$OUT/$db-$q.ms")
  p95=$(sed -n "$(( (n * 95 + 99) / 100 ))p" "$OUT/$db-$q.ms")
  echo "$p50 $p95"
}

echo "generating $DB: $DAYS days x $INSTANCES instances"
setup_db "$DB" "$DAYS"
echo "generating $DB1: 1 day x $INSTANCES instances"
setup_db "$DB1" 1

# the plans, for the record
psql -d "$DB" -c "EXPLAIN (ANALYZE, BUFFERS) $(sed 1d "$OUT/minute.sql" | sed 's/:loc/7/g')" > "$OUT/plan-minute.txt"
psql -d "$DB" -c "EXPLAIN (ANALYZE, BUFFERS) $(sed 1d "$OUT/day.sql" | sed 's/:loc/7/g')" > "$OUT/plan-day.txt"
# the one-day window: D = yesterday (UTC), a complete day on $DB, the day the 1-day database starts on
D=$(psql -At -d postgres -c "SELECT (now() AT TIME ZONE 'UTC')::date - 1")
DAY1=(-D "from=$D" -D "to=$D")
for db in "$DB" "$DB1"; do
  psql -d "$db" -c "EXPLAIN (ANALYZE, BUFFERS) $(sed 1d "$OUT/day1.sql" | sed "s/:loc/7/g; s/:from/'$D'::date/; s/:to/'$D'::date/")" \
    > "$OUT/plan-day1-$db.txt"
done
ROWS_DAY1=$(psql -At -d "$DB" -c "SELECT count(*) FROM warden_metric_daily_peaks WHERE instance_id BETWEEN 121 AND 140 AND day = '$D'")
ROWS_DAY1_1=$(psql -At -d "$DB1" -c "SELECT count(*) FROM warden_metric_daily_peaks WHERE instance_id BETWEEN 121 AND 140 AND day = '$D'")

read -r m50 m95 < <(measure "$DB" minute)
read -r d50 d95 < <(measure "$DB" day)
read -r m50_1 m95_1 < <(measure "$DB1" minute)
read -r d50_1 d95_1 < <(measure "$DB1" day)
read -r o50 o95 < <(measure "$DB" day1 "${DAY1[@]}")
read -r o50_1 o95_1 < <(measure "$DB1" day1 "${DAY1[@]}")
ROWS=$(psql -At -d "$DB" -c "SELECT count(*) FROM warden_metric_samples")

{
  echo
  echo "## hosting metrics history, $(date -u +%Y-%m-%d) — $ROWS samples ($DAYS days x $INSTANCES instances), location of 20 instances"
  echo
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; PostgreSQL $(psql -At -d postgres -c 'SHOW server_version'); pgbench, 1 client, $RUNS runs per case, a random location each run; the statements MetricsService runs."
  echo
  echo "| query | p50 (ms) | p95 (ms) | target p95 | same query, 1 day of data: p50 / p95 (ms) | ratio p50 / p95 |"
  echo "| --- | --- | --- | --- | --- | --- |"
  echo "| minute, last 24 h (samples) | $m50 | $m95 | 200 | $m50_1 / $m95_1 | $(awk "BEGIN {printf \"%.2fx / %.2fx\", $m50/$m50_1, $m95/$m95_1}") |"
  echo "| day, last 30 days (daily peaks) | $d50 | $d95 | 500 | $d50_1 / $d95_1 | $(awk "BEGIN {printf \"%.2fx / %.2fx\", $d50/$d50_1, $d95/$d95_1}") |"
  echo "| day, one day: from = to = $D (daily peaks; rows for location 7: $ROWS_DAY1 / $ROWS_DAY1_1) | $o50 | $o95 | 500 | $o50_1 / $o95_1 | $(awk "BEGIN {printf \"%.2fx / %.2fx\", $o50/$o50_1, $o95/$o95_1}") |"
} | tee -a "$RESULTS"

rm -f "$OUT"/pgbench_log.*
if [[ "${KEEP:-0}" != 1 ]]; then
  psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "DROP DATABASE IF EXISTS $DB1 WITH (FORCE)"
fi
