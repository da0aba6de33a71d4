\set loc random(1, 100)
SELECT instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent FROM warden_metric_samples
WHERE instance_id = ANY (ARRAY(SELECT generate_series((:loc - 1) * 20 + 1, :loc * 20)::bigint))
  AND sampled_at >= date_trunc('minute', now()) - interval '24 hours' AND sampled_at < date_trunc('minute', now()) + interval '1 minute';
