package dev.warden.panel.rows;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.actions.ActionRunner;
import dev.warden.panel.crud.ChunkWrites;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.crud.Page;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.crud.ResourceWrites;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.FieldAccess;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.policy.Visibility;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The row use cases of the admin API, one method each
 * (docs/admin-api.md, "Endpoints", "Rows" and "Custom actions"; docs/architecture.md, "Requirements: Layout" rule 4):
 * list, read, create, update, delete, relation counts,
 * related rows and custom actions of a panel resource, for one {@link Operator}.
 *
 * <p>Each method authorises first (the resource's policy or the role rule and mod scope, {@link Moderation}; field
 * permissions on a write body, {@link FieldAccess#checkBody}), then does the work through the CRUD engine
 * ({@code panel.crud}) in one container transaction, then records it ({@link RowAudit}: the audit entry and the live
 * event, written once the transaction committed). Rows are answered with only the {@code _labels} the operator may
 * see ({@link Visibility}). A request body is a {@link Supplier} called after the access check, so a refused caller
 * gets 403 (or 404) before a malformed body's 400.
 *
 * @see dev.warden.panel.crud.ResourceWrites for the write rules and their errors (409, 412, 422)
 */
@Stateless
public class PanelRows {

    @EJB
    Moderation moderation;

    @EJB
    ResourceRegistry registry;

    @EJB
    ResourceRows rows;

    @EJB
    ResourceWrites writes;

    @EJB
    ChunkWrites chunks;

    @EJB
    ActionRunner actions;

    @Inject
    RowAudit audit;

    /**
     * {@code GET /:resource}: one window of rows with the list parameters ({@link ListQuery#parse}). The rows are read
     * outside any container transaction ({@link ResourceRows#list} suspends this method's, which enlists nothing). This
     * method keeps the default {@code REQUIRED}: a refusal raised without a global transaction would roll back Liberty's
     * local transaction of the request and log WLTC0017E.
     *
     * @throws ApiException 403 by rule; 404 unknown key; 422 bad parameter
     */
    public Page list(Operator operator, String key, Map<String, List<String>> params) {
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        return visible(operator, resource, rows.list(resource, ListQuery.parse(params, resource)));
    }

    /**
     * {@code GET /:resource/:id}: the row.
     *
     * @throws ApiException 403 by rule; 404 unknown key or row
     */
    public JsonObject read(Operator operator, String key, String id) {
        ResourceDef resource = moderation.authorize(operator, Operation.READ, key);
        return visible(operator, resource, rows.read(resource, id));
    }

    /**
     * {@code POST /:resource}: creates a row from {@code body}, audited as {@code create {row}}.
     *
     * @return the new row
     * @throws ApiException 400 bad body; 403 by rule or a column the operator may not write; 404 unknown key; 409
     *                      unique or foreign-key violation; 422 unknown column, bad value or missing required column
     */
    public JsonObject create(Operator operator, String key, Supplier<JsonObject> body) {
        return create(operator, key, body, null);
    }

    /**
     * One record of an import job: exactly {@link #create} with {@code values} as the body, audited with
     * {@code job_id}; joins the caller's transaction (docs/admin-api.md, "Import").
     *
     * @throws ApiException as {@link #create}
     */
    public JsonObject createInJob(Operator operator, String key, JsonObject values, long jobId) {
        return create(operator, key, () -> values, jobId);
    }

    /**
     * The records {@code values} of an import job's chunk (docs/admin-api.md, "Import" rule 3): exactly
     * {@link #createInJob} for each, the policy checked once (it depends on the operator and the resource only, never
     * on the row), the field permissions per record, the rows written in one statement
     * ({@link ChunkWrites#createAll}), one audit entry with {@code job_id} per row; joins the caller's transaction.
     *
     * @return false when this cannot be done set-based ({@link ChunkWrites#createAll} says): nothing was written, the
     *         caller creates the rows one by one
     * @throws ApiException as {@link #create} for any of the records (the caller's transaction must roll back)
     */
    public boolean createAllInJob(Operator operator, String key, List<JsonObject> values, long jobId) {
        ResourceDef resource = moderation.authorize(operator, Operation.CREATE, key);
        List<JsonObject> created = chunks.createAll(
                resource,
                values.stream()
                        .map(body -> FieldAccess.checkBody(resource, body, null))
                        .toList(),
                operator);
        if (created == null) {
            return false;
        }
        created.forEach(row -> audit.created(operator, resource, row, jobId));
        return true;
    }

    private JsonObject create(Operator operator, String key, Supplier<JsonObject> body, Long jobId) {
        ResourceDef resource = moderation.authorize(operator, Operation.CREATE, key);
        JsonObject row = writes.create(resource, FieldAccess.checkBody(resource, body.get(), null), operator);
        if (jobId == null) {
            audit.created(operator, resource, row);
        } else {
            audit.created(operator, resource, row, jobId.longValue());
        }
        return visible(operator, resource, row);
    }

    /**
     * {@code PATCH}/{@code PUT /:resource/:id}: updates the columns present in {@code body}, audited as
     * {@code update {changes}} when something was written. A not-writable column sent back unchanged is dropped.
     *
     * @param ifMatch the {@code If-Match} header, or null
     * @return the row after
     * @throws ApiException 400 bad body; 403 by rule or column; 404 unknown key or row; 409 conflict; 412 stale
     *                      {@code If-Match}; 422 unknown column, bad value or changed primary key
     */
    public JsonObject update(Operator operator, String key, String id, Supplier<JsonObject> body, String ifMatch) {
        return update(operator, key, id, body, ifMatch, null);
    }

    /**
     * One row of an update job (docs/admin-api.md, "Jobs" rule 4): exactly {@link #update} with {@code set} as the
     * body and no {@code If-Match}, audited with {@code job_id}; joins the caller's transaction.
     *
     * @return the row after
     * @throws ApiException as {@link #update}
     */
    public JsonObject updateInJob(Operator operator, String key, String id, JsonObject set, long jobId) {
        return update(operator, key, id, () -> set, null, jobId);
    }

    /**
     * The rows {@code ids} of an update job's chunk (docs/admin-api.md, "Jobs" rule 4): exactly {@link #updateInJob}
     * for each, the same checks (the policy, the field permissions of {@code set}), the rows written set-based
     * ({@link ChunkWrites#updateAll}), one audit entry with {@code job_id} per row; joins the caller's transaction.
     *
     * @return false when this cannot be done set-based (a body naming a locked column, or as
     *         {@link ChunkWrites#updateAll} says): nothing was written, the caller updates the rows one by one
     * @throws ApiException as {@link #update} (the caller's transaction must roll back)
     */
    public boolean updateAllInJob(Operator operator, String key, List<String> ids, JsonObject set, long jobId) {
        ResourceDef resource = moderation.authorize(operator, Operation.UPDATE, key);
        if (FieldAccess.namesLocked(resource, set)) {
            return false;
        }
        List<UpdateResult> results =
                chunks.updateAll(resource, ids, FieldAccess.checkBody(resource, set, null), operator);
        if (results == null) {
            return false;
        }
        for (UpdateResult result : results) {
            audit.updated(operator, resource, result, jobId);
        }
        return true;
    }

    private JsonObject update(
            Operator operator, String key, String id, Supplier<JsonObject> body, String ifMatch, Long jobId) {
        ResourceDef resource = moderation.authorize(operator, Operation.UPDATE, key);
        JsonObject json = body.get();
        json = FieldAccess.checkBody(
                resource, json, FieldAccess.namesLocked(resource, json) ? rows.read(resource, id) : null);
        UpdateResult result = writes.update(resource, id, json, ifMatch, operator);
        audit.updated(operator, resource, result, jobId);
        return visible(operator, resource, result.after());
    }

    /**
     * {@code DELETE /:resource/:id}: deletes the row, audited as {@code delete {row}}.
     *
     * @param ifMatch the {@code If-Match} header, or null
     * @return the deleted row
     * @throws ApiException 403 by rule; 404 unknown key or row; 409 still referenced; 412 stale {@code If-Match}
     */
    public JsonObject delete(Operator operator, String key, String id, String ifMatch) {
        return delete(operator, key, id, ifMatch, null);
    }

    /**
     * One row of a delete job: exactly {@link #delete} without {@code If-Match}, audited with {@code job_id}; joins
     * the caller's transaction (docs/admin-api.md, "Jobs" rule 4).
     *
     * @throws ApiException as {@link #delete}
     */
    public JsonObject deleteInJob(Operator operator, String key, String id, long jobId) {
        return delete(operator, key, id, null, jobId);
    }

    /**
     * The rows {@code ids} of a delete job's chunk (docs/admin-api.md, "Jobs" rule 4): exactly {@link #deleteInJob}
     * for each, the policy checked once, the rows locked, read and deleted in two statements
     * ({@link ChunkWrites#deleteAll}), one audit entry with {@code job_id} per row; joins the caller's transaction.
     *
     * @return false when this cannot be done set-based ({@link ChunkWrites#deleteAll} says): nothing was deleted,
     *         the caller deletes the rows one by one
     * @throws ApiException as {@link #delete} for any of the rows (the caller's transaction must roll back)
     */
    public boolean deleteAllInJob(Operator operator, String key, List<String> ids, long jobId) {
        ResourceDef resource = moderation.authorize(operator, Operation.DELETE, key);
        List<JsonObject> deleted = chunks.deleteAll(resource, ids, operator);
        if (deleted == null) {
            return false;
        }
        deleted.forEach(row -> audit.deleted(operator, resource, row, jobId));
        return true;
    }

    private JsonObject delete(Operator operator, String key, String id, String ifMatch, Long jobId) {
        ResourceDef resource = moderation.authorize(operator, Operation.DELETE, key);
        JsonObject row = writes.delete(resource, id, ifMatch, operator);
        audit.deleted(operator, resource, row, jobId);
        return visible(operator, resource, row);
    }

    /**
     * {@code GET /:resource/:id/_counts}: {@code {"<relation>": n}} for the many-relations whose target the operator
     * may read.
     *
     * @throws ApiException 403 by rule; 404 unknown key or row
     */
    public JsonObject counts(Operator operator, String key, String id) {
        ResourceDef resource = moderation.authorize(operator, Operation.READ, key);
        return Visibility.counts(rows.counts(resource, id), resource, moderation.readableKeys(operator));
    }

    /**
     * {@code GET /:resource/:id/relations/:name}: the related rows with the list parameters; needs read on both
     * resources (docs/admin-api.md, "Endpoints").
     *
     * @throws ApiException 403 by rule; 404 unknown key, relation or row; 422 bad parameter
     */
    public Page relation(Operator operator, String key, String id, String name, Map<String, List<String>> params) {
        ResourceDef resource = moderation.authorize(operator, Operation.READ, key);
        RelationDef relation = resource.relations().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow(() -> ApiException.notFound("No relation '" + name + "' on " + key));
        ResourceDef target = moderation.authorize(operator, Operation.READ, relation.target());
        return visible(operator, target, rows.relationRows(resource, id, relation, target, params));
    }

    /**
     * {@code POST /:resource/_action/:name} with {@code {id}} (per-row) or {@code {}} (bulk): {@code {ok: true,
     * result}} with the handler's result, audited as {@code custom {name, args, result}}; a handler failing with a 5xx is audited too, with its error
     * code. Gated by the action's own roles only (docs/admin-api.md, "Custom actions" rule 5): policies and mod scopes
     * do not apply.
     *
     * @throws ApiException 400 bad body; 403 role not listed; 404 unknown key, action or row; 422 no {@code id} for
     *                      a per-row action; 501 no handler; 500 the handler failed
     */
    public JsonObject action(Operator operator, String key, String name, Supplier<JsonObject> body) {
        return action(operator, key, name, body, null);
    }

    /**
     * One row of an action job: exactly {@link #action} with {@code {id}} as the body, audited with {@code job_id};
     * joins the caller's transaction (docs/admin-api.md, "Jobs" rule 4).
     *
     * @throws ApiException as {@link #action}
     */
    public JsonObject actionInJob(Operator operator, String key, String name, String id, long jobId) {
        return action(
                operator,
                key,
                name,
                () -> JSON.createObjectBuilder().add("id", id).build(),
                jobId);
    }

    private JsonObject action(Operator operator, String key, String name, Supplier<JsonObject> body, Long jobId) {
        ResourceDef resource = registry.find(key).orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
        JsonObject args = body.get();
        JsonValue result;
        try {
            result = actions.invoke(resource, name, args, operator);
        } catch (ApiException e) {
            if (e.status() >= 500) {
                audit.custom(operator, resource, name, args, null, e.code(), jobId);
            }
            throw e;
        }
        audit.custom(operator, resource, name, args, result, null, jobId);
        return JSON.createObjectBuilder().add("ok", true).add("result", result).build();
    }

    /** {@code row} with only the {@code _labels} of resources the operator may read, label column included. */
    private JsonObject visible(Operator operator, ResourceDef resource, JsonObject row) {
        return Visibility.row(row, resource, moderation.labelableKeys(operator));
    }

    private Page visible(Operator operator, ResourceDef resource, Page page) {
        return new Page(
                Visibility.rows(page.rows(), resource, moderation.labelableKeys(operator)), page.total(), page.exact());
    }
}
