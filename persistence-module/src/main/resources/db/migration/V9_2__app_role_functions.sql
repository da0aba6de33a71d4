-- Warden can connect as an application role that owns nothing (issue 13, point 6; docs/operations.md, "Database
-- roles"): the few operations that need the owner's rights go through SECURITY DEFINER functions with a fixed
-- search_path, owned by the role that runs the migrations.

-- The one sanctioned way rows leave the audit log (AuditLog.prune): the application role has no DELETE on the
-- table, this function has, and it sets the delete guard's switch (V5) for its own DELETE only.
CREATE FUNCTION warden_admin_audit_prune(p_before timestamptz) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    n bigint;
BEGIN
    PERFORM set_config('warden.audit_prune', 'on', true);
    DELETE FROM warden_admin_audit WHERE created_at < p_before;
    GET DIAGNOSTICS n = ROW_COUNT;
    PERFORM set_config('warden.audit_prune', 'off', true);
    RETURN n;
END;
$$;
ALTER FUNCTION warden_admin_audit_prune(timestamptz) SET search_path FROM CURRENT;

-- Day partitions of warden_metric_samples are created (on demand, by agent reports) and dropped (retention) by
-- the application: creating a partition needs the parent's owner, so both run as the owner.
ALTER FUNCTION warden_metric_samples_ensure_partition(date) SECURITY DEFINER;
ALTER FUNCTION warden_metric_samples_ensure_partition(date) SET search_path FROM CURRENT;

CREATE FUNCTION warden_metric_samples_drop_partition(p_partition text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                   WHERE i.inhparent = 'warden_metric_samples'::regclass AND c.relname = p_partition) THEN
        RETURN false;
    END IF;
    EXECUTE format('DROP TABLE IF EXISTS %I', p_partition);
    RETURN true;
END;
$$;
ALTER FUNCTION warden_metric_samples_drop_partition(text) SET search_path FROM CURRENT;

-- Whatever default privileges gave other roles on the audit table, nobody but its owner may change or remove
-- rows: the application inserts and reads only.
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT DISTINCT grantee FROM information_schema.role_table_grants
             WHERE table_name = 'warden_admin_audit' AND table_schema = current_schema()
               AND privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE') AND grantee <> current_user LOOP
        EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON warden_admin_audit FROM %I', r.grantee);
    END LOOP;
END;
$$;
