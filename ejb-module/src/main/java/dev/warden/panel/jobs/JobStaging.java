package dev.warden.panel.jobs;

import dev.warden.common.sql.Sql;
import dev.warden.panel.crud.ListSql;
import dev.warden.panel.crud.RowAddress;
import dev.warden.panel.registry.ResourceDef;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * A job's items before it runs (docs/admin-api.md, "Jobs"): the rows a filter matches, or an import's records, staged in
 * {@code warden_job_items} with the job's total; and the row lookups that staging and an import's upsert need. Every
 * method commits on its own ({@code REQUIRES_NEW}) except the lookups, which run outside any transaction. The job rows
 * themselves and the items' states while a job runs are {@link JobStore}'s.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class JobStaging {

    /**
     * Fresh statistics once a job's items are staged: without them the planner, counting a few items, reads every
     * pending item of a large job and sorts them for each page the reader asks for ({@link JobStore#next}: 0.7 s a
     * page at 1,000,000 items) instead of walking the key's index (0.5 ms).
     */
    private static final String ANALYZE = "ANALYZE warden_job_items";

    /** A batch of an import's records in one statement: their arrays side by side ({@link #stage}). */
    private static final String STAGE = "INSERT INTO warden_job_items (job_id, seq, data, state, message, col) "
            + "SELECT ?, r.seq, r.data::jsonb, r.state, r.message, r.col "
            + "FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[]) AS r(seq, data, state, message, col)";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * Stages the {@code _id} of every row of {@code resource} that {@code where} matches, in primary-key order, as the
     * items of job {@code jobId}, and stores their number as its total.
     *
     * @return the number of items
     */
    public long stageMatches(long jobId, ResourceDef resource, ListSql where) {
        String sql = "INSERT INTO warden_job_items (job_id, seq, row_id) SELECT ?, row_number() OVER (ORDER BY "
                + keyList(resource) + "), " + idExpression(resource) + " FROM " + Sql.quote(resource.table())
                + where.where();
        List<Object> params = new ArrayList<>();
        params.add(jobId);
        params.addAll(where.params());
        return Sql.with(dataSource, "Staging a job's rows", c -> {
            long staged = Sql.update(c, sql, params.toArray());
            Sql.update(c, "UPDATE warden_jobs SET total = ? WHERE id = ?", staged, jobId);
            Sql.update(c, ANALYZE);
            return staged;
        });
    }

    /**
     * Stages records of an import as items of job {@code jobId}: each item's {@code data} is the record's values
     * for a record to write, or the item is failed with its message for a record that could not be read; the batch in
     * one statement (the records' fields as arrays, {@code unnest}), with the job's heartbeat.
     */
    public void stage(long jobId, List<Staged> records) {
        if (records.isEmpty()) {
            return;
        }
        int n = records.size();
        Long[] seqs = new Long[n];
        String[] data = new String[n];
        String[] states = new String[n];
        String[] messages = new String[n];
        String[] columns = new String[n];
        for (int i = 0; i < n; i++) {
            Staged record = records.get(i);
            seqs[i] = record.seq();
            data[i] = record.values() == null ? null : record.values().toString();
            states[i] = record.error() == null ? "pending" : "failed";
            messages[i] = record.error();
            columns[i] = record.column();
        }
        Sql.with(dataSource, "Staging an import's records", c -> {
            try (var ps = c.prepareStatement(STAGE)) {
                ps.setLong(1, jobId);
                ps.setArray(2, c.createArrayOf("bigint", seqs));
                ps.setArray(3, c.createArrayOf("text", data));
                ps.setArray(4, c.createArrayOf("text", states));
                ps.setArray(5, c.createArrayOf("text", messages));
                ps.setArray(6, c.createArrayOf("text", columns));
                ps.executeUpdate();
            }
            return Sql.update(c, "UPDATE warden_jobs SET heartbeat_at = now() WHERE id = ?", jobId);
        });
    }

    /** One record to stage: its position from 1, its values, or the reason it cannot be written. */
    public record Staged(long seq, JsonObject values, String column, String error) {}

    /** Sets job {@code jobId}'s total, and its counts from the items already failed at staging. */
    public void staged(long jobId, long total) {
        Sql.update(
                dataSource,
                "Counting an import's records",
                "UPDATE warden_jobs SET total = ?, processed = (SELECT count(*) FROM warden_job_items WHERE job_id = ? "
                        + "AND state = 'failed'), failed = (SELECT count(*) FROM warden_job_items WHERE job_id = ? "
                        + "AND state = 'failed') WHERE id = ?",
                total,
                jobId,
                jobId,
                jobId);
        Sql.update(dataSource, "Analysing a job's items", ANALYZE);
    }

    /** Deletes job {@code jobId} and its items (an import refused while it was being staged). */
    public void discard(long jobId) {
        Sql.update(dataSource, "Discarding a job", "DELETE FROM warden_jobs WHERE id = ?", jobId);
    }

    /**
     * True when {@code resource} has a row with the primary-key values {@code key}, in key order; in the caller's
     * transaction (a job's chunk), as {@link #existing}, so a row the chunk itself created counts.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public boolean exists(ResourceDef resource, List<Object> key) {
        String where =
                resource.primaryKey().stream().map(k -> Sql.quote(k) + " = ?").collect(Collectors.joining(" AND "));
        return Sql.first(
                        dataSource,
                        "Looking a row up",
                        "SELECT 1 FROM " + Sql.quote(resource.table()) + " WHERE " + where,
                        rs -> true,
                        key.toArray())
                .isPresent();
    }

    /**
     * The {@code _id}s among {@code ids} of rows that exist, in one statement that reads their keys only (an import's
     * upsert chunk); only for a resource with a single-column key, in the caller's transaction (the chunk's).
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public Set<String> existing(ResourceDef resource, List<String> ids) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        List<Object> keys =
                ids.stream().map(id -> RowAddress.decode(resource, id).get(0)).toList();
        return new HashSet<>(Sql.list(
                dataSource,
                "Looking a chunk's rows up",
                "SELECT " + idExpression(resource) + " FROM " + Sql.quote(resource.table()) + " WHERE "
                        + Sql.quote(resource.primaryKey().get(0)) + " IN ("
                        + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")",
                rs -> rs.getString(1),
                keys.toArray()));
    }

    /** The number of rows of {@code resource} that {@code where} matches. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public long count(ResourceDef resource, ListSql where) {
        return Sql.first(
                        dataSource,
                        "Counting a job's rows",
                        "SELECT count(*) FROM " + Sql.quote(resource.table()) + where.where(),
                        rs -> rs.getLong(1),
                        where.params().toArray())
                .orElse(0L);
    }

    private static String keyList(ResourceDef resource) {
        return resource.primaryKey().stream().map(Sql::quote).collect(Collectors.joining(", "));
    }

    /**
     * The SQL of a row's {@code _id} (docs/admin-api.md, "Rows"): a one-column key as text; a composite key as the
     * base64url (no padding) of the JSON array of its values, as {@code RowAddress} encodes it.
     */
    private static String idExpression(ResourceDef resource) {
        if (!resource.hasCompositeKey()) {
            return "CAST(" + Sql.quote(resource.primaryKey().get(0)) + " AS text)";
        }
        return "rtrim(translate(encode(convert_to(CAST(json_build_array(" + keyList(resource)
                + ") AS jsonb)::text, 'UTF8'), 'base64'), E'+/\\n', '-_'), '=')";
    }
}
