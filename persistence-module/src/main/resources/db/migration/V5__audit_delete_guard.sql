-- The audit log is append-only for the application's role too: besides UPDATE (refused since V1), DELETE and
-- TRUNCATE are refused unless the transaction has set warden.audit_prune = 'on', which only AuditLog.prune
-- does (its DELETE sets it for its own transaction). Pruning old rows is the one sanctioned way out.
CREATE FUNCTION warden_admin_audit_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('warden.audit_prune', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'warden_admin_audit is append-only: rows leave only through AuditLog.prune'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
END;
$$;
CREATE TRIGGER warden_admin_audit_no_delete BEFORE DELETE ON warden_admin_audit
    FOR EACH ROW EXECUTE FUNCTION warden_admin_audit_no_delete();
CREATE TRIGGER warden_admin_audit_no_truncate BEFORE TRUNCATE ON warden_admin_audit
    FOR EACH STATEMENT EXECUTE FUNCTION warden_admin_audit_no_delete();
