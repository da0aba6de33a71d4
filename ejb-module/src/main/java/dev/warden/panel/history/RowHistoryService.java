package dev.warden.panel.history;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ListWindow;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.policy.Visibility;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.rows.RowAudit;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The history use cases of a row
 * (docs/security.md, the {@code _history}, {@code _revert} and {@code _restore} rows; docs/architecture.md, "Requirements: Layout" rule 4):
 * each takes the operator, authorises ({@link Moderation}: read
 * for the history, update for a revert, create for a restore; field permissions through the view it answers), does
 * the work through {@link RowHistory} in one transaction and records it ({@link RowAudit}: a revert as an ordinary
 * {@code update}, a restore as a {@code create}, each with {@code reverted_from}, written once it committed).
 */
@Stateless
public class RowHistoryService {

    @EJB
    Moderation moderation;

    @EJB
    RowHistory history;

    @Inject
    RowAudit audit;

    /**
     * The window of row {@code id}'s history that {@code params} asks for ({@code _start}, {@code _end}: default 0 to
     * 50, at most {@link RowHistory#MAX_WINDOW} entries), newest first. Like the other lists, a parameter it does not
     * know is refused (docs/admin-api.md, "List query parameters").
     *
     * @param params the request's query parameters
     * @throws ApiException 403 may not read the resource; 404 unknown key; 422 bad window or an unknown parameter
     */
    public RowHistory.Page history(Operator operator, String key, String id, Map<String, List<String>> params) {
        ResourceDef resource = moderation.authorize(operator, Operation.READ, key);
        for (String name : params.keySet()) {
            if (!name.equals("_start") && !name.equals("_end")) {
                throw ApiException.invalid(name, "unknown parameter; the history takes _start and _end");
            }
        }
        ListWindow window = ListWindow.parse(params, 50, RowHistory.MAX_WINDOW);
        return history.history(resource, id, window.start(), window.end());
    }

    /**
     * Puts back the {@code before} values of the update entry named by the body's {@code audit_id}.
     *
     * @param body read after the access check: {@code {audit_id}}
     * @return the row after, with the {@code _labels} the operator may see
     * @throws ApiException 400 bad body; 403 by rule or column; 404 not an entry of this row; 409 a column changed
     *                      since; 422 bad {@code audit_id} or not an update
     */
    public JsonObject revert(Operator operator, String key, String id, Supplier<JsonObject> body) {
        ResourceDef resource = moderation.authorize(operator, Operation.UPDATE, key);
        long auditId = auditId(body.get());
        UpdateResult result = history.revert(resource, id, auditId, operator);
        audit.reverted(operator, resource, result, auditId);
        return visible(operator, resource, result.after());
    }

    /**
     * Re-creates the row of the delete entry named by the body's {@code audit_id}.
     *
     * @param body read after the access check: {@code {audit_id}}
     * @return the new row, with the {@code _labels} the operator may see
     * @throws ApiException 400 bad body; 403 by rule or column; 404 not an entry of this resource; 409 the row exists
     *                      again; 422 bad {@code audit_id} or not a delete
     */
    public JsonObject restore(Operator operator, String key, Supplier<JsonObject> body) {
        ResourceDef resource = moderation.authorize(operator, Operation.CREATE, key);
        long auditId = auditId(body.get());
        JsonObject created = history.restore(resource, auditId, operator);
        audit.restored(operator, resource, created, auditId);
        return visible(operator, resource, created);
    }

    /**
     * Undoes the row entry {@code auditId} of row {@code id} as one item of the revert job {@code jobId}
     * (docs/admin-api.md, "Jobs", "Revert"): an update's {@code before} values put back ({@link #revert}'s rules), a
     * deleted row created again ({@link #restore}'s), a created row deleted (with {@code delete} on the resource);
     * audited with {@code reverted_from} and {@code job_id}. Joins the caller's transaction.
     *
     * @param force undo it even over columns changed since
     * @throws ApiException 403 by rule or column; 404 no such entry or row; 409 changed since (without {@code force}),
     *                      the row exists again, or it is still referenced; 422 an entry that cannot be undone
     */
    public void undoInJob(Operator operator, String key, String id, long auditId, boolean force, long jobId) {
        switch (history.action(auditId)) {
            case "update" -> {
                ResourceDef resource = moderation.authorize(operator, Operation.UPDATE, key);
                audit.reverted(
                        operator, resource, history.revert(resource, id, auditId, operator, force), auditId, jobId);
            }
            case "delete" -> {
                ResourceDef resource = moderation.authorize(operator, Operation.CREATE, key);
                audit.restored(operator, resource, history.restore(resource, auditId, operator), auditId, jobId);
            }
            case "create" -> {
                ResourceDef resource = moderation.authorize(operator, Operation.DELETE, key);
                audit.uncreated(
                        operator, resource, history.uncreate(resource, id, auditId, operator, force), auditId, jobId);
            }
            default -> throw ApiException.invalid("audit_id", "entry " + auditId + " cannot be undone");
        }
    }

    /** {@code audit_id} of a body: a positive integer (number or digits), else 422. */
    static long auditId(JsonObject body) {
        JsonValue value = body.get("audit_id");
        try {
            long id = value instanceof JsonNumber n
                    ? n.longValueExact()
                    : value instanceof JsonString s ? Long.parseLong(s.getString()) : -1;
            if (id > 0) {
                return id;
            }
        } catch (ArithmeticException | NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalid("audit_id", "must be the id of an audit entry");
    }

    private JsonObject visible(Operator operator, ResourceDef resource, JsonObject row) {
        return Visibility.row(row, resource, moderation.labelableKeys(operator));
    }
}
