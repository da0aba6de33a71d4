-- Hosting data filled by instance agents and the hourly egress copy (DESIGN.md section 5;
-- spec/hosting-api.md: Current-metrics sample, Metrics history point, Egress, Deploy). Owned by the
-- hostdata team; other code may read and write these tables with native SQL exactly as declared here.

-- One current-metrics sample per instance and sampled_at. Range-partitioned by UTC day, one partition per
-- day named warden_metric_samples_pYYYYMMDD, created ahead by MetricPartitions (and on demand through
-- warden_metric_samples_ensure_partition), dropped once every row in it is older than 35 days.
-- There is no DEFAULT partition: a default partition would have to be scanned (and be empty for that day)
-- each time a day partition is created, so ingestion creates a missing day partition instead.
CREATE TABLE warden_metric_samples (
    instance_id     bigint           NOT NULL REFERENCES warden_instances (id) ON DELETE CASCADE,
    sampled_at      timestamptz      NOT NULL,
    ccu             integer          NOT NULL,
    rooms           integer          NOT NULL,
    cpu_percent     double precision NOT NULL,
    memory_percent  double precision NOT NULL,
    processes       jsonb            NOT NULL DEFAULT '[]',
    -- INCLUDE lets the minute history read the figures from the index alone (index-only scans).
    PRIMARY KEY (instance_id, sampled_at) INCLUDE (ccu, rooms, cpu_percent, memory_percent)
) PARTITION BY RANGE (sampled_at);

-- Each instance's own peak of each UTC day (ccu, rooms, cpu_percent, memory_percent), kept up to date by the
-- trigger below whoever inserts the sample (agent API, tests, bench). The day-resolution history reads these
-- rows (one per instance and day) instead of aggregating 1,440 samples per instance and day.
CREATE TABLE warden_metric_daily_peaks (
    instance_id     bigint           NOT NULL REFERENCES warden_instances (id) ON DELETE CASCADE,
    day             date             NOT NULL,
    ccu             integer          NOT NULL,
    rooms           integer          NOT NULL,
    cpu_percent     double precision NOT NULL,
    memory_percent  double precision NOT NULL,
    PRIMARY KEY (instance_id, day)
);
CREATE INDEX warden_metric_daily_peaks_day_idx ON warden_metric_daily_peaks (day);

CREATE FUNCTION warden_metric_samples_peak() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO warden_metric_daily_peaks AS p (instance_id, day, ccu, rooms, cpu_percent, memory_percent)
    VALUES (NEW.instance_id, (NEW.sampled_at AT TIME ZONE 'UTC')::date, NEW.ccu, NEW.rooms, NEW.cpu_percent,
            NEW.memory_percent)
    ON CONFLICT (instance_id, day) DO UPDATE SET
        ccu = GREATEST(p.ccu, EXCLUDED.ccu),
        rooms = GREATEST(p.rooms, EXCLUDED.rooms),
        cpu_percent = GREATEST(p.cpu_percent, EXCLUDED.cpu_percent),
        memory_percent = GREATEST(p.memory_percent, EXCLUDED.memory_percent)
    WHERE p.ccu < EXCLUDED.ccu OR p.rooms < EXCLUDED.rooms OR p.cpu_percent < EXCLUDED.cpu_percent
       OR p.memory_percent < EXCLUDED.memory_percent;
    RETURN NULL;
END;
$$;
CREATE TRIGGER warden_metric_samples_peak AFTER INSERT ON warden_metric_samples
    FOR EACH ROW EXECUTE FUNCTION warden_metric_samples_peak();

-- Creates the partition of UTC day p_day unless it exists; true when it created it. Serialised by an
-- advisory lock so two nodes (or the maintenance job and an agent report) never race on the DDL.
CREATE FUNCTION warden_metric_samples_ensure_partition(p_day date) RETURNS boolean
    LANGUAGE plpgsql AS $$
DECLARE
    part text := 'warden_metric_samples_p' || to_char(p_day, 'YYYYMMDD');
BEGIN
    IF to_regclass(part) IS NOT NULL THEN
        RETURN false;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('warden_metric_samples_partitions'));
    IF to_regclass(part) IS NOT NULL THEN
        RETURN false;
    END IF;
    EXECUTE format('CREATE TABLE %I PARTITION OF warden_metric_samples FOR VALUES FROM (%L) TO (%L)',
                   part, (p_day::timestamp AT TIME ZONE 'UTC'), ((p_day + 1)::timestamp AT TIME ZONE 'UTC'));
    RETURN true;
END;
$$;

-- The retention window and a week ahead exist from the first start.
SELECT warden_metric_samples_ensure_partition(d::date)
FROM generate_series((now() AT TIME ZONE 'UTC')::date - 35, (now() AT TIME ZONE 'UTC')::date + 7, interval '1 day') AS d;

-- Egress per instance and UTC day, copied hourly from the infrastructure provider (upsert on the key;
-- collected_at = time of the copy). Kept 35 days.
CREATE TABLE warden_egress_days (
    instance_id     bigint      NOT NULL REFERENCES warden_instances (id) ON DELETE CASCADE,
    day             date        NOT NULL,
    outgoing_bytes  bigint      NOT NULL,
    incoming_bytes  bigint      NOT NULL,
    collected_at    timestamptz NOT NULL,
    PRIMARY KEY (instance_id, day),
    CONSTRAINT warden_egress_days_bytes_check CHECK (outgoing_bytes >= 0 AND incoming_bytes >= 0)
);
CREATE INDEX warden_egress_days_day_idx ON warden_egress_days (day);

-- Deploys of an application. output is appended in chunks by the agent; it is kept 30 days and always for
-- the application's 10 most recent deploys. Deploys older than a year are deleted.
CREATE TABLE warden_deploys (
    id              bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    application_id  bigint      NOT NULL REFERENCES warden_applications (id) ON DELETE CASCADE,
    status          text        NOT NULL,
    branch          text        NOT NULL,
    commit          text,
    message         text,
    output          text,
    started_at      timestamptz NOT NULL,
    finished_at     timestamptz,
    CONSTRAINT warden_deploys_status_check CHECK (status IN ('none', 'enqueued', 'deploying', 'deployed', 'failed'))
);
CREATE INDEX warden_deploys_application_started_idx ON warden_deploys (application_id, started_at DESC, id DESC);
CREATE INDEX warden_deploys_started_at_idx ON warden_deploys (started_at);
