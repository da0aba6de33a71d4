-- The audit chain (docs/operations.md, "Verifying the audit chain"; the rows' hashes and their encoding unchanged):
-- V12's trigger locked and moved the chain head once per audit row, so a job's chunk of 100 entries, written in one
-- INSERT, locked the head row 100 times and wrote 100 new versions of it. Now the head is locked once per INSERT
-- statement (BEFORE STATEMENT), each row links to the row before it, found by the chain_seq index (the statement's
-- earlier rows are visible to a BEFORE ROW trigger's queries; no other writer inserts while the head is locked), and
-- the head moves once, to the statement's last row (AFTER STATEMENT). The lock is held until the transaction ends, as
-- before, so the writers of every node still form one chain in commit order.

-- Locks the head for the statement's rows (and, as before, until the inserting transaction ends).
CREATE FUNCTION warden_admin_audit_lock_head() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    PERFORM 1 FROM warden_admin_audit_chain WHERE id = 1 FOR UPDATE;
    RETURN NULL;
END;
$$;
ALTER FUNCTION warden_admin_audit_lock_head() SET search_path FROM CURRENT;

-- Links one row: after the statement's previous row, or after the head for its first. Overwrites whatever chain
-- columns the INSERT carried.
CREATE OR REPLACE FUNCTION warden_admin_audit_link() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    prev_seq  bigint;
    prev_hash text;
    last_seq  bigint;
    last_hash text;
BEGIN
    SELECT seq, hash INTO prev_seq, prev_hash FROM warden_admin_audit_chain WHERE id = 1;
    SELECT a.chain_seq, a.hash INTO last_seq, last_hash
        FROM warden_admin_audit a WHERE a.chain_seq > prev_seq ORDER BY a.chain_seq DESC LIMIT 1;
    IF FOUND THEN
        prev_seq := last_seq;
        prev_hash := last_hash;
    END IF;
    NEW.created_at := coalesce(NEW.created_at, now());
    NEW.chain_seq := prev_seq + 1;
    NEW.prev_hash := prev_hash;
    NEW.hash := warden_admin_audit_hash(prev_hash, warden_admin_audit_canonical(NEW.id, NEW.chain_seq,
            NEW.created_at, NEW.operator_id, NEW.action, NEW.resource, NEW.target_id, NEW.payload));
    RETURN NEW;
END;
$$;
-- CREATE OR REPLACE resets the function's settings: the search path again, as V12 set it
ALTER FUNCTION warden_admin_audit_link() SET search_path FROM CURRENT;

-- Moves the head to the statement's last row.
CREATE FUNCTION warden_admin_audit_move_head() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    head_seq bigint;
    last     record;
BEGIN
    SELECT seq INTO head_seq FROM warden_admin_audit_chain WHERE id = 1;
    SELECT a.chain_seq, a.id, a.hash INTO last
        FROM warden_admin_audit a WHERE a.chain_seq > head_seq ORDER BY a.chain_seq DESC LIMIT 1;
    IF FOUND THEN
        UPDATE warden_admin_audit_chain SET seq = last.chain_seq, row_id = last.id, hash = last.hash WHERE id = 1;
    END IF;
    RETURN NULL;
END;
$$;
ALTER FUNCTION warden_admin_audit_move_head() SET search_path FROM CURRENT;

CREATE TRIGGER warden_admin_audit_lock_head BEFORE INSERT ON warden_admin_audit
    FOR EACH STATEMENT EXECUTE FUNCTION warden_admin_audit_lock_head();
CREATE TRIGGER warden_admin_audit_move_head AFTER INSERT ON warden_admin_audit
    FOR EACH STATEMENT EXECUTE FUNCTION warden_admin_audit_move_head();
