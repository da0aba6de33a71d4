-- A tamper-evident audit log (issue 17, point 3; docs/operations.md, "Verifying the audit chain").
--
-- Every row of warden_admin_audit gets chain_seq (its place in the chain), prev_hash and hash, where
--   hash = hex(SHA-256(utf8(prev_hash || '|' || warden_admin_audit_canonical(row))))
-- and the first row's prev_hash is 64 zeros. They are assigned inside PostgreSQL by a BEFORE INSERT trigger
-- that locks the one chain-head row (warden_admin_audit_chain) until its transaction ends, so writers on
-- every node form one chain in commit order whatever the ids say. The Java verifier
-- (dev.warden.panel.audit.AuditChain) recomputes the same encoding from the raw columns.
--
-- audit.prune removes a prefix of the chain only and keeps a checkpoint row (warden_admin_audit_checkpoints)
-- holding the seq, id and hash of the last pruned row: the chain verifies from there after pruning.

ALTER TABLE warden_admin_audit
    ADD COLUMN chain_seq bigint,
    ADD COLUMN prev_hash text,
    ADD COLUMN hash      text;

-- The head of the chain: the last row's seq, id and hash. The trigger locks and moves it on every insert.
CREATE TABLE warden_admin_audit_chain (
    id      integer PRIMARY KEY CHECK (id = 1),
    seq     bigint  NOT NULL,
    row_id  bigint,
    hash    text    NOT NULL
);

-- One row per prune that removed rows: where the remaining chain starts.
CREATE TABLE warden_admin_audit_checkpoints (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_seq       bigint      NOT NULL,
    last_id        bigint      NOT NULL,
    last_hash      text        NOT NULL,
    rows_pruned    bigint      NOT NULL,
    pruned_before  timestamptz NOT NULL
);

