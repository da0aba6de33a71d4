\set loc random(1, 100)
SELECT instance_id, day, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_daily_peaks
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND day >= (now() AT TIME ZONE 'UTC')::date - 29 AND day <= (now() AT TIME ZONE 'UTC')::date;
