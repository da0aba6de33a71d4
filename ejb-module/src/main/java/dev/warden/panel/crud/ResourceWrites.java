package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.sql.Sql;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * Creates, updates and deletes rows of panel resources (docs/admin-api.md, "Rows" and "Endpoints"). Each call is one container-managed transaction.
 *
 * <p>SQL is parameterised; identifiers come only from the registry ({@link Sql#quote}). Bodies are checked
 * by {@link RowChanges} before any SQL runs; database refusals are mapped by {@link SqlErrors} (409
 * {@code conflict} for unique and foreign-key violations, 422 {@code invalid_request} for bad values), so no
 * SQL text or stack trace reaches a client. Every method answers the row as {@link ResourceRows#read} shows
 * it, with {@code _id} and {@code _labels}; its {@link ETags#of ETag} is the one a later read gives.
 *
 * <p>{@code If-Match} (update, delete): the row is locked with {@code SELECT ... FOR UPDATE}, read, and its
 * ETag compared inside the same transaction ({@link ETags#matches}); a mismatch is 412
 * {@code precondition_failed}, {@code *} matches any existing row, an absent header skips the check.
 *
 * <p>This class writes no audit rows: the caller records {@code create}, {@code update} and {@code delete}
 * after the method returns, i.e. after the mutation committed (docs/admin-api.md, "Events" rule 1). For that,
 * {@link #update} answers the row before and after ({@link UpdateResult}), the "before" being the row it
 * already locks and reads for {@code If-Match}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class ResourceWrites {

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    ResourceRows rows;

    /**
     * {@code POST /:resource}: inserts the columns of {@code body} and answers the new row.
     *
     * <p>Columns left out get their database defaults. The resource's write rules apply ({@link RowChanges}):
     * e.g. users' write-only {@code password} is stored hashed in {@code password_hash}, userNotes'
     * {@code author_id} is the operator whatever the body says.
     *
     * @param body     the request body, keyed by SQL column names (reserved {@code _id}, {@code _labels} ignored)
     * @param operator the signed-in operator
     * @return the new row, as read back
     * @throws ApiException 422 {@code invalid_request} for unknown columns, bad values or missing required columns
     *                      ({@code fields} names each); 409 {@code conflict} for a unique or foreign-key violation
     */
    public JsonObject create(ResourceDef resource, JsonObject body, Operator operator) {
        RowChanges changes =
                RowChanges.forCreate(resource, withDefaults(resource, body, operator.userId()), operator.userId());
        String id;
        try (Connection connection = dataSource.getConnection()) {
            id = insert(connection, resource, List.of(changes.assignments())).get(0);
        } catch (SQLException e) {
            throw SqlErrors.map(resource, e);
        }
        return rows.read(resource, id);
    }

    /**
     * The body merged over the resource's {@code create.defaults}
     * (docs/admin-api.md, "Resource definition" rule 3: the defaults run on every INSERT, keys may be SQL or attribute names, the body wins per column).
     */
    static JsonObject withDefaults(ResourceDef resource, JsonObject body, long operatorId) {
        if (!resource.hasCreateDefaults()) {
            return body;
        }
        JsonObjectBuilder merged = JSON.createObjectBuilder();
        resource.createDefaults(operatorId).forEach((column, value) -> {
            if (!body.containsKey(column)) {
                merged.add(column, toJson(value));
            }
        });
        body.forEach(merged::add);
        return merged.build();
    }

    /** A defaults value as JSON: JSON values as they are, maps and collections through JSON-P, times as ISO text. */
    private static JsonValue toJson(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        } else if (value instanceof JsonValue json) {
            return json;
        } else if (value instanceof String text) {
            return JSON.createValue(text);
        } else if (value instanceof Boolean flag) {
            return flag ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (value instanceof java.math.BigDecimal || value instanceof Double || value instanceof Float) {
            return JSON.createValue(new java.math.BigDecimal(value.toString()));
        } else if (value instanceof Number number) {
            return JSON.createValue(number.longValue());
        } else if (value instanceof Map<?, ?> map) {
            JsonObjectBuilder object = JSON.createObjectBuilder();
            map.forEach((k, v) -> object.add(String.valueOf(k), toJson(v)));
            return object.build();
        } else if (value instanceof java.util.Collection<?> items) {
            jakarta.json.JsonArrayBuilder array = JSON.createArrayBuilder();
            items.forEach(item -> array.add(toJson(item)));
            return array.build();
        }
        return JSON.createValue(value.toString()); // Instant, OffsetDateTime, LocalDate, UUID: ISO text
    }

    /**
     * {@code PATCH} or {@code PUT /:resource/:id}: updates only the columns present in {@code body} and answers
     * the row. A row exactly as read may be sent back whole: {@code _id}, {@code _labels} and an unchanged
     * primary key are ignored. An empty body changes nothing (the row is answered as it is).
     *
     * @param id      the row's {@code _id} (path segment)
     * @param ifMatch  the {@code If-Match} header, or null
     * @param operator the signed-in operator
     * @return the row before (as locked and read for {@code If-Match}) and after the update; {@code written}
     *         is false when the body had nothing to write
     * <p>users: a non-admin may not update an admin or mod (403); a changed {@code password} or {@code email}
     * ends the user's other sessions and is reported in {@link UpdateResult#redacted} ({@link UserAccountRules}).
     *
     * @throws ApiException 403 {@code forbidden} by {@link UserAccountRules};
     *                      404 {@code not_found} for no such row; 422 {@code invalid_request} for unknown columns,
     *                      bad values or a changed primary key; 412 {@code precondition_failed} when
     *                      {@code ifMatch} does not match the row; 409 {@code conflict} for a unique or
     *                      foreign-key violation
     */
    public UpdateResult update(ResourceDef resource, String id, JsonObject body, String ifMatch, Operator operator) {
        List<Object> key = RowAddress.decode(resource, id);
        RowChanges changes = RowChanges.forUpdate(resource, body, key);
        List<RowChanges.Assignment> assignments = changes.assignments();
        JsonObject current = lockAndRead(resource, id, key);
        requireMatch(resource, id, current, ifMatch);
        if (assignments.isEmpty()) {
            return new UpdateResult(current, current, false);
        }
        boolean users = UserAccountRules.USERS.equals(resource.key());
        String sql = updateSet(resource, assignments) + " WHERE " + whereKey(resource);
        try (Connection connection = dataSource.getConnection()) {
            if (users) {
                UserAccountRules.requireMayChange(connection, operator, ((Number) key.get(0)).longValue());
                UserAccountRules.requireMayChangeCredentials(operator, credentialWrites(resource, body, current));
            }
            try (PreparedStatement ps = connection.prepareStatement(sql)) {
                Sql.bind(ps, bind(ps, 1, assignments), key);
                ps.executeUpdate();
            }
            JsonObject after = rows.read(resource, id);
            Set<String> redacted = users ? credentialChanges(resource, body, assignments, current, after) : Set.of();
            if (!redacted.isEmpty()) {
                UserAccountRules.endOtherSessions(connection, ((Number) key.get(0)).longValue(), operator.sessionId());
                after = rows.read(resource, id);
            }
            return new UpdateResult(current, after, true, redacted);
        } catch (SQLException e) {
            throw SqlErrors.map(resource, e);
        }
    }

    /**
     * The credential fields an update of a user would change, read before it runs: every write-only field of the
     * body and the {@code email} when the body gives another value than the row holds ({@link UserAccountRules}).
     */
    private static Set<String> credentialWrites(ResourceDef resource, JsonObject body, JsonObject before) {
        Set<String> changed = new LinkedHashSet<>();
        for (String field : body.keySet()) {
            if (resource.writeOnly(field).isPresent()) {
                changed.add(field);
            }
        }
        if (body.containsKey(UserAccountRules.EMAIL)
                && !body.get(UserAccountRules.EMAIL).equals(before.get(UserAccountRules.EMAIL))) {
            changed.add(UserAccountRules.EMAIL);
        }
        return changed;
    }

    /**
     * The credential fields an update of a user changed: every write-only field of the body that was written
     * (the {@code password}) and the {@code email} when its value changed ({@link UserAccountRules}).
     */
    private static Set<String> credentialChanges(
            ResourceDef resource,
            JsonObject body,
            List<RowChanges.Assignment> assignments,
            JsonObject before,
            JsonObject after) {
        Set<String> changed = new LinkedHashSet<>();
        for (String field : body.keySet()) {
            resource.writeOnly(field).ifPresent(w -> {
                if (assignments.stream()
                        .anyMatch(a -> a.column().name().equals(w.column().name()))) {
                    changed.add(field);
                }
            });
        }
        if (before.containsKey(UserAccountRules.EMAIL)
                && !before.get(UserAccountRules.EMAIL).equals(after.get(UserAccountRules.EMAIL))) {
            changed.add(UserAccountRules.EMAIL);
        }
        return changed;
    }

    /**
     * {@code DELETE /:resource/:id}: deletes the row and answers it as it was.
     *
     * @param ifMatch  the {@code If-Match} header, or null
     * @param operator the signed-in operator (a non-admin may not delete an admin or mod: {@link UserAccountRules})
     * @return the deleted row
     * @throws ApiException 403 {@code forbidden} by {@link UserAccountRules}; 404 {@code not_found} for no such row; 412 {@code precondition_failed} when
     *                      {@code ifMatch} does not match; 409 {@code conflict} when other rows still refer to it
     */
    public JsonObject delete(ResourceDef resource, String id, String ifMatch, Operator operator) {
        List<Object> key = RowAddress.decode(resource, id);
        JsonObject current = lockAndRead(resource, id, key);
        requireMatch(resource, id, current, ifMatch);
        String sql = "DELETE FROM " + Sql.quote(resource.table()) + " WHERE " + whereKey(resource);
        try (Connection connection = dataSource.getConnection()) {
            if (UserAccountRules.USERS.equals(resource.key())) {
                UserAccountRules.requireMayChange(connection, operator, ((Number) key.get(0)).longValue());
            }
            Sql.update(connection, sql, key);
        } catch (SQLException e) {
            throw SqlErrors.map(resource, e);
        }
        return current;
    }

    /**
     * One {@code INSERT ... VALUES (...), (...) RETURNING <key>} of {@code rows} (each a create's assignments), in
     * {@code connection}: the columns any row assigns, {@code DEFAULT} where a row assigns none of them;
     * {@code DEFAULT VALUES} for one row that assigns nothing.
     *
     * @return the new rows' {@code _id}, in the order of {@code rows}
     */
    static List<String> insert(Connection connection, ResourceDef resource, List<List<RowChanges.Assignment>> rows)
            throws SQLException {
        Map<String, ColumnDef> columns = new LinkedHashMap<>();
        rows.forEach(row -> row.forEach(a -> columns.putIfAbsent(a.column().name(), a.column())));
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(Sql.quote(resource.table()));
        if (columns.isEmpty()) {
            sql.append(" DEFAULT VALUES");
        } else {
            sql.append(" (")
                    .append(columns.keySet().stream().map(Sql::quote).collect(Collectors.joining(", ")))
                    .append(") VALUES ");
            List<String> values = new ArrayList<>(rows.size());
            for (List<RowChanges.Assignment> row : rows) {
                Set<String> assigned = row.stream().map(a -> a.column().name()).collect(Collectors.toSet());
                values.add(columns.values().stream()
                        .map(c -> assigned.contains(c.name()) ? BodyValues.placeholder(c) : "DEFAULT")
                        .collect(Collectors.joining(", ", "(", ")")));
            }
            sql.append(String.join(", ", values));
        }
        sql.append(" RETURNING ")
                .append(resource.primaryKey().stream().map(Sql::quote).collect(Collectors.joining(", ")));
        List<String> ids = new ArrayList<>(rows.size());
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            int index = 1;
            for (List<RowChanges.Assignment> row : rows) {
                Map<String, RowChanges.Assignment> byColumn = new HashMap<>();
                row.forEach(a -> byColumn.put(a.column().name(), a));
                for (String column : columns.keySet()) {
                    RowChanges.Assignment a = byColumn.get(column);
                    if (a != null) {
                        BodyValues.bind(ps, index++, a.column(), a.value());
                    }
                }
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    JsonObjectBuilder key = JSON.createObjectBuilder();
                    RowJson.read(rs, keyColumns(resource), key);
                    ids.add(RowAddress.encode(resource, key.build()));
                }
            }
        }
        return ids;
    }

    /** Locks the addressed row for the rest of the transaction and reads it. */
    private JsonObject lockAndRead(ResourceDef resource, String id, List<Object> key) {
        String sql = "SELECT 1 FROM " + Sql.quote(resource.table()) + " WHERE " + whereKey(resource) + " FOR UPDATE";
        if (Sql.first(dataSource, "Locking " + resource.key() + " " + id, sql, rs -> true, key)
                .isEmpty()) {
            throw ApiException.notFound("No " + resource.key() + " row with id '" + id + "'");
        }
        return rows.read(resource, id);
    }

    private static void requireMatch(ResourceDef resource, String id, JsonObject current, String ifMatch) {
        if (!ETags.matches(ifMatch, ETags.of(current))) {
            throw new ApiException(
                    ErrorCode.PRECONDITION_FAILED,
                    "The " + resource.key() + " row '" + id
                            + "' has changed since it was read (If-Match does not match its ETag); read it again");
        }
    }

    /** {@code UPDATE <table> SET "column" = ?, ...} for {@code assignments}, a condition to follow. */
    static String updateSet(ResourceDef resource, List<RowChanges.Assignment> assignments) {
        return "UPDATE " + Sql.quote(resource.table()) + " SET "
                + assignments.stream()
                        .map(a -> Sql.quote(a.column().name()) + " = " + BodyValues.placeholder(a.column()))
                        .collect(Collectors.joining(", "));
    }

    static List<ColumnDef> keyColumns(ResourceDef resource) {
        return resource.primaryKey().stream()
                .map(c -> resource.column(c).orElseThrow())
                .toList();
    }

    private static String whereKey(ResourceDef resource) {
        return resource.primaryKey().stream().map(c -> Sql.quote(c) + " = ?").collect(Collectors.joining(" AND "));
    }

    static int bind(PreparedStatement ps, int first, List<RowChanges.Assignment> assignments) throws SQLException {
        int index = first;
        for (RowChanges.Assignment a : assignments) {
            BodyValues.bind(ps, index++, a.column(), a.value());
        }
        return index;
    }
}