-- The canonical encoding of one row (version 1): each field as <length in characters>:<text>, or '-' for
-- NULL, joined by '|'; created_at as microseconds since the epoch (independent of the session's time zone),
-- payload as jsonb's own text form (keys ordered, whitespace normalised).
CREATE FUNCTION warden_admin_audit_canonical(p_id bigint, p_seq bigint, p_created_at timestamptz,
                                             p_operator_id bigint, p_action text, p_resource text,
                                             p_target_id text, p_payload jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
    SELECT 'v1'
        || '|' || coalesce(length(p_id::text) || ':' || p_id::text, '-')
        || '|' || coalesce(length(p_seq::text) || ':' || p_seq::text, '-')
        || '|' || coalesce(length(((extract(epoch FROM p_created_at) * 1000000)::bigint)::text) || ':'
                           || ((extract(epoch FROM p_created_at) * 1000000)::bigint)::text, '-')
        || '|' || coalesce(length(p_operator_id::text) || ':' || p_operator_id::text, '-')
        || '|' || coalesce(length(p_action) || ':' || p_action, '-')
        || '|' || coalesce(length(p_resource) || ':' || p_resource, '-')
        || '|' || coalesce(length(p_target_id) || ':' || p_target_id, '-')
        || '|' || coalesce(length(p_payload::text) || ':' || p_payload::text, '-')
$$;

CREATE FUNCTION warden_admin_audit_hash(p_prev_hash text, p_canonical text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
    SELECT encode(sha256(convert_to(p_prev_hash || '|' || p_canonical, 'UTF8')), 'hex')
$$;

-- Chain the rows already there, in id order (an upgraded database). The append-only trigger is switched off
-- for this one transaction's backfill; the table is locked by the ALTER TABLE above meanwhile.
ALTER TABLE warden_admin_audit DISABLE TRIGGER warden_admin_audit_append_only;
DO $$
DECLARE
    r    record;
    prev text := repeat('0', 64);
    n    bigint := 0;
    last bigint;
    h    text;
BEGIN
    FOR r IN SELECT * FROM warden_admin_audit ORDER BY id LOOP
        n := n + 1;
        h := warden_admin_audit_hash(prev, warden_admin_audit_canonical(r.id, n, r.created_at, r.operator_id,
                r.action, r.resource, r.target_id, r.payload));
        UPDATE warden_admin_audit SET chain_seq = n, prev_hash = prev, hash = h WHERE id = r.id;
        prev := h;
        last := r.id;
    END LOOP;
    INSERT INTO warden_admin_audit_chain (id, seq, row_id, hash) VALUES (1, n, last, prev);
END;
$$;
ALTER TABLE warden_admin_audit ENABLE TRIGGER warden_admin_audit_append_only;

ALTER TABLE warden_admin_audit
    ALTER COLUMN chain_seq SET NOT NULL,
    ALTER COLUMN prev_hash SET NOT NULL,
    ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX warden_admin_audit_chain_seq_idx ON warden_admin_audit (chain_seq);

-- The trigger: runs as the owner (the application role may not touch the chain head), locks the head row
-- until the inserting transaction ends, and overwrites whatever chain columns the INSERT carried.
CREATE FUNCTION warden_admin_audit_link() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    head record;
BEGIN
    SELECT seq, hash INTO head FROM warden_admin_audit_chain WHERE id = 1 FOR UPDATE;
    NEW.created_at := coalesce(NEW.created_at, now());
    NEW.chain_seq := head.seq + 1;
    NEW.prev_hash := head.hash;
    NEW.hash := warden_admin_audit_hash(head.hash, warden_admin_audit_canonical(NEW.id, NEW.chain_seq,
            NEW.created_at, NEW.operator_id, NEW.action, NEW.resource, NEW.target_id, NEW.payload));
    UPDATE warden_admin_audit_chain SET seq = NEW.chain_seq, row_id = NEW.id, hash = NEW.hash WHERE id = 1;
    RETURN NEW;
END;
$$;
ALTER FUNCTION warden_admin_audit_link() SET search_path FROM CURRENT;
CREATE TRIGGER warden_admin_audit_link BEFORE INSERT ON warden_admin_audit
    FOR EACH ROW EXECUTE FUNCTION warden_admin_audit_link();

-- audit.prune (replaces V9_2's): removes the chain's prefix of rows older than p_before (a row older than
-- p_before that follows a newer one in the chain stays), and records the last removed row as a checkpoint.
-- It holds the chain head meanwhile, so no writer links to a row being removed.
CREATE OR REPLACE FUNCTION warden_admin_audit_prune(p_before timestamptz) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    n         bigint;
    keep_from bigint;
    last      record;
BEGIN
    PERFORM 1 FROM warden_admin_audit_chain WHERE id = 1 FOR UPDATE;
    SELECT min(chain_seq) INTO keep_from FROM warden_admin_audit WHERE created_at >= p_before;
    IF keep_from IS NULL THEN
        SELECT seq + 1 INTO keep_from FROM warden_admin_audit_chain WHERE id = 1;
    END IF;
    SELECT id, chain_seq, hash INTO last FROM warden_admin_audit
        WHERE chain_seq < keep_from ORDER BY chain_seq DESC LIMIT 1;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    PERFORM set_config('warden.audit_prune', 'on', true);
    DELETE FROM warden_admin_audit WHERE chain_seq < keep_from;
    GET DIAGNOSTICS n = ROW_COUNT;
    PERFORM set_config('warden.audit_prune', 'off', true);
    INSERT INTO warden_admin_audit_checkpoints (last_seq, last_id, last_hash, rows_pruned, pruned_before)
        VALUES (last.chain_seq, last.id, last.hash, n, p_before);
    RETURN n;
END;
$$;
ALTER FUNCTION warden_admin_audit_prune(timestamptz) SET search_path FROM CURRENT;

-- The head and the checkpoints change only through the two functions above: whatever default privileges
-- gave other roles, they may read these tables only.
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT DISTINCT grantee, table_name FROM information_schema.role_table_grants
             WHERE table_name IN ('warden_admin_audit_chain', 'warden_admin_audit_checkpoints')
               AND table_schema = current_schema()
               AND privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE') AND grantee <> current_user LOOP
        EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON %I FROM %I', r.table_name, r.grantee);
    END LOOP;
END;
$$;
