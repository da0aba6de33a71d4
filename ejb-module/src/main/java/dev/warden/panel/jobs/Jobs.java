package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.crud.ListSql;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.policy.Visibility;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import dev.warden.panel.views.SavedViews;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The jobs use cases (docs/admin-api.md, "Jobs"): submit an update, delete or custom action over every row a filter
 * matches (a dry run answers the count and a preview), list and read jobs, cancel one. Who may submit: whoever may list
 * the resource and do the job's operation on it (the policy or the role rule with mod scope; for an action, its
 * roles), checked again for every row when the job runs ({@link JobRowWork}).
 */
@Stateless
public class Jobs {

    private static final Logger LOG = Logger.getLogger(Jobs.class.getName());

    /** The batch job every Warden job runs as ({@code META-INF/batch-jobs/warden-job.xml}). */
    public static final String BATCH_JOB = "warden-job";
    /** Rows a dry run previews. */
    public static final int PREVIEW = 20;
    /** Most columns one update job sets. */
    public static final int MAX_SET = 100;
    /** Most filter parameters of one job. */
    public static final int MAX_FILTERS = 50;
    /** Jobs {@code GET /_jobs} lists, newest first. */
    public static final int LIST_LIMIT = 100;

    private static final Set<String> KINDS = Set.of("update", "delete", "action");

    @EJB
    Moderation moderation;

    @EJB
    ResourceRegistry registry;

    @EJB
    ResourceRows rows;

    @EJB
    JobStore store;

    @EJB
    JobStaging staging;

    @Inject
    JobSlots slots;

    @Inject
    @ConfigProperty(name = "warden.jobs.max-rows", defaultValue = "1000000")
    long maxRows;

    /** The answer of a submission: a dry run's report, or the queued job. */
    public record Submitted(boolean dryRun, long jobId, JsonObject body) {

        /** The answer for the queued job {@code jobId}: {@code {id, status: "queued"}}. */
        public static Submitted queued(long jobId) {
            return new Submitted(
                    false,
                    jobId,
                    JSON.createObjectBuilder()
                            .add("id", String.valueOf(jobId))
                            .add("status", "queued")
                            .build());
        }
    }

    /**
     * {@code POST /admin-api/:resource/_jobs} with {@code {kind, filter, set?, action?, dry_run?}}.
     *
     * @return a dry run's {@code {matched, preview: [{_id, before, after}]}}, or the queued job {@code {id, status}}
     * @throws ApiException 401 {@code step_up_required} for a run (not a dry run) while the session's step-up is due
     *                      (docs/security.md, "Second factors and step-up"); 403 by rule, a column the operator may not
     *                      write, an action not for their role; 404 unknown
     *                      resource or action; 409 another job of the resource is queued or running; 422 bad kind,
     *                      filter, set or action, or more matching rows than {@code warden.jobs.max-rows}; 429 every
     *                      job slot of this node in use
     */
    public Submitted submit(Operator operator, String key, JsonObject body) {
        boolean dryRun = body.get("dry_run") == JsonValue.TRUE;
        if (!dryRun) {
            operator.requireStepUp();
        }
        ResourceDef view = moderation.authorize(operator, Operation.LIST, key);
        String kind = body.get("kind") instanceof JsonString s ? s.getString() : null;
        if (kind == null || !KINDS.contains(kind)) {
            throw ApiException.invalid("kind", "one of update, delete, action");
        }
        JsonObject set = null;
        String action = null;
        switch (kind) {
            case "update" -> {
                view = moderation.authorize(operator, Operation.UPDATE, key);
                set = set(view, body.get("set"));
            }
            case "delete" -> view = moderation.authorize(operator, Operation.DELETE, key);
            default -> action = action(operator, view, body.get("action"));
        }
        JsonObject filter = filter(view, body.get("filter"));
        Map<String, List<String>> params = params(filter);
        ListSql where = ListSql.where(view, ListQuery.parse(params, view));
        long matched = staging.count(view, where);
        if (dryRun) {
            return new Submitted(true, 0, preview(operator, view, params, matched, set));
        }
        if (matched > maxRows) {
            throw ApiException.invalid(
                    "filter", "matches " + matched + " rows, more than warden.jobs.max-rows (" + maxRows + ")");
        }
        JsonObjectBuilder stored = JSON.createObjectBuilder().add("filter", filter);
        if (set != null) {
            stored.add("set", set);
        }
        if (action != null) {
            stored.add("action", action);
        }
        slots.take();
        long jobId;
        try {
            jobId = store.create(view.key(), kind, stored.build(), operator.userId());
            staging.stageMatches(jobId, view, where);
        } catch (RuntimeException e) {
            slots.release();
            throw e;
        }
        launch(jobId);
        return Submitted.queued(jobId);
    }

