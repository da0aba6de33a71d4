-- Live rooms across nodes (DESIGN.md section 5b, "NOTIFY payloads"): a command or answer too large for a
-- PostgreSQL NOTIFY payload (8,000 bytes) is stored here and the notification carries only its id; the receiving
-- node reads and deletes the row. Rows older than a minute are left-overs of a node that stopped mid-command and
-- are swept by the sender side.
CREATE TABLE warden_room_messages (
    id          text        PRIMARY KEY,
    body        text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
