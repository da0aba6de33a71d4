package dev.warden.web.panel;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditFailures;
import dev.warden.panel.audit.AuditLog;
import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.live.LiveEvents;
import dev.warden.panel.registry.ResourceDef;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Records the panel's CRUD mutations in the audit log (docs/admin-api.md, "Events" rule 1: "Every mutation
 * from the panel is recorded"): {@code create {row}}, {@code update {changes}} (changed columns only),
 * {@code delete {row}}, with {@code resource} = the canonical key and {@code target_id} = the row's {@code _id}.
 *
 * <p>Called by {@link PanelResource} and {@link UserModerationResource} after the write EJB returned, so only committed mutations are recorded.
 * A failed audit write is logged and never propagated (docs/admin-api.md, "Audit recording from own code":
 * "The panel's own endpoints log audit-write failures without propagating them"): the client still gets the
 * answer of its successful mutation.
 *
 * <p>The same calls publish the live lists' events ({@code created}, {@code updated}, {@code deleted} with the
 * row's {@code _id}) through {@link LiveEvents}, which never throws.
 */
@ApplicationScoped
public class PanelAudit {

    @EJB
    AuditLog audit;

    @Inject
    AuditFailures failures;

    @EJB
    LiveEvents live;

    /** {@code create {row}} for the new row. */
    public void created(Operator operator, ResourceDef resource, JsonObject row) {
        live.publish(resource.key(), "created", row.getString("_id"));
        write(new AuditRecord(
                operator.userId(),
                Operation.CREATE.wireName(),
                resource.key(),
                row.getString("_id"),
                AuditPayloads.row(row)));
    }

    /**
     * {@code update {changes}} from the row before and after, credential columns shown as {@code "(changed)"};
     * nothing when the update wrote nothing.
     */
    public void updated(Operator operator, ResourceDef resource, UpdateResult result) {
        if (!result.written()) {
            return;
        }
        live.publish(resource.key(), "updated", result.after().getString("_id"));
        write(new AuditRecord(
                operator.userId(),
                Operation.UPDATE.wireName(),
                resource.key(),
                result.after().getString("_id"),
                AuditPayloads.changes(result.before(), result.after(), result.redacted())));
    }

    /**
     * {@code update {changes, reverted_from}} for a revert: an ordinary update entry whose
     * payload also names the audit entry it reverted; nothing when the revert wrote nothing.
     */
    public void reverted(Operator operator, ResourceDef resource, UpdateResult result, long revertedFrom) {
        if (!result.written()) {
            return;
        }
        live.publish(resource.key(), "updated", result.after().getString("_id"));
        write(new AuditRecord(
                operator.userId(),
                Operation.UPDATE.wireName(),
                resource.key(),
                result.after().getString("_id"),
                JSON.createObjectBuilder(AuditPayloads.changes(result.before(), result.after(), result.redacted()))
                        .add("reverted_from", revertedFrom)
                        .build()));
    }

    /** {@code create {row, reverted_from}} for a row restored from its delete entry. */
    public void restored(Operator operator, ResourceDef resource, JsonObject row, long revertedFrom) {
        live.publish(resource.key(), "created", row.getString("_id"));
        write(new AuditRecord(
                operator.userId(),
                Operation.CREATE.wireName(),
                resource.key(),
                row.getString("_id"),
                JSON.createObjectBuilder(AuditPayloads.row(row))
                        .add("reverted_from", revertedFrom)
                        .build()));
    }

    /** {@code delete {row}} with the row as it was. */
    public void deleted(Operator operator, ResourceDef resource, JsonObject row) {
        live.publish(resource.key(), "deleted", row.getString("_id"));
        write(new AuditRecord(
                operator.userId(),
                Operation.DELETE.wireName(),
                resource.key(),
                row.getString("_id"),
                AuditPayloads.row(row)));
    }

    /**
     * {@code custom {name, args, result}} (docs/admin-api.md, "Custom actions" rule 4): {@code args} is the
     * whole request body, {@code target_id} the row's id for a per-row action. A failed handler is recorded
     * too, with {@code result} null and {@code error} the error code.
     */
    public void custom(
            Operator operator, ResourceDef resource, String name, JsonObject args, JsonValue result, String error) {
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
        write(new AuditRecord(operator.userId(), "custom", resource.key(), target, payload.build()));
    }

    /** An entry built by the logic that made the change (e.g. {@code user.ban} by {@code UserModeration}). */
    public void record(AuditRecord entry) {
        write(entry);
    }

    private void write(AuditRecord entry) {
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            failures.failed(entry, e);
        }
    }
}
