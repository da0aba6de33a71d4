package dev.warden.panel.jobs;

import dev.warden.auth.Operator;
import dev.warden.auth.OperatorLoader;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditLog;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.audit.Recorded;
import dev.warden.panel.crud.RowAddress;
import dev.warden.panel.history.RowHistoryService;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import dev.warden.panel.rows.PanelRows;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One item of a job, in a transaction of its own (docs/admin-api.md, "Jobs" rule 4): the row changed exactly as the
 * single-row route changes it ({@link PanelRows}, a revert's item as the row's history undoes it,
 * {@link RowHistoryService}: policy, mod scope, field permissions, action roles, the audit entry
 * with {@code job_id}), and the item marked done in the same transaction. A refusal or failure rolls both back and
 * reaches the caller, which records the item as an error row.
 *
 * <p>{@link #applyChunk} does the same for the items of a chunk in one transaction (docs/admin-api.md, "Jobs"): each
 * row as by hand, then the chunk's audit entries in one batch and its items marked done in one statement, all
 * committed together; the first row refused or failing rolls the whole chunk back and is named to the caller
 * ({@link ChunkRowFailed}), which applies the rows before it again and records it as an error row.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class JobRowWork {

    private static final Logger LOG = Logger.getLogger(JobRowWork.class.getName());

    /** The message of an error row whose change failed on the server (not refused by a rule). */
    static final String SERVER_ERROR = "The row could not be changed (server error)";

    @EJB
    PanelRows rows;

    @EJB
    JobStore store;

    @EJB
    JobStaging staging;

    @EJB
    OperatorLoader operators;

    @EJB
    ResourceRegistry registry;

    @EJB
    RowHistoryService history;

    @EJB
    AuditLog audit;

    @Inject
    AuditTrail trail;

    /** The {@code _id} of the row whose primary key {@code values} hold, when it exists; null otherwise. */
    private String existing(String key, JsonObject values) {
        ResourceDef resource = resource(key);
        String id = id(resource, values);
        return id != null && staging.exists(resource, RowAddress.decode(resource, id)) ? id : null;
    }

    /**
     * The job's operator with the roles they hold now, read in a transaction of its own (never in the chunk's, which
     * holds only the batch container's checkpoint).
     *
     * @return empty when the user is gone or holds no panel role
     */
    public Optional<Operator> operator(long userId) {
        return operators.load(userId, null);
    }

    /**
     * Applies item {@code item} of {@code job} for {@code operator}.
     *
     * @throws dev.warden.common.ApiException as the single-row route (403, 404, 409, 422, ...)
     */
    public void apply(JobStore.Job job, Operator operator, JobStore.Item item) {
        applyRow(job, operator, item);
        store.done(job.id(), item.seq());
    }

    /**
     * Applies the items {@code items} of {@code job} for {@code operator} in one transaction: every row as
     * {@link #apply} does it, then the chunk's audit entries ({@link AuditLog#recordAll}) and the items marked done
     * ({@link JobStore#doneAll}), committed together.
     *
     * @param setBased the rows of an update, delete or import written set-based ({@link PanelRows#updateAllInJob},
     *                 {@link PanelRows#deleteAllInJob}, {@link PanelRows#createAllInJob}) when they can be
     * @return the chunk's audit entries, for the caller to announce once this method returned (committed)
     * @throws ChunkRowFailed naming the first item refused or failing, or with index -1 when the set-based write
     *                        failed (the caller applies the chunk again without it); nothing of the chunk was written
     */
    public List<Recorded> applyChunk(JobStore.Job job, Operator operator, List<JobStore.Item> items, boolean setBased) {
        trail.collectInTransaction();
        List<Long> seqs = new ArrayList<>(items.size());
        if (setBased && applyAll(job, operator, items)) {
            items.forEach(item -> seqs.add(item.seq()));
        }
        for (int i = seqs.size(); i < items.size(); i++) {
            JobStore.Item item = items.get(i);
            try {
                applyRow(job, operator, item);
            } catch (ApiException e) {
                throw new ChunkRowFailed(i, e.getMessage());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Job " + job.id() + ", item " + item.seq() + " failed", e);
                throw new ChunkRowFailed(i, SERVER_ERROR);
            }
            seqs.add(item.seq());
        }
        List<Recorded> entries = List.copyOf(trail.collected());
        audit.recordAll(entries);
        store.doneAll(job.id(), seqs);
        return entries;
    }

    /**
     * The chunk's rows written set-based (an update's, a delete's, an import's); false when they cannot be (nothing
     * written). The policy depends on the operator and the resource only, so it is checked once for the chunk; field
     * permissions are checked per row. An import in {@code upsert} mode looks its records' keys up in one statement,
     * creates the new rows set-based and updates the existing ones one by one; a resource with a composite key (or
     * {@code users}) goes row by row.
     */
    private boolean applyAll(JobStore.Job job, Operator operator, List<JobStore.Item> items) {
        try {
            return switch (job.kind()) {
                case "update" ->
                    rows.updateAllInJob(
                            operator, job.resource(), ids(items), job.params().getJsonObject("set"), job.id());
                case "delete" -> rows.deleteAllInJob(operator, job.resource(), ids(items), job.id());
                case "import" -> importAll(job, operator, items);
                default -> false;
            };
        } catch (RuntimeException e) {
            throw new ChunkRowFailed(-1, e.getMessage() == null ? SERVER_ERROR : e.getMessage());
        }
    }

    private static List<String> ids(List<JobStore.Item> items) {
        return items.stream().map(JobStore.Item::rowId).toList();
    }

    private boolean importAll(JobStore.Job job, Operator operator, List<JobStore.Item> items) {
        List<JsonObject> creates = new ArrayList<>(items.size());
        Map<String, JsonObject> updates = new LinkedHashMap<>();
        if (job.params().getString("mode").equals("upsert")) {
            ResourceDef resource = resource(job.resource());
            if (resource.hasCompositeKey()) {
                return false;
            }
            List<String> keyed = new ArrayList<>(items.size());
            items.forEach(item -> keyed.add(id(resource, item.data())));
            Set<String> existing = staging.existing(
                    resource, keyed.stream().filter(id -> id != null).distinct().toList());
            for (int i = 0; i < items.size(); i++) {
                String id = keyed.get(i);
                if (id != null && existing.contains(id)) {
                    if (updates.putIfAbsent(id, items.get(i).data()) != null) {
                        return false; // a key twice: in the file's order, one by one
                    }
                } else {
                    creates.add(items.get(i).data());
                }
            }
        } else {
            items.forEach(item -> creates.add(item.data()));
        }
        if (!creates.isEmpty() && !rows.createAllInJob(operator, job.resource(), creates, job.id())) {
            return false;
        }
        updates.forEach((id, values) -> rows.updateInJob(operator, job.resource(), id, values, job.id()));
        return true;
    }

    private ResourceDef resource(String key) {
        return registry.find(key).orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
    }

    /** The {@code _id} named by the primary key {@code values} hold, or null when they do not hold all of it. */
    private static String id(ResourceDef resource, JsonObject values) {
        return resource.primaryKey().stream().allMatch(k -> values.containsKey(k) && values.get(k) != JsonValue.NULL)
                ? RowAddress.encode(resource, values)
                : null;
    }

    private void applyRow(JobStore.Job job, Operator operator, JobStore.Item item) {
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
    }
}
