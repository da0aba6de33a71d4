-- Fixed-window counters for the limits on unauthenticated and agent paths (issue 13, point 4): sign-in attempts
-- per email and per client address, password reset requests per email and per address, agent reports per
-- instance. One row per key ('login-email:<lower email>', 'login-ip:<address>', 'reset-email:...', 'reset-ip:...',
-- 'agent-report:<instance id>'); a single INSERT ... ON CONFLICT DO UPDATE ... RETURNING counts and checks, so
-- concurrent requests cannot both pass the last free slot. Stale rows are deleted as new windows start.
CREATE TABLE warden_limit_counters (
    key               text        PRIMARY KEY,
    window_started_at timestamptz NOT NULL DEFAULT now(),
    hits              integer     NOT NULL DEFAULT 0
);
CREATE INDEX warden_limit_counters_window_idx ON warden_limit_counters (window_started_at);
