package dev.warden.panel.history;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.sql.Sql;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.crud.ResourceWrites;
import dev.warden.panel.crud.RowAddress;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.policy.FieldAccess;
import dev.warden.panel.registry.ResourceDef;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * A row's history, revert and restore. Every method takes the resource as the caller sees it
 * (the view {@code Moderation.authorize} answers: read for the history, update for a revert, create for a
 * restore), so policies and field permissions apply as on the ordinary routes.
 *
 * <ul>
 *   <li>{@link #history}: the row's audit entries ({@code resource} = the key, {@code target_id} = the row's
 *       {@code _id}; never a job's {@code job.*} or a saved view's {@code view.*} entries, whose target is the
 *       job's or the view's id), newest first, payloads through {@link HistoryPayloads};</li>
 *   <li>{@link #revert}: puts back the {@code before} values of an {@code update} entry of the row; 409
 *       {@code conflict} when any of those columns no longer holds the entry's {@code after} value;</li>
 *   <li>{@link #restore}: inserts again the row of a {@code delete} entry of the resource (same key); 409 when a
 *       row with that key exists.</li>
 * </ul>
 * A column the caller may not read or write in the entry is 403 naming it ({@link FieldAccess#checkBody}); a
 * credential change ({@code "(changed)"}) or a column the panel never writes cannot be put back and is skipped.
 */
@Stateless
public class RowHistory {

    /** The longest page of history entries. */
    public static final int MAX_WINDOW = 1000;

    /** Leaves out the entries of a resource whose target is not a row: a job's ({@code job.*}), a saved view's. */
    static final String ROW_ENTRIES =
            "resource = ? AND target_id = ? AND action NOT LIKE 'job.%' AND action NOT LIKE 'view.%'";

    static final String ENTRIES = "SELECT id, created_at, operator_id, action, payload::text FROM warden_admin_audit "
            + "WHERE " + ROW_ENTRIES + " ORDER BY chain_seq DESC LIMIT ? OFFSET ?";
    static final String COUNT = "SELECT count(*) FROM warden_admin_audit WHERE " + ROW_ENTRIES;
    static final String ENTRY =
            "SELECT id, resource, target_id, action, payload::text FROM warden_admin_audit " + "WHERE id = ?";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    ResourceRows rows;

    @EJB
    ResourceWrites writes;

    /** One page of a row's history: the entries, newest first, and how many there are. */
    public record Page(jakarta.json.JsonArray entries, long total) {}

    /** One audit entry as stored. */
    record Entry(long id, String resource, String targetId, String action, JsonObject payload) {}

    /**
     * Entries {@code start} (inclusive) to {@code end} (exclusive) of the row's history, newest first, each
     * {@code {id, created_at, operator_id, action, payload}}.
     *
     * @throws ApiException 422 for a window that is negative, reversed or wider than {@value #MAX_WINDOW}
     */
    public Page history(ResourceDef view, String id, int start, int end) {
        if (start < 0 || end < start || end - start > MAX_WINDOW) {
            throw ApiException.invalid("_end", "the window must be 0 to " + MAX_WINDOW + " entries");
        }
        return Sql.with(dataSource, "Reading the history of " + view.key() + " " + id, c -> {
            long total =
                    Sql.first(c, COUNT, rs -> rs.getLong(1), view.key(), id).orElseThrow();
            JsonArrayBuilder out = JSON.createArrayBuilder();
            Sql.list(
                            c,
                            ENTRIES,
                            rs -> {
                                JsonObjectBuilder entry = JSON.createObjectBuilder()
                                        .add("id", rs.getLong(1))
                                        .add(
                                                "created_at",
                                                rs.getObject(2, OffsetDateTime.class)
                                                        .toInstant()
                                                        .toString());
                                Long operator = rs.getObject(3, Long.class);
                                if (operator == null) {
                                    entry.addNull("operator_id");
                                } else {
                                    entry.add("operator_id", operator);
                                }
                                String action = rs.getString(4);
                                return entry.add("action", action)
                                        .add("payload", HistoryPayloads.visible(action, parse(rs.getString(5)), view));
                            },
                            view.key(),
                            id,
                            end - start,
                            start)
                    .forEach(out::add);
            return new Page(out.build(), total);
        });
    }

    /**
     * Puts back the {@code before} values of the update entry {@code auditId} of row {@code id}.
     *
     * @return the update ({@link RowHistoryService} audits it as {@code update} with {@code reverted_from})
     * @throws ApiException 404 when the entry is not one of this row's, or the row is gone; 422 when it is not an
     *                      update or has nothing that can be put back; 403 naming a column the caller may not
     *                      read or write; 409 naming the columns changed since
     */
    public UpdateResult revert(ResourceDef view, String id, long auditId, Operator operator) {
        return revert(view, id, auditId, operator, false);
    }

    /**
     * As {@link #revert(ResourceDef, String, long, Operator)}; {@code force} puts the values back even over columns
     * changed since (a job's forced revert, docs/admin-api.md, "Jobs", "Revert").
     */
    public UpdateResult revert(ResourceDef view, String id, long auditId, Operator operator, boolean force) {
        Entry entry = entry(auditId);
        if (entry == null || !entry.resource().equals(view.key()) || !id.equals(entry.targetId())) {
            throw ApiException.notFound("No audit entry " + auditId + " of " + view.key() + " " + id);
        }
        if (!"update".equals(entry.action()) || !(entry.payload().get("changes") instanceof JsonObject changes)) {
            throw ApiException.invalid(
                    "audit_id",
                    "is a '" + entry.action() + "' entry; only updates can be reverted "
                            + "(a delete is restored with POST /admin-api/" + view.key() + "/_restore)");
        }
        JsonObjectBuilder body = JSON.createObjectBuilder();
        Map<String, JsonValue> after = new java.util.LinkedHashMap<>();
        changes.forEach((column, change) -> {
            if (!(change instanceof JsonObject c) || HistoryPayloads.redacted(change) || skipped(view, column)) {
                return;
            }
            body.add(column, c.getOrDefault("before", JsonValue.NULL));
            after.put(column, c.getOrDefault("after", JsonValue.NULL));
        });
        JsonObject values = body.build();
        if (values.isEmpty()) {
            throw ApiException.invalid("audit_id", "has no column the panel can put back");
        }
        FieldAccess.checkBody(view, values, null);
        JsonObject current = rows.read(view, id);
        List<String> changed = new ArrayList<>();
        after.forEach((column, value) -> {
            if (!same(value, current.get(column))) {
                changed.add(column);
            }
        });
        if (!changed.isEmpty() && !force) {
            throw new ApiException(
                    ErrorCode.CONFLICT,
                    "The row changed since audit entry " + auditId + ": " + String.join(", ", changed));
        }
        return writes.update(view, id, values, null, operator);
    }

    /**
     * Deletes again row {@code id} created by the create entry {@code auditId} (a job's revert of an import).
     *
     * @param force delete it even when columns changed since
     * @return the deleted row
     * @throws ApiException 404 when the entry is not this row's create, or the row is gone; 409 naming the columns
     *                      changed since (unless {@code force}); 409 when it is still referenced
     */
    public JsonObject uncreate(ResourceDef view, String id, long auditId, Operator operator, boolean force) {
        Entry entry = entry(auditId);
        if (entry == null
                || !entry.resource().equals(view.key())
                || !id.equals(entry.targetId())
                || !"create".equals(entry.action())
                || !(entry.payload().get("row") instanceof JsonObject created)) {
            throw ApiException.notFound("No create entry " + auditId + " of " + view.key() + " " + id);
        }
        JsonObject current = rows.read(view, id);
        List<String> changed = new ArrayList<>();
        created.forEach((column, value) -> {
            if (!skipped(view, column)
                    && !HistoryPayloads.redacted(
                            JSON.createObjectBuilder().add("after", value).build())
                    && !same(value, current.get(column))) {
                changed.add(column);
            }
        });
        if (!changed.isEmpty() && !force) {
            throw new ApiException(
                    ErrorCode.CONFLICT,
                    "The row changed since audit entry " + auditId + ": " + String.join(", ", changed));
        }
        return writes.delete(view, id, null, operator);
    }

    /**
     * The action of audit entry {@code auditId} ({@code create}, {@code update}, {@code delete}, ...).
     *
     * @throws ApiException 404 no such entry
     */
    public String action(long auditId) {
        Entry entry = entry(auditId);
        if (entry == null) {
            throw ApiException.notFound("No audit entry " + auditId);
        }
        return entry.action();
    }

    /**
     * Inserts again the row recorded by the delete entry {@code auditId} of this resource, with its key.
     *
     * @return the new row ({@link RowHistoryService} audits it as {@code create} with {@code reverted_from})
     * @throws ApiException 404 when the entry is not of this resource; 422 when it is not a delete; 403 naming a
     *                      column the caller may not read or write; 409 when the row exists again (or another
     *                      unique value is taken)
     */
    public JsonObject restore(ResourceDef view, long auditId, Operator operator) {
        Entry entry = entry(auditId);
        if (entry == null || !entry.resource().equals(view.key())) {
            throw ApiException.notFound("No audit entry " + auditId + " of " + view.key());
        }
        if (!"delete".equals(entry.action()) || !(entry.payload().get("row") instanceof JsonObject row)) {
            throw ApiException.invalid("audit_id", "is a '" + entry.action() + "' entry; only deletes can be restored");
        }
        if (exists(view, entry.targetId())) {
            throw new ApiException(
                    ErrorCode.CONFLICT,
                    "The row " + entry.targetId() + " of " + view.key() + " exists; audit entry " + auditId
                            + " cannot restore it");
        }
        JsonObjectBuilder body = JSON.createObjectBuilder();
        row.forEach((column, value) -> {
            if (!skipped(view, column)) {
                body.add(column, value);
            }
        });
        JsonObject values = FieldAccess.checkBody(view, body.build(), null);
        return writes.create(view, values, operator);
    }

    /** Columns a revert or restore leaves alone: gone from the table, never written by the panel. */
    private static boolean skipped(ResourceDef view, String column) {
        if (view.hiddenColumns().contains(column)) {
            return false; // refused by FieldAccess.checkBody, never silently dropped
        }
        return view.column(column).isEmpty()
                || view.readOnlyColumns().contains(column)
                || view.operatorColumns().contains(column);
    }

    /**
     * True when the row addressed by {@code id} exists. Plain SQL on purpose: {@code ResourceRows.read} answers a
     * missing row with an {@code ApiException}, which marks this bean's transaction for rollback (the restore's
     * INSERT would then silently not commit).
     */
    private boolean exists(ResourceDef view, String id) {
        if (id == null) {
            return false;
        }
        List<Object> key;
        try {
            key = RowAddress.decode(view, id);
        } catch (ApiException e) {
            return false;
        }
        String sql = "SELECT 1 FROM " + Sql.quote(view.table()) + " WHERE "
                + view.primaryKey().stream()
                        .map(c -> Sql.quote(c) + " = ?")
                        .collect(java.util.stream.Collectors.joining(" AND "));
        return Sql.first(dataSource, "Looking up " + view.key() + " " + id, sql, rs -> true, key)
                .isPresent();
    }

    private Entry entry(long auditId) {
        return Sql.first(
                        dataSource,
                        "Reading audit entry " + auditId,
                        ENTRY,
                        rs -> new Entry(
                                rs.getLong(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                parse(rs.getString(5)) instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT),
                        auditId)
                .orElse(null);
    }

    private static JsonValue parse(String text) {
        if (text == null) {
            return JsonValue.NULL;
        }
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }

    static boolean same(JsonValue a, JsonValue b) {
        JsonValue x = a == null ? JsonValue.NULL : a;
        JsonValue y = b == null ? JsonValue.NULL : b;
        if (x instanceof JsonNumber m && y instanceof JsonNumber n) {
            return m.bigDecimalValue().compareTo(n.bigDecimalValue()) == 0;
        }
        return x.equals(y);
    }
}
