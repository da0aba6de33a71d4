package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /admin-api/_jobs/:id/revert} (docs/admin-api.md, "Jobs", "Revert"): undoes a finished update, delete,
 * import or revert job from its audit entries, as one new job of kind {@code revert} (with its own audit entries, each
 * with its {@code job_id}). Each entry is undone as the row's history undoes it by hand: an update's {@code before}
 * values put back, a deleted row created again, a created row deleted, with the policies, mod scope and field
 * permissions of those routes, row by row.
 *
 * <p>A row that a later audit entry changed (by anyone) is a conflict: a run answers 409 naming those rows and changes
 * nothing unless {@code force} is set, which reverts them too. A row changed behind the panel's back (no audit entry)
 * is found when its item runs: it becomes an error row, unless forced. Who may revert: the job's operator or an admin,
 * with the single-row operations the revert needs on the resource; a run is a step-up use case, a dry run is not.
 */
@Stateless
public class JobReverts {

    /** Conflicting rows a dry run lists, and a 409 names. */
    public static final int MAX_CONFLICTS = 100;

    private static final Set<String> REVERTIBLE = Set.of("update", "delete", "import", "revert");

    /** The operation that undoes each kind of entry: an update by an update, a create by a delete, and back. */
    private static final Map<String, Operation> UNDO =
            Map.of("update", Operation.UPDATE, "create", Operation.DELETE, "delete", Operation.CREATE);

    @EJB
    Moderation moderation;

    @EJB
    JobStore store;

    @EJB
    JobStaging staging;

    @EJB
    JobRevertStore entries;

    @EJB
    Jobs jobs;

    @Inject
    JobSlots slots;

    /**
     * Reverts job {@code id}, or (dry run) answers what a revert would do: {@code {matched, conflicted, conflicts:
     * [{_id, audit_id}]}} (at most {@value #MAX_CONFLICTS} conflicts).
     *
     * @param force revert the rows changed since the job too
     * @return a dry run's report, or the queued revert job {@code {id, status}}
     * @throws ApiException 401 {@code step_up_required} for a run while step-up is due; 403 the operator may not do an
     *                      operation the revert needs; 404 unknown job or another operator's (non-admin); 409 the job
     *                      has not ended, another job of the resource is queued or running, or rows changed since
     *                      (without {@code force}; {@code fields} maps each row's {@code _id} to its message); 422 a
     *                      job kind that cannot be reverted (an action job) or a job with nothing to revert; 429 no
     *                      job slot on this node
     */
    public Jobs.Submitted revert(Operator operator, String id, boolean dryRun, boolean force) {
        if (!dryRun) {
            operator.requireStepUp();
        }
        JobStore.Job job = Jobs.visible(store, operator, id);
        if (!REVERTIBLE.contains(job.kind())) {
            throw ApiException.invalid(
                    "kind",
                    "a " + job.kind() + " job cannot be reverted (only update, delete, " + "import and revert jobs)");
        }
        if (!job.finished()) {
            throw ApiException.conflict("Job " + id + " has not ended (" + job.status() + ")");
        }
        moderation.authorize(operator, Operation.LIST, job.resource());
        List<String> actions = entries.actions(job.id(), job.resource());
        for (String action : actions) {
            moderation.authorize(operator, UNDO.get(action), job.resource());
        }
        long matched = entries.entries(job.id(), job.resource());
        long conflicted = entries.conflicted(job.id(), job.resource());
        List<JobRevertStore.Conflict> conflicts =
                conflicted == 0 ? List.of() : entries.conflicts(job.id(), job.resource(), MAX_CONFLICTS);
        if (dryRun) {
            JsonArrayBuilder list = JSON.createArrayBuilder();
            conflicts.forEach(c ->
                    list.add(JSON.createObjectBuilder().add("_id", c.rowId()).add("audit_id", c.auditId())));
            return new Jobs.Submitted(
                    true,
                    0,
                    JSON.createObjectBuilder()
                            .add("matched", matched)
                            .add("conflicted", conflicted)
                            .add("conflicts", list)
                            .build());
        }
        if (matched == 0) {
            throw ApiException.invalid("id", "job " + id + " changed no row; there is nothing to revert");
        }
        if (conflicted > 0 && !force) {
            Map<String, List<String>> rows = new LinkedHashMap<>();
            conflicts.forEach(c -> rows.put(c.rowId(), List.of("changed since job " + id)));
            throw new ApiException(
                    ErrorCode.CONFLICT,
                    conflicted + " rows changed since job " + id + " (" + String.join(", ", rows.keySet())
                            + "); revert with force to put them back too",
                    rows,
                    Map.of());
        }
        slots.take();
        long revertId;
        try {
            revertId = store.create(
                    job.resource(),
                    "revert",
                    JSON.createObjectBuilder()
                            .add("of", String.valueOf(job.id()))
                            .add("force", force)
                            .build(),
                    operator.userId());
        } catch (RuntimeException e) {
            slots.release();
            throw e;
        }
        try {
            entries.stage(revertId, job.id(), job.resource());
        } catch (RuntimeException e) {
            staging.discard(revertId);
            slots.release();
            throw e;
        }
        jobs.launch(revertId);
        return Jobs.Submitted.queued(revertId);
    }
}
