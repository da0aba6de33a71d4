# Shared by bench/hosting-metrics.sh and bench/hosting-metrics-http.sh (source it; needs psql, PGHOST/PGUSER set):
# the bench fleet and the one-a-minute metrics samples generator.
#
#   metrics_fleet DB INSTANCES TEAM_ID   LOCATIONS = INSTANCES / 20 applications app-1.. (ids 1..), each with one
#                                        location (same id) of 20 instances: location l holds the instance ids
#                                        (l-1)*20+1 .. l*20; all of team TEAM_ID (which must exist)
#   metrics_samples DB INSTANCES LOWER UPPER
#                                        one sample a minute per instance for every minute in [LOWER, UPPER]
#                                        (timestamptz SQL literals or expressions, evaluated once), one UTC day
#                                        (partition) at a time, with the day's daily peaks (upserted, so a later
#                                        call may extend a day); prints a progress line per day
#
# The figures are deterministic functions of (instance, minute): sine waves, as before the split.

# metrics_fleet DB INSTANCES TEAM_ID
metrics_fleet() {
  local db=$1 instances=$2 team=$3
  local locations=$((instances / 20))
  psql -q -v ON_ERROR_STOP=1 -d "$db" <<SQL
INSERT INTO warden_applications (id, team_id, slug, name) SELECT g, $team, 'app-' || g, 'App ' || g FROM generate_series(1, $locations) g;
INSERT INTO warden_locations (id, application_id, region_code, region_city, region_country, status, scale_strategy, plan_vcpus, plan_ram_mb, plan_transfer_gb)
  SELECT g, g, 'fra', 'Frankfurt', 'DE', 'ready', 'horizontal', 2, 4096, 1000 FROM generate_series(1, $locations) g;
-- 20 instances per location: instance ids (l-1)*20+1 .. l*20
INSERT INTO warden_instances (id, location_id, status) SELECT g, (g - 1) / 20 + 1, 'ready' FROM generate_series(1, $instances) g;
SQL
}

# metrics_samples DB INSTANCES LOWER UPPER
metrics_samples() {
  local db=$1 instances=$2 lower upper first last
  # the bounds are fixed once (minutes), so a long generation neither leaves a gap nor overlaps a day
  read -r lower upper first last < <(psql -At -F ' ' -d "$db" -c "SELECT
      to_char(date_trunc('minute', ($3)::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
      to_char(date_trunc('minute', ($4)::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
      ((($3)::timestamptz) AT TIME ZONE 'UTC')::date, ((($4)::timestamptz) AT TIME ZONE 'UTC')::date")
  if [[ "$lower" > "$upper" ]]; then
    echo "  $db: no minute to generate ($lower .. $upper)"
    return 0
  fi
  local start; start=$(date +%s)
  local day days; days=$(psql -At -d "$db" -c "SELECT count(*) FROM generate_series('$first'::date, '$last'::date, interval '1 day')")
  local n=0
  for day in $(psql -At -d "$db" -c "SELECT d::date FROM generate_series('$first'::date, '$last'::date, interval '1 day') d"); do
    n=$((n + 1))
    # every instance each minute, in time order (as agents report); triggers and FK checks off
    # (session_replication_role) for speed; the day's peaks are computed right after, from the whole day
    psql -q -v ON_ERROR_STOP=1 -d "$db" >/dev/null <<SQL
SET session_replication_role = replica;
SELECT warden_metric_samples_ensure_partition('$day'::date);
INSERT INTO warden_metric_samples (instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent)
SELECT i, t, (30 + 25 * sin(extract(epoch FROM t) / 13751 + i))::int, (4 + 3 * sin(extract(epoch FROM t) / 13751 + i))::int,
       round((40 + 30 * sin(extract(epoch FROM t) / 9000 + i))::numeric, 1)::float8, round((50 + 10 * sin(i))::numeric, 1)::float8
FROM generate_series(greatest('$day'::date::timestamp AT TIME ZONE 'UTC', '$lower'::timestamptz),
                     least(('$day'::date + 1)::timestamp AT TIME ZONE 'UTC' - interval '1 minute', '$upper'::timestamptz),
                     interval '1 minute') AS t,
     generate_series(1, $instances) AS i;
INSERT INTO warden_metric_daily_peaks AS p (instance_id, day, ccu, rooms, cpu_percent, memory_percent)
SELECT instance_id, (sampled_at AT TIME ZONE 'UTC')::date, max(ccu), max(rooms), max(cpu_percent), max(memory_percent)
FROM warden_metric_samples WHERE sampled_at >= '$day'::date::timestamp AT TIME ZONE 'UTC'
  AND sampled_at < ('$day'::date + 1)::timestamp AT TIME ZONE 'UTC'
GROUP BY 1, 2
ON CONFLICT (instance_id, day) DO UPDATE SET ccu = EXCLUDED.ccu, rooms = EXCLUDED.rooms,
  cpu_percent = EXCLUDED.cpu_percent, memory_percent = EXCLUDED.memory_percent;
SQL
    echo "  $db: $day loaded (day $n of $days, $(( $(date +%s) - start )) s so far)"
  done
  psql -q -d "$db" -c "VACUUM ANALYZE warden_metric_samples" -c "VACUUM ANALYZE warden_metric_daily_peaks"
  echo "  $db: samples $lower .. $upper generated in $(( $(date +%s) - start )) s"
}
