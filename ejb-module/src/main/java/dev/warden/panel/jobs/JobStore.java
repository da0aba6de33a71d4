package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The {@code warden_jobs} rows the jobs API answers from, and the states of each job's items in
 * {@code warden_job_items} while it runs (docs/admin-api.md, "Jobs"; {@link JobStaging} stages them). Every method commits on its own ({@code REQUIRES_NEW}) except
 * {@link #done} and {@link #doneAll}, which join the transaction of the rows they mark (a chunk's), so that a row's
 * change and its item's state commit together. Marking an item also sets the job's heartbeat ({@link JobRecovery}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class JobStore {

    /** Most error rows a job's answer lists. */
    public static final int MAX_ERRORS_SHOWN = 100;

    private static final String COLUMNS = "id, resource, kind, status, params::text, total, processed, failed, "
            + "created_by, created_at, finished_at, execution_id, cancel_requested";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** One job as stored. */
    public record Job(
            long id,
            String resource,
            String kind,
            String status,
            JsonObject params,
            long total,
            long processed,
            long failed,
            long createdBy,
            OffsetDateTime createdAt,
            OffsetDateTime finishedAt,
            Long executionId,
            boolean cancelRequested) {

        /** True once the job ended (done, failed or cancelled). */
        public boolean finished() {
            return !status.equals("queued") && !status.equals("running");
        }
    }

    /** One staged item: its sequence number, the row's {@code _id} (null for an import record) and its data. */
    public record Item(long seq, String rowId, JsonObject data) {}

    /**
     * A new queued job.
     *
     * @return its id
     * @throws ApiException 409 {@code conflict} while another job of the same resource is queued or running
     */
    public long create(String resource, String kind, JsonObject params, long createdBy) {
        try {
            return Sql.with(dataSource, "Creating a job", c -> Sql.first(
                            c,
                            "INSERT INTO warden_jobs (resource, kind, params, created_by) VALUES (?, ?, ?::jsonb, ?) "
                                    + "RETURNING id",
                            rs -> rs.getLong(1),
                            resource,
                            kind,
                            params.toString(),
                            createdBy)
                    .orElseThrow());
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                throw ApiException.conflict("A job of " + resource + " is already queued or running");
            }
            throw e;
        }
    }

    /** Records the batch container's execution of job {@code jobId}. */
    public void execution(long jobId, long executionId) {
        Sql.update(
                dataSource,
                "Recording a job's execution",
                "UPDATE warden_jobs SET execution_id = ? WHERE id = ?",
                executionId,
                jobId);
    }

    /**
     * Marks job {@code jobId} running on {@code node} (its heartbeat now), unless it was cancelled before it started.
     *
     * @return true when it is now running
     */
    public boolean start(long jobId, String node) {
        return Sql.update(
                        dataSource,
                        "Starting a job",
                        "UPDATE warden_jobs SET status = 'running', node = ?, heartbeat_at = now() WHERE id = ? "
                                + "AND status IN ('queued', 'running')",
                        node,
                        jobId)
                > 0;
    }

    /** Ends job {@code jobId} with {@code status} ({@code done}, {@code failed} or {@code cancelled}). */
    public void finish(long jobId, String status) {
        Sql.update(
                dataSource,
                "Ending a job",
                "UPDATE warden_jobs SET status = ?, finished_at = now() WHERE id = ? AND status IN ('queued', 'running')",
                status,
                jobId);
    }

    /** Up to {@code limit} pending items of job {@code jobId} after sequence number {@code afterSeq}, in order. */
    public List<Item> next(long jobId, long afterSeq, int limit) {
        return Sql.list(
                dataSource,
                "Reading a job's items",
                "SELECT seq, row_id, data::text FROM warden_job_items WHERE job_id = ? AND seq > ? AND state = 'pending' "
                        + "ORDER BY seq LIMIT ?",
                rs -> new Item(
                        rs.getLong(1), rs.getString(2), rs.getString(3) == null ? null : object(rs.getString(3))),
                jobId,
                afterSeq,
                limit);
    }

    /** Marks item {@code seq} done and counts it, in the caller's transaction (the one that changed its row). */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void done(long jobId, long seq) {
        Sql.with(dataSource, "Marking a job's item done", c -> {
            Sql.update(c, "UPDATE warden_job_items SET state = 'done' WHERE job_id = ? AND seq = ?", jobId, seq);
            return Sql.update(
                    c, "UPDATE warden_jobs SET processed = processed + 1, heartbeat_at = now() WHERE id = ?", jobId);
        });
    }

    /**
     * Marks the items {@code seqs} done and counts them, in the caller's transaction (the chunk's, which changed their
     * rows): one statement for the items, one for the job (docs/admin-api.md, "Jobs").
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void doneAll(long jobId, List<Long> seqs) {
        if (seqs.isEmpty()) {
            return;
        }
        Sql.with(dataSource, "Marking a job's items done", c -> {
            try (var ps = c.prepareStatement(
                    "UPDATE warden_job_items SET state = 'done' WHERE job_id = ? AND seq = ANY (?)")) {
                ps.setLong(1, jobId);
                ps.setArray(2, c.createArrayOf("bigint", seqs.toArray()));
                ps.executeUpdate();
            }
            return Sql.update(
                    c,
                    "UPDATE warden_jobs SET processed = processed + ?, heartbeat_at = now() WHERE id = ?",
                    seqs.size(),
                    jobId);
        });
    }

    /** Marks item {@code seq} failed with {@code message} and counts it. */
    public void failed(long jobId, long seq, String message) {
        Sql.with(dataSource, "Marking a job's item failed", c -> {
            Sql.update(
                    c,
                    "UPDATE warden_job_items SET state = 'failed', message = ? WHERE job_id = ? AND seq = ?",
                    message,
                    jobId,
                    seq);
            return Sql.update(
                    c,
                    "UPDATE warden_jobs SET processed = processed + 1, failed = failed + 1, heartbeat_at = now() "
                            + "WHERE id = ?",
                    jobId);
        });
    }

    /** Job {@code id}. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Optional<Job> find(long id) {
        return Sql.first(
                dataSource, "Reading a job", "SELECT " + COLUMNS + " FROM warden_jobs WHERE id = ?", JobStore::job, id);
    }

    /** The newest {@code limit} jobs, only those of user {@code createdBy} unless it is null. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public List<Job> list(Long createdBy, int limit) {
        return createdBy == null
                ? Sql.list(
                        dataSource,
                        "Listing jobs",
                        "SELECT " + COLUMNS + " FROM warden_jobs ORDER BY id DESC LIMIT ?",
                        JobStore::job,
                        limit)
                : Sql.list(
                        dataSource,
                        "Listing jobs",
                        "SELECT " + COLUMNS + " FROM warden_jobs WHERE created_by = ? ORDER BY id DESC LIMIT ?",
                        JobStore::job,
                        createdBy,
                        limit);
    }

    /** The first {@value #MAX_ERRORS_SHOWN} error rows of job {@code jobId}: {@code [{row, _id?, column?, message}]}. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public JsonArray errors(long jobId) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Reading a job's errors",
                        "SELECT seq, row_id, message, col FROM warden_job_items WHERE job_id = ? AND state = 'failed' "
                                + "ORDER BY seq LIMIT ?",
                        rs -> {
                            JsonObjectBuilder error = JSON.createObjectBuilder().add("row", rs.getLong(1));
                            if (rs.getString(2) != null) {
                                error.add("_id", rs.getString(2));
                            }
                            if (rs.getString(4) != null) {
                                error.add("column", rs.getString(4));
                            }
                            return error.add("message", rs.getString(3) == null ? "" : rs.getString(3))
                                    .build();
                        },
                        jobId,
                        MAX_ERRORS_SHOWN)
                .forEach(out::add);
        return out.build();
    }

    /** True when cancelling job {@code jobId} was asked for. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public boolean cancelRequested(long jobId) {
        return Sql.first(
                        dataSource,
                        "Reading a job",
                        "SELECT cancel_requested FROM warden_jobs WHERE id = ?",
                        rs -> rs.getBoolean(1),
                        jobId)
                .orElse(true);
    }

    /**
     * Asks job {@code jobId} to stop after its current chunk.
     *
     * @return false when it already ended
     */
    public boolean requestCancel(long jobId) {
        return Sql.update(
                        dataSource,
                        "Cancelling a job",
                        "UPDATE warden_jobs SET cancel_requested = true WHERE id = ? AND status IN ('queued', 'running')",
                        jobId)
                > 0;
    }

    private static Job job(ResultSet rs) throws SQLException {
        long execution = rs.getLong("execution_id");
        Long executionId = rs.wasNull() ? null : execution;
        return new Job(
                rs.getLong("id"),
                rs.getString("resource"),
                rs.getString("kind"),
                rs.getString("status"),
                object(rs.getString(5)),
                rs.getLong("total"),
                rs.getLong("processed"),
                rs.getLong("failed"),
                rs.getLong("created_by"),
                rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("finished_at", OffsetDateTime.class),
                executionId,
                rs.getBoolean("cancel_requested"));
    }

    private static JsonObject object(String text) {
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }
}
