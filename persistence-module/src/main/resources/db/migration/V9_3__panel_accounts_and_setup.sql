-- Issue 13, points 2 and 5.
--
-- Panel accounts are explicit: a warden_users row with no warden_roles row is a player, not a panel account
-- (it cannot sign in at /admin-api/auth/login and gets no panel password reset). Role 'user' becomes an
-- explicit grant: a row with role 'user' and no resource. Existing users without a role row are NOT given
-- one: they keep no panel access (docs/operations.md, Upgrade notes).
ALTER TABLE warden_roles DROP CONSTRAINT warden_roles_role_check;
ALTER TABLE warden_roles DROP CONSTRAINT warden_roles_scope_check;
ALTER TABLE warden_roles ADD CONSTRAINT warden_roles_role_check CHECK (role IN ('admin', 'mod', 'user'));
ALTER TABLE warden_roles ADD CONSTRAINT warden_roles_scope_check
    CHECK ((role IN ('admin', 'user') AND resource IS NULL) OR (role = 'mod' AND resource IS NOT NULL));

-- First run: bootstrap needs a one-time setup token (DESIGN.md section 3) and stays closed once any admin
-- has ever existed. One row. token_hash is the SHA-256 (hex) of the token Warden generated at start (null
-- when WARDEN_SETUP_TOKEN is configured or bootstrap is closed); closed_at is set by the trigger below
-- the first time an admin role row appears. Re-opening is an operator's decision (docs/operations.md):
--   UPDATE warden_setup SET closed_at = NULL;   -- then restart Warden for a new setup token
CREATE TABLE warden_setup (
    id          boolean     PRIMARY KEY DEFAULT true CHECK (id),
    token_hash  text,
    closed_at   timestamptz
);
INSERT INTO warden_setup (closed_at)
SELECT CASE WHEN EXISTS (SELECT 1 FROM warden_roles WHERE role = 'admin') THEN now() END;

CREATE FUNCTION warden_setup_close() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE warden_setup SET closed_at = coalesce(closed_at, now()), token_hash = NULL;
    RETURN NEW;
END;
$$;
CREATE TRIGGER warden_roles_close_setup AFTER INSERT OR UPDATE OF role ON warden_roles
    FOR EACH ROW WHEN (NEW.role = 'admin') EXECUTE FUNCTION warden_setup_close();
