package dev.warden.panel.jobs;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;
import javax.sql.DataSource;

/**
 * What a job's revert reads of the audit log (docs/admin-api.md, "Jobs", "Revert"): the row entries ({@code create},
 * {@code update}, {@code delete}) whose payload names the job, the rows some later entry changed again (by anyone,
 * through the panel), and the staging of one revert item per entry, newest first. Staging commits on its own
 * ({@code REQUIRES_NEW}), before the revert job starts.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class JobRevertStore {

    /** The row entries a revert undoes. */
    static final String ENTRIES = "FROM warden_admin_audit e WHERE (e.payload ->> 'job_id')::bigint = ? "
            + "AND e.payload ?? 'job_id' AND e.resource = ? AND e.action IN ('create', 'update', 'delete')";

    /** An entry whose row a later entry changed. */
    static final String CHANGED_SINCE = " AND EXISTS (SELECT 1 FROM warden_admin_audit l WHERE l.resource = e.resource "
            + "AND l.target_id = e.target_id AND l.chain_seq > e.chain_seq "
            + "AND l.action IN ('create', 'update', 'delete', 'custom'))";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** A row changed since the job: its {@code _id} and the job's audit entry of it. */
    public record Conflict(String rowId, long auditId) {}

    /** The job's row entries ({@code create}, {@code update}, {@code delete}): their number. */
    public long entries(long jobId, String resource) {
        return Sql.first(
                        dataSource,
                        "Counting a job's audit entries",
                        "SELECT count(*) " + ENTRIES,
                        rs -> rs.getLong(1),
                        jobId,
                        resource)
                .orElse(0L);
    }

    /** The distinct actions of the job's row entries ({@code create}, {@code update}, {@code delete}). */
    public List<String> actions(long jobId, String resource) {
        return Sql.list(
                dataSource,
                "Reading a job's audit actions",
                "SELECT DISTINCT e.action " + ENTRIES,
                rs -> rs.getString(1),
                jobId,
                resource);
    }

    /** The number of the job's rows a later entry changed. */
    public long conflicted(long jobId, String resource) {
        return Sql.first(
                        dataSource,
                        "Counting a job's changed rows",
                        "SELECT count(*) " + ENTRIES + CHANGED_SINCE,
                        rs -> rs.getLong(1),
                        jobId,
                        resource)
                .orElse(0L);
    }

    /** The first {@code limit} of the job's rows a later entry changed, in the job's order. */
    public List<Conflict> conflicts(long jobId, String resource, int limit) {
        return Sql.list(
                dataSource,
                "Reading a job's changed rows",
                "SELECT e.target_id, e.id " + ENTRIES + CHANGED_SINCE + " ORDER BY e.chain_seq LIMIT ?",
                rs -> new Conflict(rs.getString(1), rs.getLong(2)),
                jobId,
                resource,
                limit);
    }

    /**
     * Stages one item of the revert job {@code revertId} per row entry of job {@code jobId}, newest first, each
     * {@code {audit_id}} with the row's {@code _id}, and stores their number as its total.
     *
     * @return the number of items
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long stage(long revertId, long jobId, String resource) {
        return Sql.with(dataSource, "Staging a revert's entries", c -> {
            long staged = Sql.update(
                    c,
                    "INSERT INTO warden_job_items (job_id, seq, row_id, data) SELECT ?, row_number() OVER "
                            + "(ORDER BY e.chain_seq DESC), e.target_id, jsonb_build_object('audit_id', e.id) "
                            + ENTRIES,
                    revertId,
                    jobId,
                    resource);
            Sql.update(c, "UPDATE warden_jobs SET total = ? WHERE id = ?", staged, revertId);
            return staged;
        });
    }
}
