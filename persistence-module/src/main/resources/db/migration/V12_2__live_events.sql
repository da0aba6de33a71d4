-- Live lists (issue 17, point 4; dev.warden.panel.live): a short log of row events, so an SSE client can resume
-- with Last-Event-ID after a reconnect. Each event is also sent to every node with NOTIFY warden_live (payload:
-- "<id>:<action>:<resource>:<row id>", ids only, far under PostgreSQL's 8,000-byte cap). Rows older than
-- warden.live.retention-minutes (default 10) are deleted by the listener of any node.
CREATE TABLE warden_live_events (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at  timestamptz NOT NULL DEFAULT now(),
    resource    text        NOT NULL,
    action      text        NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
    row_id      text        NOT NULL
);
CREATE INDEX warden_live_events_resource_idx ON warden_live_events (resource, id);
CREATE INDEX warden_live_events_created_at_idx ON warden_live_events (created_at);
