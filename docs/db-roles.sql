-- Warden's database roles (docs/operations.md, "Database roles").
-- Run once, as a superuser, in Warden's database, after creating the two login roles, with the placeholders
-- replaced, e.g.:
--   createuser --pwprompt warden_owner && createuser --pwprompt warden_app
--   sed -e 's/${migration_role}/warden_owner/g' -e 's/${app_role}/warden_app/g' docs/db-roles.sql | psql -d warden
-- Then start Warden with WARDEN_DB_MIGRATION_USER=warden_owner (Flyway: creates and owns every table) and
-- WARDEN_DB_USER=warden_app (the application: reads and writes rows, owns nothing). DatabaseRolesIT runs this file.

-- The migration role creates the schema objects; the application role only uses them.
GRANT USAGE, CREATE ON SCHEMA public TO ${migration_role};
GRANT USAGE ON SCHEMA public TO ${app_role};
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- Every table and sequence the migration role creates from now on (migrations, metric day partitions) is usable
-- by the application role. The audit log's migration takes UPDATE, DELETE and TRUNCATE back (V9_2).
ALTER DEFAULT PRIVILEGES FOR ROLE ${migration_role} IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app_role};
ALTER DEFAULT PRIVILEGES FOR ROLE ${migration_role} IN SCHEMA public
    GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app_role};

-- Tables that exist already (a database Warden migrated before): the same rights, the audit log append-only.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app_role};
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app_role};
DO $$
BEGIN
    IF to_regclass('warden_admin_audit') IS NOT NULL THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON warden_admin_audit FROM ${app_role};
    END IF;
END;
$$;
