package dev.warden.panel.rows;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.audit.RowChange;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.registry.ResourceDef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The audit entries of the panel's row use cases
 * (docs/admin-api.md, "Events" rule 1: "Every change made through the panel is recorded"):
 * {@code create {row}}, {@code update {changes}} (changed columns only), {@code delete
 * {row}}, a revert's {@code update}/{@code create} with {@code reverted_from}, and {@code custom {name, args,
 * result}}; {@code resource} is the canonical key, {@code target_id} the row's {@code _id}. Each goes through
 * {@link AuditTrail}, with the live lists' {@code created}/{@code updated}/{@code deleted} event for row writes:
 * both happen once the caller's transaction committed, and neither ever throws.
 */
@ApplicationScoped
public class RowAudit {

    @Inject
    AuditTrail trail;

    /** {@code create {row}} for the new row. */
    public void created(Operator operator, ResourceDef resource, JsonObject row) {
        created(operator, resource, row, AuditPayloads.row(row));
    }

    /** {@code create {row, job_id}} for a row created by job {@code jobId} (an import). */
    public void created(Operator operator, ResourceDef resource, JsonObject row, long jobId) {
        created(operator, resource, row, withJob(AuditPayloads.row(row), jobId));
    }

    /**
     * {@code update {changes}} from the row before and after, credential columns shown as {@code "(changed)"};
     * nothing when the update wrote nothing.
     */
    public void updated(Operator operator, ResourceDef resource, UpdateResult result) {
        updated(operator, resource, result, (Long) null);
    }

    /**
     * {@code update {changes, job_id}}: as {@link #updated(Operator, ResourceDef, UpdateResult)}, for a row changed by
     * job {@code jobId} (null: by hand); a job's row whose values did not change gets no entry (docs/admin-api.md,
     * "Jobs" rule 5).
     */
    public void updated(Operator operator, ResourceDef resource, UpdateResult result, Long jobId) {
        if (!result.written()) {
            return;
        }
        JsonObject changes = AuditPayloads.changes(result.before(), result.after(), result.redacted());
        if (jobId != null && changes.getJsonObject("changes").isEmpty()) {
            return; // a job's row that already held the values (an import of an export): nothing changed
        }
        updated(operator, resource, result, withJob(changes, jobId));
    }

    /**
     * {@code update {changes, reverted_from}} for a revert: an ordinary update entry whose payload also names the
     * audit entry it reverted; nothing when the revert wrote nothing.
     */
    public void reverted(Operator operator, ResourceDef resource, UpdateResult result, long revertedFrom) {
        reverted(operator, resource, result, revertedFrom, null);
    }

    /** {@code update {changes, reverted_from, job_id}}: a revert by job {@code jobId} (null: by hand). */
    public void reverted(Operator operator, ResourceDef resource, UpdateResult result, long revertedFrom, Long jobId) {
        if (result.written()) {
            updated(
                    operator,
                    resource,
                    result,
                    withJob(
                            JSON.createObjectBuilder(
                                            AuditPayloads.changes(result.before(), result.after(), result.redacted()))
                                    .add("reverted_from", revertedFrom)
                                    .build(),
                            jobId));
        }
    }

    /** {@code create {row, reverted_from}} for a row restored from its delete entry. */
    public void restored(Operator operator, ResourceDef resource, JsonObject row, long revertedFrom) {
        restored(operator, resource, row, revertedFrom, null);
    }

    /** {@code create {row, reverted_from, job_id}}: a restore by job {@code jobId} (null: by hand). */
    public void restored(Operator operator, ResourceDef resource, JsonObject row, long revertedFrom, Long jobId) {
        created(operator, resource, row, revertedRow(row, revertedFrom, jobId));
    }

    /** {@code delete {row, reverted_from, job_id}}: a created row deleted again by the revert job {@code jobId}. */
    public void uncreated(Operator operator, ResourceDef resource, JsonObject row, long revertedFrom, long jobId) {
        deleted(operator, resource, row, revertedRow(row, revertedFrom, jobId));
    }

    /** {@code {row, reverted_from, job_id?}}. */
    private static JsonObject revertedRow(JsonObject row, long revertedFrom, Long jobId) {
        return withJob(
                JSON.createObjectBuilder(AuditPayloads.row(row))
                        .add("reverted_from", revertedFrom)
                        .build(),
                jobId);
    }

    /** {@code delete {row}} with the row as it was. */
    public void deleted(Operator operator, ResourceDef resource, JsonObject row) {
        deleted(operator, resource, row, (Long) null);
    }

    /** {@code delete {row, job_id}} for a row deleted by job {@code jobId} (null: by hand). */
    public void deleted(Operator operator, ResourceDef resource, JsonObject row, Long jobId) {
        deleted(operator, resource, row, withJob(AuditPayloads.row(row), jobId));
    }

    private void deleted(Operator operator, ResourceDef resource, JsonObject row, JsonObject payload) {
        String id = row.getString("_id");
        trail.afterCommit(
                new AuditRecord(operator.userId(), Operation.DELETE.wireName(), resource.key(), id, payload),
                new RowChange(resource.key(), "deleted", id));
    }

    /**
     * {@code custom {name, args, result}} (docs/admin-api.md, "Custom actions" rule 4): {@code args} is the whole
     * request body, {@code target_id} the row's id for a per-row action. A failed handler ({@code error} not null) is
     * recorded too, with {@code result} null and {@code error} the error code, even though its transaction rolls
     * back.
     */
    public void custom(
            Operator operator, ResourceDef resource, String name, JsonObject args, JsonValue result, String error) {
        custom(operator, resource, name, args, result, error, (Long) null);
    }

    /** {@code custom {name, args, result, job_id}} for a per-row action run by job {@code jobId} (null: by hand). */
    public void custom(
            Operator operator,
            ResourceDef resource,
            String name,
            JsonObject args,
            JsonValue result,
            String error,
            Long jobId) {
        JsonValue id = args.get("id");
        String target = id == null || id == JsonValue.NULL
                ? null
                : id instanceof JsonString text ? text.getString() : id.toString();
        JsonObjectBuilder payload = JSON.createObjectBuilder()
                .add("name", name)
                .add("args", args)
                .add("result", result == null ? JsonValue.NULL : result);
        if (error != null) {
            payload.add("error", error);
        }
        if (jobId != null) {
            payload.add("job_id", jobId);
        }
        AuditRecord entry = new AuditRecord(operator.userId(), "custom", resource.key(), target, payload.build());
        if (error != null) {
            trail.evenOnRollback(entry);
        } else {
            trail.afterCommit(entry);
        }
    }

    private static JsonObject withJob(JsonObject payload, Long jobId) {
        return jobId == null
                ? payload
                : JSON.createObjectBuilder(payload).add("job_id", jobId).build();
    }

    private void created(Operator operator, ResourceDef resource, JsonObject row, JsonObject payload) {
        String id = row.getString("_id");
        trail.afterCommit(
                new AuditRecord(operator.userId(), Operation.CREATE.wireName(), resource.key(), id, payload),
                new RowChange(resource.key(), "created", id));
    }

    private void updated(Operator operator, ResourceDef resource, UpdateResult result, JsonObject payload) {
        String id = result.after().getString("_id");
        trail.afterCommit(
                new AuditRecord(operator.userId(), Operation.UPDATE.wireName(), resource.key(), id, payload),
                new RowChange(resource.key(), "updated", id));
    }
}
