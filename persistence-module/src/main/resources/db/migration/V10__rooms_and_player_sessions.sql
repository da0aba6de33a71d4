-- Live rooms (DESIGN.md section 5b): one row per room a node hosts, refreshed by the node's heartbeat and
-- swept when the node stops heart-beating. The room itself (state, clients) lives in the node's memory.
CREATE TABLE warden_rooms (
    id          text        PRIMARY KEY,
    type        text        NOT NULL,
    node        text        NOT NULL,
    clients     integer     NOT NULL DEFAULT 0,
    locked      boolean     NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    heartbeat   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX warden_rooms_node_idx ON warden_rooms (node);
CREATE INDEX warden_rooms_type_idx ON warden_rooms (type);

-- Player bearer tokens are session rows of kind 'player' (DESIGN.md section 5b).
ALTER TABLE warden_sessions DROP CONSTRAINT warden_sessions_kind_check;
ALTER TABLE warden_sessions ADD CONSTRAINT warden_sessions_kind_check CHECK (kind IN ('http', 'websocket', 'player'));

-- One row per running node (its heartbeat and figures for GET /admin-api/rooms/_nodes).
CREATE TABLE warden_nodes (
    node          text        PRIMARY KEY,
    started_at    timestamptz NOT NULL DEFAULT now(),
    heartbeat     timestamptz NOT NULL DEFAULT now(),
    rooms         integer     NOT NULL DEFAULT 0,
    clients       integer     NOT NULL DEFAULT 0,
    heap_used_mb  integer,
    rss_mb        integer,
    cpu_percent   double precision
);
