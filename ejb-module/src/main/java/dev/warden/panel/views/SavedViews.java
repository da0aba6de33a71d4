package dev.warden.panel.views;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.registry.ResourceDef;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The saved list views of one operator for one resource.
 *
 * <p>A view is {@code {id, name, filters, sort, columns, created_at, updated_at}}: {@code filters} is an object of
 * list query parameters ({@code {"email_like": ["a"], "_q": ["x"]}}, values a string or a list of strings), {@code sort}
 * a list of {@code {field, order}} ({@code asc}/{@code desc}), {@code columns} the visible column names in order
 * (empty: the resource's list columns). Saving under an existing name replaces that view.
 */
@Stateless
public class SavedViews {

    /** Longest view name, in characters. */
    public static final int MAX_NAME = 100;
    /** Most views one operator keeps per resource. */
    public static final int MAX_VIEWS = 100;
    /** Window and format parameters: a view stores filters, not a page. */
    private static final Set<String> NOT_FILTERS = Set.of("_start", "_end", "_sort", "_order", "format");

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** The operator's views of {@code resource}, by name. */
    public JsonArray list(long operatorId, ResourceDef resource) {
        String sql = "SELECT id, name, filters::text, sort::text, columns::text, created_at, updated_at "
                + "FROM warden_saved_views WHERE operator_id = ? AND resource = ? ORDER BY name, id";
        JsonArrayBuilder out = JSON.createArrayBuilder();
        Sql.list(dataSource, "Reading saved views", sql, SavedViews::view, operatorId, resource.key())
                .forEach(out::add);
        return out.build();
    }

    /** The outcome of {@link #save}: the view and whether it was new. */
    public record Saved(JsonObject view, boolean created) {}

    /**
     * Saves {@code body} ({@code {name, filters?, sort?, columns?}}) as the operator's view of {@code resource};
     * a view of the same name is replaced.
     *
     * @throws ApiException 422 {@code invalid_request} naming the field: a missing or too long name, a filter the
     *                      list would refuse, an unknown sort field or order, an unknown column, or more than
     *                      {@value #MAX_VIEWS} views
     */
    public Saved save(long operatorId, ResourceDef resource, JsonObject body) {
        String name = name(body);
        JsonObject filters = filters(resource, body.get("filters"));
        JsonArray sort = sort(resource, body.get("sort"));
        JsonArray columns = columns(resource, body.get("columns"));
        String sql =
                """
                INSERT INTO warden_saved_views (operator_id, resource, name, filters, sort, columns)
                SELECT ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb
                WHERE (SELECT count(*) FROM warden_saved_views WHERE operator_id = ? AND resource = ? AND name <> ?) < ?
                ON CONFLICT (operator_id, resource, name) DO UPDATE SET filters = EXCLUDED.filters,
                    sort = EXCLUDED.sort, columns = EXCLUDED.columns, updated_at = now()
                RETURNING id, name, filters::text, sort::text, columns::text, created_at, updated_at,
                    (xmax = 0) AS inserted""";
        return Sql.first(
                        dataSource,
                        "Saving a view",
                        sql,
                        rs -> new Saved(view(rs), rs.getBoolean("inserted")),
                        operatorId,
                        resource.key(),
                        name,
                        filters.toString(),
                        sort.toString(),
                        columns.toString(),
                        operatorId,
                        resource.key(),
                        name,
                        MAX_VIEWS)
                .orElseThrow(() -> ApiException.invalid("name", "at most " + MAX_VIEWS + " saved views per resource"));
    }

    /**
     * Deletes the operator's view {@code id} of {@code resource}.
     *
     * @return the deleted view
     * @throws ApiException 404 when the operator has no such view (another operator's view included)
     */
    public JsonObject delete(long operatorId, ResourceDef resource, String id) {
        long viewId;
        try {
            viewId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No saved view '" + id + "'");
        }
        String sql = "DELETE FROM warden_saved_views WHERE id = ? AND operator_id = ? AND resource = ? "
                + "RETURNING id, name, filters::text, sort::text, columns::text, created_at, updated_at";
        return Sql.first(dataSource, "Deleting a view", sql, SavedViews::view, viewId, operatorId, resource.key())
                .orElseThrow(() -> ApiException.notFound("No saved view '" + id + "'"));
    }

    private static JsonObject view(ResultSet rs) throws SQLException {
        JsonObjectBuilder view = JSON.createObjectBuilder()
                .add("id", String.valueOf(rs.getLong("id")))
                .add("name", rs.getString("name"))
                .add("filters", parse(rs.getString(3)))
                .add("sort", parse(rs.getString(4)))
                .add("columns", parse(rs.getString(5)))
                .add(
                        "created_at",
                        rs.getObject("created_at", java.time.OffsetDateTime.class)
                                .toInstant()
                                .toString())
                .add(
                        "updated_at",
                        rs.getObject("updated_at", java.time.OffsetDateTime.class)
                                .toInstant()
                                .toString());
        return view.build();
    }

    private static JsonValue parse(String text) {
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }

    static String name(JsonObject body) {
        if (!(body.get("name") instanceof JsonString text) || text.getString().isBlank()) {
            throw ApiException.invalid("name", "required: a non-empty string");
        }
        String name = text.getString().strip();
        if (name.length() > MAX_NAME) {
            throw ApiException.invalid("name", "at most " + MAX_NAME + " characters");
        }
        return name;
    }

    /**
     * The filters as {@code {param: [values]}}, each accepted by the list's parser (docs/admin-api.md, "List query
     * parameters"); a saved view's and a job's filter alike.
     *
     * @throws ApiException 422 {@code invalid_request} naming {@code filters}
     */
    public static JsonObject filters(ResourceDef resource, JsonValue raw) {
        if (raw == null || raw == JsonValue.NULL) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (!(raw instanceof JsonObject object)) {
            throw ApiException.invalid("filters", "must be an object of list query parameters");
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
            if (NOT_FILTERS.contains(entry.getKey())) {
                throw ApiException.invalid("filters", "'" + entry.getKey() + "' is not a filter (sort goes in sort)");
            }
            List<String> values = new ArrayList<>();
            if (entry.getValue() instanceof JsonString s) {
                values.add(s.getString());
            } else if (entry.getValue() instanceof JsonArray array
                    && !array.isEmpty()
                    && array.stream().allMatch(v -> v instanceof JsonString)) {
                array.forEach(v -> values.add(((JsonString) v).getString()));
            } else {
                throw ApiException.invalid("filters", "'" + entry.getKey() + "' must be a string or a list of strings");
            }
            params.put(entry.getKey(), values);
        }
        try {
            ListQuery.parse(params, resource);
        } catch (ApiException e) {
            throw ApiException.invalid("filters", e.getMessage());
        }
        JsonObjectBuilder out = JSON.createObjectBuilder();
        params.forEach((name, values) -> out.add(name, JSON.createArrayBuilder(values)));
        return out.build();
    }

    /** The sort as {@code [{field, order}]} over visible columns. */
    static JsonArray sort(ResourceDef resource, JsonValue raw) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        if (raw == null || raw == JsonValue.NULL) {
            return out.build();
        }
        if (!(raw instanceof JsonArray array)) {
            throw ApiException.invalid("sort", "must be a list of {field, order}");
        }
        for (JsonValue item : array) {
            if (!(item instanceof JsonObject entry)
                    || !(entry.get("field") instanceof JsonString field)
                    || resource.column(field.getString()).isEmpty()) {
                throw ApiException.invalid("sort", "each entry needs a field naming a column of " + resource.key());
            }
            String order =
                    entry.get("order") instanceof JsonString o ? o.getString().toLowerCase(Locale.ROOT) : "asc";
            if (!order.equals("asc") && !order.equals("desc")) {
                throw ApiException.invalid("sort", "order is asc or desc");
            }
            out.add(JSON.createObjectBuilder().add("field", field.getString()).add("order", order));
        }
        return out.build();
    }

    /** The visible columns, each a column of the resource. */
    static JsonArray columns(ResourceDef resource, JsonValue raw) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        if (raw == null || raw == JsonValue.NULL) {
            return out.build();
        }
        if (!(raw instanceof JsonArray array)) {
            throw ApiException.invalid("columns", "must be a list of column names");
        }
        for (JsonValue item : array) {
            if (!(item instanceof JsonString column)
                    || resource.column(column.getString()).isEmpty()) {
                throw ApiException.invalid("columns", "each entry must name a column of " + resource.key());
            }
            out.add(column.getString());
        }
        return out.build();
    }
}
