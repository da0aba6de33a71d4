package dev.warden.panel.audit;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;

/**
 * The append-only audit log {@code warden_admin_audit} (docs/admin-api.md, "Audit entry record" and "Audit recording from own code" and "Events" rules 1 and 2):
 * {@code audit.record}, {@code audit.recordUpdate} and
 * {@code audit.prune}.
 *
 * <p>Writes run in their own transaction ({@code REQUIRES_NEW}): a failed audit write never rolls back the
 * caller's mutation, and an audit row survives a caller whose transaction rolls back (a failed login's
 * {@code auth.login_failed}). Writes throw {@link AuditWriteException} on failure ("Throws on failure"). Warden's own
 * code records through {@link AuditTrail}, whose {@link AuditWriter} calls {@link #record} after the caller's
 * transaction committed and logs a failure without propagating it (rule 1).
 *
 * <p>Every payload is passed through {@link AuditPayloads#scrub} first, so no password, hash, token or secret
 * is ever stored. Rows are never updated (a database trigger refuses UPDATE); they leave only through
 * {@link #prune}.
 */
@Stateless
public class AuditLog {

    static final String INSERT = "INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) "
            + "VALUES (?, ?, ?, ?, CAST(? AS jsonb)) RETURNING id";

    /**
     * A chunk's entries in one statement, in the arrays' order (the chain trigger links each row as it is inserted, in
     * that order): operator ids, actions, resources, target ids, payloads as JSON text.
     */
    static final String INSERT_ALL =
            "INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) "
                    + "SELECT e.operator_id, e.action, e.resource, e.target_id, CAST(e.payload AS jsonb) "
                    + "FROM unnest(CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), "
                    + "CAST(? AS text[])) WITH ORDINALITY AS e(operator_id, action, resource, target_id, payload, n) "
                    + "ORDER BY e.n";

    /**
     * The one sanctioned DELETE, through the SQL function {@code warden_admin_audit_prune} (migration V9_2): it runs
     * as the table's owner and sets {@code warden.audit_prune} for its own DELETE, which the table's delete guard
     * (migration V5) requires; an application role without DELETE on the table can prune only this way.
     */
    static final String PRUNE = "SELECT warden_admin_audit_prune(?)";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    Event<Recording> recording;

    /**
     * Writes {@code entry} and what the observers of {@link Recording} add (the webhooks' outbox rows) in one new
     * transaction, one commit for both (docs/decisions/webhooks-outbox-in-the-audit-transaction.md): the observers
     * first, so the audit chain's head is locked for the entry's insert and the commit only.
     *
     * @param change the entry's row event, or null
     * @return the new row's id
     * @throws RuntimeException when either write fails: nothing was written
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long record(AuditRecord entry, RowChange change) {
        recording.fire(new Recording(List.of(new Recorded(entry, change))));
        return record(entry);
    }

    /**
     * Writes the entries of a job's chunk in the caller's transaction (docs/admin-api.md, "Jobs": one transaction per
     * chunk): the observers of {@link Recording} first (the webhooks' outbox, as {@link #record(AuditRecord,
     * RowChange)}), then every row in one {@code INSERT ... SELECT FROM unnest(...)} in the entries' order; the hash chain links each row on insert
     * as for a single entry.
     *
     * @throws AuditWriteException when the rows cannot be written (the caller's transaction must roll back)
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void recordAll(List<Recorded> entries) {
        if (entries.isEmpty()) {
            return;
        }
        recording.fire(new Recording(entries));
        int n = entries.size();
        Long[] operators = new Long[n];
        String[] actions = new String[n];
        String[] resources = new String[n];
        String[] targets = new String[n];
        String[] payloads = new String[n];
        for (int i = 0; i < n; i++) {
            AuditRecord entry = entries.get(i).entry();
            JsonValue payload = AuditPayloads.scrub(entry.payload());
            operators[i] = entry.operatorId();
            actions[i] = entry.action();
            resources[i] = entry.resource();
            targets[i] = entry.targetId();
            payloads[i] = payload == null ? null : payload.toString();
        }
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement(INSERT_ALL)) {
            insert.setArray(1, connection.createArrayOf("bigint", operators));
            insert.setArray(2, connection.createArrayOf("text", actions));
            insert.setArray(3, connection.createArrayOf("text", resources));
            insert.setArray(4, connection.createArrayOf("text", targets));
            insert.setArray(5, connection.createArrayOf("text", payloads));
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new AuditWriteException(
                    "Writing " + n + " audit entries of a job's chunk failed: " + e.getMessage(), e);
        }
    }

    /**
     * {@code audit.record}: writes one audit row in a new transaction (the requirements: "Writes one audit row. Throws on
     * failure."). Secret keys are removed from the payload first.
     *
     * @return the new row's id
     * @throws AuditWriteException when the row cannot be written
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long record(AuditRecord entry) {
        JsonValue payload = AuditPayloads.scrub(entry.payload());
        try (Connection connection = dataSource.getConnection()) {
            return Sql.first(
                            connection,
                            INSERT,
                            rs -> rs.getLong(1),
                            entry.operatorId(),
                            entry.action(),
                            entry.resource(),
                            entry.targetId(),
                            payload == null ? null : payload.toString())
                    .orElseThrow();
        } catch (SQLException e) {
            throw new AuditWriteException(
                    "Writing the audit entry " + entry.action() + " on " + entry.resource() + " failed: "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * {@code audit.recordUpdate}: writes an {@code update} row whose payload is the column-level diff
     * {@code {changes: {<column>: {before, after}}}} of the changed columns only ({@code _id}, {@code _labels}
     * and {@code updated_at} ignored; docs/admin-api.md, "Events"), in a new transaction.
     *
     * @param before the row before the update (as a read shows it)
     * @param after  the row after the update
     * @return the new row's id
     * @throws AuditWriteException when the row cannot be written
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long recordUpdate(Long operatorId, String resource, String targetId, JsonObject before, JsonObject after) {
        return record(new AuditRecord(operatorId, "update", resource, targetId, AuditPayloads.changes(before, after)));
    }

    /**
     * {@code audit.prune}: deletes the rows created before {@code before} ("done out of band, not from the
     * panel": no endpoint calls it).
     *
     * @return the number of rows deleted
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public int prune(Instant before) {
        if (before == null) {
            throw new IllegalArgumentException("prune needs a time");
        }
        try (Connection connection = dataSource.getConnection()) {
            return Math.toIntExact(
                    Sql.first(connection, PRUNE, rs -> rs.getLong(1), before).orElseThrow());
        } catch (SQLException e) {
            throw new AuditWriteException("Pruning the audit log before " + before + " failed: " + e.getMessage(), e);
        }
    }
}
