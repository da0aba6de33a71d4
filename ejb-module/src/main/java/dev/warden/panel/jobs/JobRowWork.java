package dev.warden.panel.jobs;

import dev.warden.auth.Operator;
import dev.warden.auth.OperatorLoader;
import dev.warden.common.ApiException;
import dev.warden.panel.crud.RowAddress;
import dev.warden.panel.history.RowHistoryService;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import dev.warden.panel.rows.PanelRows;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * One item of a job, in a transaction of its own (docs/admin-api.md, "Jobs" rule 4): the row changed exactly as the
 * single-row route changes it ({@link PanelRows}, a revert's item as the row's history undoes it,
 * {@link RowHistoryService}: policy, mod scope, field permissions, action roles, the audit entry
 * with {@code job_id}), and the item marked done in the same transaction. A refusal or failure rolls both back and
 * reaches the caller, which records the item as an error row.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class JobRowWork {

    @EJB
    PanelRows rows;

    @EJB
    JobStore store;

    @EJB
    OperatorLoader operators;

    @EJB
    ResourceRegistry registry;

    @EJB
    RowHistoryService history;

    /** The {@code _id} of the row whose primary key {@code values} hold, when it exists; null otherwise. */
    private String existing(String key, JsonObject values) {
        ResourceDef resource = registry.find(key).orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
        if (!resource.primaryKey().stream().allMatch(k -> values.containsKey(k) && values.get(k) != JsonValue.NULL)) {
            return null;
        }
        String id = RowAddress.encode(resource, values);
        return store.exists(resource, RowAddress.decode(resource, id)) ? id : null;
    }

    /**
     * The job's operator with the roles they hold now, read in a transaction of its own (never in the chunk's, which
     * holds only the batch container's checkpoint).
     *
     * @return empty when the user is gone or holds no panel role
     */
    public java.util.Optional<Operator> operator(long userId) {
        return operators.load(userId, null);
    }

    /**
     * Applies item {@code item} of {@code job} for {@code operator}.
     *
     * @throws dev.warden.common.ApiException as the single-row route (403, 404, 409, 422, ...)
     */
    public void apply(JobStore.Job job, Operator operator, JobStore.Item item) {
        switch (job.kind()) {
            case "update" ->
                rows.updateInJob(
                        operator, job.resource(), item.rowId(), job.params().getJsonObject("set"), job.id());
            case "delete" -> rows.deleteInJob(operator, job.resource(), item.rowId(), job.id());
            case "action" ->
                rows.actionInJob(operator, job.resource(), job.params().getString("action"), item.rowId(), job.id());
            case "import" -> {
                JsonObject values = item.data();
                String id = job.params().getString("mode").equals("upsert") ? existing(job.resource(), values) : null;
                if (id == null) {
                    rows.createInJob(operator, job.resource(), values, job.id());
                } else {
                    rows.updateInJob(operator, job.resource(), id, values, job.id());
                }
            }
            case "revert" ->
                history.undoInJob(
                        operator,
                        job.resource(),
                        item.rowId(),
                        item.data().getJsonNumber("audit_id").longValue(),
                        job.params().getBoolean("force", false),
                        job.id());
            default -> throw new IllegalStateException("Unknown job kind " + job.kind());
        }
        store.done(job.id(), item.seq());
    }
}
