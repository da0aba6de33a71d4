-- Trigram indexes for the list convention's case-insensitive substring filters (`_like`, `_q`) on the
-- built-in text columns: ILIKE '%text%' can use them instead of scanning the table.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX warden_users_email_trgm ON warden_users USING gin (email gin_trgm_ops);
CREATE INDEX warden_users_display_name_trgm ON warden_users USING gin (display_name gin_trgm_ops);
CREATE INDEX warden_configs_key_trgm ON warden_configs USING gin (key gin_trgm_ops);
CREATE INDEX warden_configs_description_trgm ON warden_configs USING gin (description gin_trgm_ops);
CREATE INDEX warden_leaderboards_name_trgm ON warden_leaderboards USING gin (name gin_trgm_ops);
CREATE INDEX warden_analytics_events_name_trgm ON warden_analytics_events USING gin (name gin_trgm_ops);
CREATE INDEX warden_cloud_saves_slot_trgm ON warden_cloud_saves USING gin (slot gin_trgm_ops);
CREATE INDEX warden_user_notes_body_trgm ON warden_user_notes USING gin (body gin_trgm_ops);
CREATE INDEX warden_admin_audit_action_trgm ON warden_admin_audit USING gin (action gin_trgm_ops);
CREATE INDEX warden_admin_audit_target_id_trgm ON warden_admin_audit USING gin (target_id gin_trgm_ops);
