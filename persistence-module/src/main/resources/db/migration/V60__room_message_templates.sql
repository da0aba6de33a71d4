-- Saved message templates per room type (docs/admin-api.md, "Message templates"): admins keep them, operators who
-- may message rooms pick one to fill a message's type and data. Bounds are the service's (name and message type at
-- most 64 characters, data at most 4,096 bytes of JSON, 20 templates per room type); the checks here back them.
CREATE TABLE warden_room_templates (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_type   text        NOT NULL CHECK (length(room_type) BETWEEN 1 AND 64),
    name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    msg_type    text        NOT NULL CHECK (length(msg_type) BETWEEN 1 AND 64),
    data        jsonb       NOT NULL DEFAULT 'null'::jsonb CHECK (octet_length(data::text) <= 16384),
    created_by  bigint,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (room_type, name)
);
