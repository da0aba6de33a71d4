package dev.warden.panel.crud;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.sql.Sql;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a PostgreSQL failure of an INSERT, UPDATE or DELETE into the documented error (docs/admin-api.md, "Error body":
 * {@code conflict} 409 for unique or foreign-key violations, {@code invalid_request} 422 for a
 * bad column value). Pure logic: only {@link SQLException#getSQLState()} and the server's message text are
 * used, so it works with any driver class.
 *
 * <table>
 *   <caption>SQLState mapping</caption>
 *   <tr><th>SQLState</th><th>answer</th></tr>
 *   <tr><td>23505 unique</td><td>409 {@code conflict} naming the key's columns</td></tr>
 *   <tr><td>23503 foreign key</td><td>409 {@code conflict}: the referenced row is missing, or (delete) other rows still refer to it</td></tr>
 *   <tr><td>23502 not null</td><td>422, {@code fields} for the column</td></tr>
 *   <tr><td>23514 check</td><td>422, {@code fields} for the column when the constraint name shows it, else naming the constraint</td></tr>
 *   <tr><td>22P02, 22001, 22003, 22007, 22008</td><td>422 (a value the column's type refuses)</td></tr>
 *   <tr><td>anything else</td><td>{@link IllegalStateException}: a 500 whose details stay in the server log</td></tr>
 * </table>
 *
 * <p>Columns are read from PostgreSQL's message ({@code column "x"}) and detail ({@code Key (a, b)=(...)}),
 * accepted only when they are visible columns of the resource; values from the detail and SQL text never
 * reach the client.
 */
public final class SqlErrors {

    private static final Pattern CONSTRAINT = Pattern.compile("constraint \"((?:[^\"]|\"\")+)\"");
    private static final Pattern COLUMN = Pattern.compile("column \"((?:[^\"]|\"\")+)\"");
    private static final Pattern KEY = Pattern.compile("Key \\((.+?)\\)=\\(");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

    private SqlErrors() {}

    /**
     * The error to throw for {@code e}, raised by a write on {@code resource}.
     *
     * @return an {@link ApiException} (409 or 422) for the SQLStates above, else an {@link IllegalStateException}
     *         wrapping {@code e}
     */
    public static RuntimeException map(ResourceDef resource, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String text = e.getMessage() == null ? "" : e.getMessage();
        Optional<String> constraint = first(CONSTRAINT, text).map(c -> c.replace("\"\"", "\""));
        return switch (state) {
            case "23505" -> {
                List<String> columns = keyColumns(resource, text, constraint);
                yield ApiException.conflict(
                        columns.isEmpty()
                                ? "Another " + resource.key() + " row conflicts with this one (unique constraint "
                                        + constraint.orElse("unknown") + ")"
                                : "Another " + resource.key() + " row already has the same "
                                        + String.join(", ", columns));
            }
            case "23503" -> {
                if (text.contains("still referenced") || text.contains("update or delete on table")) {
                    yield ApiException.conflict("This " + resource.key()
                            + " row is still referenced by other rows; delete or change those first");
                }
                List<String> columns = keyColumns(resource, text, constraint);
                if (columns.size() == 1) {
                    String target = resource.oneRelationOn(columns.get(0))
                            .map(RelationDef::target)
                            .orElse(null);
                    yield ApiException.conflict(columns.get(0) + " does not refer to an existing "
                            + (target == null ? "row" : target + " row"));
                }
                yield ApiException.conflict(
                        columns.isEmpty()
                                ? "A referenced row does not exist (foreign key " + constraint.orElse("unknown") + ")"
                                : String.join(", ", columns) + " do not refer to an existing row");
            }
            case "23502" -> {
                Optional<String> column = first(COLUMN, text)
                        .map(c -> c.replace("\"\"", "\""))
                        .filter(c -> resource.column(c).isPresent());
                yield column.isPresent()
                        ? ApiException.invalid(column.get(), "must not be null")
                        : new ApiException(ErrorCode.INVALID_REQUEST, "A required column is missing");
            }
            case "23514" -> {
                String name = constraint.orElse("unknown");
                Optional<String> column = constraint.flatMap(c -> columnOfConstraint(resource, c));
                yield column.isPresent()
                        ? ApiException.invalid(column.get(), "violates the check constraint " + name)
                        : new ApiException(ErrorCode.INVALID_REQUEST, "The row violates the check constraint " + name);
            }
            case "22P02", "22007", "22008" -> invalidValue("A value is not valid for its column's type");
            case "22001" -> invalidValue("A value is too long for its column");
            case "22003" -> invalidValue("A value is out of range for its column");
            default ->
                new IllegalStateException("Writing " + resource.key() + " failed (SQLState " + state + "): " + text, e);
        };
    }

    private static ApiException invalidValue(String message) {
        return new ApiException(ErrorCode.INVALID_REQUEST, message, Map.of(), Map.of());
    }

    /**
     * The resource's columns named in the detail's {@code Key (...)}: plain column names, or the column names
     * inside an expression such as {@code lower(email)}. Without a detail, the columns a constraint named
     * {@code <table>_<column>_key} or {@code _fkey} shows.
     */
    static List<String> keyColumns(ResourceDef resource, String text, Optional<String> constraint) {
        List<String> columns = new ArrayList<>();
        Optional<String> key = first(KEY, text);
        if (key.isPresent()) {
            for (String part : key.get().split(",")) {
                String name = Sql.unquote(part.strip());
                if (resource.column(name).isPresent()) {
                    add(columns, name);
                    continue;
                }
                Matcher identifiers = IDENTIFIER.matcher(part);
                while (identifiers.find()) {
                    if (resource.column(identifiers.group()).isPresent()) {
                        add(columns, identifiers.group());
                    }
                }
            }
        }
        if (columns.isEmpty()) {
            constraint.flatMap(c -> columnOfConstraint(resource, c)).ifPresent(columns::add);
        }
        return columns;
    }

    /**
     * The column a constraint named the way PostgreSQL names them shows: {@code <table>_<column>_check},
     * {@code <table>_<column>_key}, {@code <table>_<column>_fkey}, or {@code <table>_<column>_<anything>};
     * the longest matching column wins.
     */
    static Optional<String> columnOfConstraint(ResourceDef resource, String constraint) {
        String prefix = resource.table() + "_";
        if (!constraint.startsWith(prefix)) {
            return Optional.empty();
        }
        String rest = constraint.substring(prefix.length());
        return resource.columns().stream()
                .map(c -> c.name())
                .filter(name -> rest.equals(name) || rest.startsWith(name + "_"))
                .max(Comparator.comparingInt(String::length));
    }

    private static Optional<String> first(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static void add(List<String> columns, String name) {
        if (!columns.contains(name)) {
            columns.add(name);
        }
    }
}
