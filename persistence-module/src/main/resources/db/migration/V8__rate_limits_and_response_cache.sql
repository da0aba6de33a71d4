-- Hosting API limits and response cache (spec/hosting-api.md, Limits; DESIGN.md section 5: the state lives
-- in PostgreSQL so it is exact with several app-server nodes). All three tables hold short-lived state only
-- (a minute to ten minutes), so they are UNLOGGED: no WAL, and a crash or fail-over merely empties them
-- (budgets restart, caches refill). See docs/decisions.md, "Hosting API limits and cache".

-- Fixed one-minute windows: one row per (bucket, window). bucket is 'team:<id>' (the shared 60/min budget)
-- or 'team:<id>:<endpoint>' (a per-endpoint limit on top). max_count is the limit in force when counted.
CREATE UNLOGGED TABLE warden_rate_counters (
    bucket        text        NOT NULL,
    window_start  timestamptz NOT NULL,
    max_count     integer     NOT NULL,
    count         integer     NOT NULL,
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX warden_rate_counters_window_start_idx ON warden_rate_counters (window_start);

-- One request at a time per slot ('team:<id>:logs:<instance id>'); expires_at frees a slot whose holder died.
CREATE UNLOGGED TABLE warden_rate_inflight (
    slot        text        PRIMARY KEY,
    holder      text        NOT NULL,
    expires_at  timestamptz NOT NULL
);

-- Cached 200 answers per team and request (method, path, normalised query), shared by every node.
CREATE UNLOGGED TABLE warden_response_cache (
    team_id      bigint      NOT NULL REFERENCES warden_teams (id) ON DELETE CASCADE,
    request_key  text        NOT NULL,
    media_type   text        NOT NULL,
    body         text        NOT NULL,
    etag         text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (team_id, request_key)
);
CREATE INDEX warden_response_cache_expires_at_idx ON warden_response_cache (expires_at);
