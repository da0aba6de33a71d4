package dev.warden.panel.crud;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The column assignments a create or update body asks for, checked against the resource before any SQL
 * runs (docs/admin-api.md, "Rows" and "Built-in resources"). Pure logic.
 *
 * <ul>
 *   <li>The reserved keys {@code _id} and {@code _labels} are accepted and ignored, so a row exactly as read
 *       can be sent back whole (react-admin's PUT).</li>
 *   <li>Every other key must be a visible column of the resource: an unknown one, including a hidden column
 *       such as {@code password_hash}, is "unknown column" ({@code password_hash} of users even if it were
 *       visible: it is written only through {@code password}).</li>
 *   <li>Values are converted by {@link BodyValues}; a value that does not fit names its column.</li>
 *   <li>On update, a primary-key column equal to the addressed row's key is ignored; a different value is
 *       "the primary key cannot change".</li>
 *   <li>A null for a NOT NULL column is "must not be null"; on create, every NOT NULL column without a
 *       database default that the body leaves out is "is required".</li>
 *   <li>Write rules the resource declares through the extension API (docs/extension.md): a read-only
 *       column ({@code ColumnBuilder.readOnly}, e.g. {@code users.ban}) is accepted and ignored; an operator
 *       column ({@code ColumnBuilder.fromOperator}, {@code userNotes.author_id}) is never taken from the body
 *       and set to the operator on create (last); a write-only field ({@code ResourceBuilder.writeOnly},
 *       {@code users.password}) is turned into its hidden column's value by the resource's function, whose
 *       refusal names the field; a null result leaves the column unchanged.</li>
 * </ul>
 * All problems of one body are reported together: 422 {@code invalid_request} with {@code fields}.
 */
public final class RowChanges {

    /** Keys every row carries beside its columns; ignored in bodies. */
    public static final Set<String> RESERVED = Set.of("_id", "_labels");

    /** One {@code column = value} of an INSERT or UPDATE; {@code value} is null for SQL NULL. */
    public record Assignment(ColumnDef column, Object value) {}

    private final List<Assignment> assignments;

    private RowChanges(List<Assignment> assignments) {
        this.assignments = List.copyOf(assignments);
    }

    /**
     * The assignments of a create.
     *
     * @param operatorId the signed-in operator, stored in the resource's operator columns
     * @throws ApiException 422 {@code invalid_request} with one entry in {@code fields} per bad or missing column
     */
    public static RowChanges forCreate(ResourceDef resource, JsonObject body, long operatorId) {
        return build(resource, body, null, operatorId);
    }

    /**
     * The assignments of an update of the row whose key values are {@code key} (as {@link RowAddress#decode}
     * gives them). Only the columns present in the body change (PATCH and PUT alike).
     *
     * @throws ApiException 422 {@code invalid_request} with one entry in {@code fields} per bad column
     */
    public static RowChanges forUpdate(ResourceDef resource, JsonObject body, List<Object> key) {
        return build(resource, body, key, 0);
    }

    /**
     * Columns to write, in body order (write-only fields' hidden columns included, operator columns of a
     * create last).
     */
    public List<Assignment> assignments() {
        return assignments;
    }

    private static RowChanges build(ResourceDef resource, JsonObject body, List<Object> key, long operatorId) {
        boolean create = key == null;
        Map<String, List<String>> problems = new LinkedHashMap<>();
        Map<String, Assignment> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> entry : body.entrySet()) {
            String name = entry.getKey();
            JsonValue value = entry.getValue();
            if (RESERVED.contains(name)
                    || resource.operatorColumns().contains(name)
                    || resource.readOnlyColumns().contains(name)) {
                continue;
            }
            Optional<ResourceDef.WriteOnly> writeOnly = resource.writeOnly(name);
            if (writeOnly.isPresent()) {
                writeOnly(writeOnly.get(), value, problems)
                        .ifPresent(a -> out.put(a.column().name(), a));
                continue;
            }
            Optional<ColumnDef> found = resource.column(name);
            if (found.isEmpty()) {
                problems.put(name, List.of("unknown column"));
                continue;
            }
            ColumnDef column = found.get();
            Object converted;
            try {
                converted = BodyValues.convert(column, value);
            } catch (IllegalArgumentException e) {
                problems.put(name, List.of(e.getMessage()));
                continue;
            }
            if (!create && column.primaryKey()) {
                if (!sameValue(converted, key.get(resource.primaryKey().indexOf(name)))) {
                    problems.put(name, List.of("the primary key cannot change"));
                }
                continue;
            }
            if (converted == null && !column.nullable()) {
                problems.put(name, List.of("must not be null"));
                continue;
            }
            out.put(name, new Assignment(column, converted));
        }
        if (create) {
            for (String column : resource.operatorColumns()) {
                out.put(column, new Assignment(resource.column(column).orElseThrow(), operatorId));
            }
            for (ColumnDef column : resource.columns()) {
                if (!column.nullable()
                        && !column.hasDefault()
                        && !out.containsKey(column.name())
                        && !problems.containsKey(column.name())) {
                    problems.put(column.name(), List.of("is required"));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return new RowChanges(new ArrayList<>(out.values()));
    }

    /** The hidden column's assignment for a write-only field, empty when it leaves the column unchanged. */
    private static Optional<Assignment> writeOnly(
            ResourceDef.WriteOnly field, JsonValue value, Map<String, List<String>> problems) {
        try {
            JsonValue stored = field.store().store(value);
            if (stored == null) {
                return Optional.empty();
            }
            return Optional.of(new Assignment(field.column(), BodyValues.convert(field.column(), stored)));
        } catch (IllegalArgumentException e) {
            problems.put(field.field(), List.of(e.getMessage()));
            return Optional.empty();
        }
    }

    /** Key equality across the value classes {@link BodyValues} and {@link RowAddress} produce. */
    static boolean sameValue(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (a instanceof OffsetDateTime x && b instanceof OffsetDateTime y) {
            return x.isEqual(y);
        }
        return Objects.equals(a, b);
    }
}
