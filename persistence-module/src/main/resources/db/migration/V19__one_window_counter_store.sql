-- One fixed-window counter store (docs/decisions/one-window-counter-store.md): the sign-in, password reset, SSO,
-- player sign-in, room creation and agent report limits (V9_1, warden_limit_counters) and the hosting API's rate
-- limits (V8, warden_rate_counters) count in one table through one class, dev.warden.common.WindowCounters.
-- One row per key ('login-email:<email>', 'team:<id>', 'team:<id>:<endpoint>', ...): when its current window
-- started and its hits in it. A window starts at a key's first hit or, for the hosting limits, on the whole minute
-- of the database clock; one INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING counts and checks. UNLOGGED like
-- the hosting counters before it: every API request writes it, and a database crash or fail-over only restarts
-- the windows.
CREATE UNLOGGED TABLE warden_window_counters (
    key               text        PRIMARY KEY,
    window_started_at timestamptz NOT NULL,
    hits              integer     NOT NULL
);
CREATE INDEX warden_window_counters_window_idx ON warden_window_counters (window_started_at);

-- The counts in force move over: every key of the first store, and the current window of each hosting bucket.
INSERT INTO warden_window_counters (key, window_started_at, hits)
SELECT key, window_started_at, hits FROM warden_limit_counters;

INSERT INTO warden_window_counters (key, window_started_at, hits)
SELECT DISTINCT ON (bucket) bucket, window_start, count FROM warden_rate_counters
WHERE window_start > now() - interval '1 minute'
ORDER BY bucket, window_start DESC
ON CONFLICT (key) DO NOTHING;

DROP TABLE warden_rate_counters;
DROP TABLE warden_limit_counters;