    /**
     * The resource an import in {@code mode} may write, after the role rule and policies ({@code create}; an upsert
     * also {@code update}; docs/admin-api.md, "Import"). {@link Imports} calls it before reading the file, so that
     * these reads run in this method's transaction, never in the import's unmanaged reading. A run (not a dry run) is
     * a step-up use case (docs/security.md, "Second factors and step-up").
     *
     * @throws ApiException 401 {@code step_up_required} for a run while step-up is due; 403 by rule; 404 unknown
     *                      resource; 422 a mode other than {@code insert} or {@code upsert}
     */
    public ResourceDef authorizeImport(Operator operator, String key, String mode, boolean dryRun) {
        if (!dryRun) {
            operator.requireStepUp();
        }
        ResourceDef view = moderation.authorize(operator, Operation.CREATE, key);
        if (!"insert".equals(mode) && !"upsert".equals(mode)) {
            throw ApiException.invalid("mode", "insert or upsert");
        }
        return "upsert".equals(mode) ? moderation.authorize(operator, Operation.UPDATE, key) : view;
    }

    /**
     * Starts the batch job of the staged job {@code jobId} (its node slot already taken); a failure to start ends the
     * job as failed and gives the slot back.
     */
    public void launch(long jobId) {
        try {
            JobOperator batch = BatchRuntime.getJobOperator();
            store.execution(jobId, batch.start(BATCH_JOB, slots.parameters(jobId)));
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Job " + jobId + " could not start", e);
            store.finish(jobId, "failed");
            slots.release();
        }
    }

