package dev.warden.panel.crud;

import dev.warden.auth.Passwords;
import dev.warden.common.ApiException;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
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
 * runs (DESIGN.md section 3, "Create", "Update"; spec/admin-panel.md, Built-in resources). Pure logic.
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
 *   <li>users: {@code password} is write-only; it is checked here ({@value Passwords#MIN_LENGTH} to 1024
 *       characters) and hashed by the caller into {@code password_hash}. Null or an empty string leaves the
 *       password unchanged (an edit form's empty password field).</li>
 *   <li>userNotes: {@code author_id} is never taken from the body; create sets it to the operator.</li>
 * </ul>
 * All problems of one body are reported together: 422 {@code invalid_request} with {@code fields}.
 */
public final class RowChanges {

    /** Keys every row carries beside its columns; ignored in bodies. */
    public static final Set<String> RESERVED = Set.of("_id", "_labels");
    /**
     * Columns of the users resource that only the moderation endpoints change ({@code ban}, unban and
     * revoke-sessions): accepted and ignored in generic writes, so a row sent back whole with PUT can never
     * lift a ban or revive revoked sessions that changed after it was read.
     */
    public static final Set<String> USERS_MANAGED = Set.of("ban", "token_version");
    /** The users resource, whose body takes a write-only {@link #PASSWORD}. */
    public static final String USERS = "users";
    /** The write-only password field of the users resource. */
    public static final String PASSWORD = "password";
    /** The hidden column the password's hash is stored in. */
    public static final String PASSWORD_HASH = "password_hash";
    /** The user notes resource, whose author comes from the session. */
    public static final String USER_NOTES = "userNotes";
    /** The author column of user notes. */
    public static final String AUTHOR_ID = "author_id";
    /** Longest password accepted (as for bootstrap and password reset). */
    public static final int MAX_PASSWORD_LENGTH = 1024;

    /** One {@code column = value} of an INSERT or UPDATE; {@code value} is null for SQL NULL. */
    public record Assignment(ColumnDef column, Object value) {
    }

    private final List<Assignment> assignments;
    private final String password;

    private RowChanges(List<Assignment> assignments, String password) {
        this.assignments = List.copyOf(assignments);
        this.password = password;
    }

    /**
     * The assignments of a create.
     *
     * @param operatorId the signed-in operator, the author of a new user note
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

    /** Columns to write, in body order (the author of a new note last). */
    public List<Assignment> assignments() {
        return assignments;
    }

    /** The new password in clear (users only), to be hashed into {@link #PASSWORD_HASH}; empty when unchanged. */
    public Optional<String> password() {
        return Optional.ofNullable(password);
    }

    private static RowChanges build(ResourceDef resource, JsonObject body, List<Object> key, long operatorId) {
        boolean create = key == null;
        boolean users = USERS.equals(resource.key());
        boolean notes = USER_NOTES.equals(resource.key()) && resource.column(AUTHOR_ID).isPresent();
        Map<String, List<String>> problems = new LinkedHashMap<>();
        Map<String, Assignment> out = new LinkedHashMap<>();
        String password = null;
        for (Map.Entry<String, JsonValue> entry : body.entrySet()) {
            String name = entry.getKey();
            JsonValue value = entry.getValue();
            if (RESERVED.contains(name) || (notes && AUTHOR_ID.equals(name)) || (users && USERS_MANAGED.contains(name))) {
                continue;
            }
            if (users && PASSWORD.equals(name) && resource.column(PASSWORD).isEmpty()) {
                password = password(value, problems);
                continue;
            }
            Optional<ColumnDef> found = users && PASSWORD_HASH.equals(name) ? Optional.empty() : resource.column(name);
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
        if (create && notes) {
            out.put(AUTHOR_ID, new Assignment(resource.column(AUTHOR_ID).orElseThrow(), operatorId));
        }
        if (create) {
            for (ColumnDef column : resource.columns()) {
                if (!column.nullable() && !column.hasDefault() && !out.containsKey(column.name())
                        && !problems.containsKey(column.name())) {
                    problems.put(column.name(), List.of("is required"));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return new RowChanges(new ArrayList<>(out.values()), password);
    }

    private static String password(JsonValue value, Map<String, List<String>> problems) {
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString s)) {
            problems.put(PASSWORD, List.of("must be a string"));
            return null;
        }
        String text = s.getString();
        if (text.isEmpty()) {
            return null;
        }
        if (text.length() < Passwords.MIN_LENGTH || text.length() > MAX_PASSWORD_LENGTH) {
            problems.put(PASSWORD, List.of("must be " + Passwords.MIN_LENGTH + " to " + MAX_PASSWORD_LENGTH + " characters"));
            return null;
        }
        return text;
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
