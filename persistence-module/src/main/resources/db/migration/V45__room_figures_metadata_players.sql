-- Operating live rooms (docs/game-api.md, "Room metadata"; docs/operations.md, "Room figures"): each room row
-- carries the metadata its room code set, its figures as of the node's last heartbeat, and the user ids of its
-- seats (the player search over every node reads them); each node row carries the sum of its rooms' figures.
ALTER TABLE warden_rooms
    ADD COLUMN metadata jsonb    NOT NULL DEFAULT '{}'::jsonb,
    ADD COLUMN figures  jsonb,
    ADD COLUMN user_ids bigint[] NOT NULL DEFAULT '{}';
CREATE INDEX warden_rooms_user_ids_idx ON warden_rooms USING gin (user_ids);
ALTER TABLE warden_nodes ADD COLUMN figures jsonb;
-- The player search matches a display name exactly, case-insensitively.
CREATE INDEX warden_users_display_name_lower_idx ON warden_users (lower(display_name));