    /**
     * {@code GET /admin-api/_jobs}: the newest {@value #LIST_LIMIT} jobs, every operator's for an admin, else the
     * caller's own.
     */
    public JsonArray list(Operator operator) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        store.list(operator.isAdmin() ? null : operator.userId(), LIST_LIMIT).forEach(job -> out.add(json(job, null)));
        return out.build();
    }

    /**
     * {@code GET /admin-api/_jobs/:id}: the job with its first error rows.
     *
     * @throws ApiException 404 unknown id, or another operator's job for a non-admin
     */
    public JsonObject read(Operator operator, String id) {
        JobStore.Job job = visible(operator, id);
        return json(job, store.errors(job.id()));
    }

    /**
     * {@code POST /admin-api/_jobs/:id/cancel}: asks the job to stop after its current chunk (rows done stay done).
     *
     * @return the job
     * @throws ApiException 404 as {@link #read}; 409 the job already ended
     */
    public JsonObject cancel(Operator operator, String id) {
        JobStore.Job job = visible(operator, id);
        if (!store.requestCancel(job.id())) {
            throw ApiException.conflict("Job " + id + " already ended (" + job.status() + ")");
        }
        return json(store.find(job.id()).orElseThrow(), null);
    }

    /**
     * The use case of opening the jobs' progress stream ({@code GET /admin-api/_jobs/_events}).
     *
     * @return the stream's name (any signed-in panel identity may hold it: its events are job ids)
     */
    public String streamable(Operator operator) {
        return JobEvents.STREAM;
    }

    private JobStore.Job visible(Operator operator, String id) {
        return visible(store, operator, id);
    }

    /**
     * Job {@code id} as {@code operator} may see it: their own, or any for an admin.
     *
     * @throws ApiException 404 unknown id, or another operator's job for a non-admin
     */
    static JobStore.Job visible(JobStore store, Operator operator, String id) {
        long jobId;
        try {
            jobId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No job '" + id + "'");
        }
        return store.find(jobId)
                .filter(job -> operator.isAdmin() || job.createdBy() == operator.userId())
                .orElseThrow(() -> ApiException.notFound("No job '" + id + "'"));
    }

    private JsonObject preview(
            Operator operator, ResourceDef view, Map<String, List<String>> params, long matched, JsonObject set) {
        Map<String, List<String>> window = new LinkedHashMap<>(params);
        window.put("_start", List.of("0"));
        window.put("_end", List.of(String.valueOf(PREVIEW)));
        Set<String> labelable = moderation.labelableKeys(operator);
        JsonArrayBuilder preview = JSON.createArrayBuilder();
        for (JsonValue value : rows.list(view, ListQuery.parse(window, view)).rows()) {
            JsonObject before = Visibility.row((JsonObject) value, view, labelable);
            JsonValue after = JsonValue.NULL;
            if (set != null) {
                JsonObjectBuilder changed = JSON.createObjectBuilder(before);
                set.forEach(changed::add);
                after = changed.build();
            }
            preview.add(JSON.createObjectBuilder()
                    .add("_id", before.getString("_id"))
                    .add("before", before)
                    .add("after", after));
        }
        return JSON.createObjectBuilder()
                .add("matched", matched)
                .add("preview", preview)
                .build();
    }

    /**
     * The {@code set} of an update job: columns of the resource as the operator sees it, at most {@value #MAX_SET}.
     * Write permissions are checked row by row, as PATCH checks them (a locked column whose value a row already holds
     * passes; docs/admin-api.md, "Jobs" rule 4).
     */
    private static JsonObject set(ResourceDef view, JsonValue raw) {
        if (!(raw instanceof JsonObject set) || set.isEmpty()) {
            throw ApiException.invalid("set", "an object of the columns to set");
        }
        if (set.size() > MAX_SET) {
            throw ApiException.invalid("set", "at most " + MAX_SET + " columns");
        }
        for (String column : set.keySet()) {
            if (view.column(column).isEmpty()) {
                throw ApiException.invalid("set", "unknown column '" + column + "'");
            }
        }
        return set;
    }

    /** The {@code action} of an action job: a per-row action of the resource whose roles include the operator's. */
    private static String action(Operator operator, ResourceDef resource, JsonValue raw) {
        if (!(raw instanceof JsonString name) || name.getString().isBlank()) {
            throw ApiException.invalid("action", "the name of a per-row action");
        }
        Action action = resource.action(name.getString())
                .orElseThrow(() -> ApiException.notFound("No action '" + name.getString() + "' on " + resource.key()));
        if (!action.perRow()) {
            throw ApiException.invalid("action", "'" + name.getString() + "' is not a per-row action");
        }
        if (!action.allowedRoles().isEmpty()
                && !action.allowedRoles().contains(operator.role().wire())) {
            throw ApiException.forbidden(
                    "Action '" + name.getString() + "' is for " + String.join(", ", action.allowedRoles()));
        }
        return name.getString();
    }

    private static JsonObject filter(ResourceDef view, JsonValue raw) {
        if (raw instanceof JsonObject object && object.size() > MAX_FILTERS) {
            throw ApiException.invalid("filter", "at most " + MAX_FILTERS + " parameters");
        }
        return SavedViews.filters(view, raw == null ? JsonValue.EMPTY_JSON_OBJECT : raw);
    }

    private static Map<String, List<String>> params(JsonObject filter) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        filter.forEach((name, values) -> {
            List<String> list = new ArrayList<>();
            values.asJsonArray().forEach(v -> list.add(((JsonString) v).getString()));
            params.put(name, list);
        });
        return params;
    }

    private static JsonObject json(JobStore.Job job, JsonArray errors) {
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("id", String.valueOf(job.id()))
                .add("resource", job.resource())
                .add("kind", job.kind())
                .add("status", job.status())
                .add("total", job.total())
                .add("processed", job.processed())
                .add("failed", job.failed())
                .add("created_by", job.createdBy())
                .add("created_at", job.createdAt().toInstant().toString())
                .add(
                        "finished_at",
                        job.finishedAt() == null
                                ? JsonValue.NULL
                                : JSON.createValue(job.finishedAt().toInstant().toString()))
                .add("cancel_requested", job.cancelRequested())
                .add("params", job.params());
        if (errors != null) {
            out.add("errors", errors);
        }
        return out.build();
    }
}
