package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads rows of panel resources with parameterised SQL whose identifiers come only from the registry
 * (DESIGN.md section 3, "List" and "Read"; spec/admin-panel.md, Endpoints).
 *
 * <p>Every row carries {@code _id} (see {@link RowAddress}) and {@code _labels}: for each foreign-key
 * column with a value, the target row's {@code display_name}, {@code name}, {@code email} or
 * {@code title} (the first the target has).
 *
 * <p>Reads run in a container transaction (REQUIRED): a 404 raised outside one made Liberty log a
 * rolled-back local transaction (WLTC0017E) for every unknown id.
 */
@Stateless
public class ResourceRows {

    /** Columns that label a row, in order of preference (spec, Relations, rule 1). */
    public static final List<String> LABEL_COLUMNS = ResourceDef.LABEL_COLUMNS;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    ResourceRegistry registry;

    @Inject
    @ConfigProperty(name = "warden.list.exact-count-limit", defaultValue = "10000")
    long exactCountLimit;

    /**
     * One window of rows and the total count.
     *
     * <p>The count is exact up to {@code warden.list.exact-count-limit} matching rows (default 10000): it
     * counts at most one row more than the limit, so it never scans a big table. Above the limit the total is
     * PostgreSQL's estimate (table statistics without filters, the planner's row estimate with them).
     */
    public Page list(ResourceDef resource, ListQuery query) {
        String table = RowJson.quote(resource.table());
        ListSql where = ListSql.where(resource, query);
        String sql = "SELECT " + selectList(resource) + " FROM " + table + where.where() + ListSql.orderBy(query)
                + " LIMIT ? OFFSET ?";
        return Sql.with(dataSource, "Listing " + resource.key(), connection -> {
            long counted = boundedCount(connection, table, where, exactCountLimit + 1);
            boolean exact = counted <= exactCountLimit;
            long total = exact ? counted : Math.max(counted, estimate(connection, resource, table, where));
            List<JsonObject> rows = query.limit() > 0
                    ? Sql.list(connection, sql, rs -> row(rs, resource), where.params(), query.limit(), query.start())
                    : List.of();
            JsonArrayBuilder out = JSON.createArrayBuilder();
            decorate(connection, resource, rows).forEach(out::add);
            return new Page(out.build(), total, exact);
        });
    }

    /** The current row's columns of {@code resource}, as JSON. */
    private static JsonObject row(ResultSet rs, ResourceDef resource) throws SQLException {
        JsonObjectBuilder row = JSON.createObjectBuilder();
        RowJson.read(rs, resource.columns(), row);
        return row.build();
    }

    private static long boundedCount(Connection connection, String table, ListSql where, long limit)
            throws SQLException {
        String sql = "SELECT count(*) FROM (SELECT 1 FROM " + table + where.where() + " LIMIT ?) AS bounded";
        return Sql.first(connection, sql, rs -> rs.getLong(1), where.params(), limit)
                .orElseThrow();
    }

    /** PostgreSQL's row estimate: {@code pg_class.reltuples} without filters, else the planner's. */
    private static long estimate(Connection connection, ResourceDef resource, String table, ListSql where)
            throws SQLException {
        if (where.params().isEmpty() && where.where().isEmpty()) {
            long tuples = Sql.first(
                            connection,
                            "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass(?)",
                            rs -> rs.getLong(1),
                            resource.table())
                    .orElse(0L);
            if (tuples > 0) {
                return tuples;
            }
        }
        String plan = Sql.first(
                        connection,
                        "EXPLAIN (FORMAT JSON) SELECT 1 FROM " + table + where.where(),
                        rs -> rs.getString(1),
                        where.params())
                .orElseThrow();
        try (JsonReader reader = JSON.createReader(new StringReader(plan))) {
            return reader.readArray()
                    .getJsonObject(0)
                    .getJsonObject("Plan")
                    .getJsonNumber("Plan Rows")
                    .longValue();
        }
    }

    /**
     * The row addressed by {@code id} ({@link RowAddress}).
     *
     * @throws ApiException 404 {@code not_found} when no such row exists
     */
    public JsonObject read(ResourceDef resource, String id) {
        List<Object> key = RowAddress.decode(resource, id);
        String where = resource.primaryKey().stream()
                .map(c -> RowJson.quote(c) + " = ?")
                .collect(Collectors.joining(" AND "));
        String sql = "SELECT " + selectList(resource) + " FROM " + RowJson.quote(resource.table()) + " WHERE " + where;
        return Sql.with(dataSource, "Reading " + resource.key() + " " + id, connection -> {
            JsonObject row = Sql.first(connection, sql, rs -> row(rs, resource), key)
                    .orElseThrow(() -> ApiException.notFound("No " + resource.key() + " row with id '" + id + "'"));
            return decorate(connection, resource, List.of(row)).get(0);
        });
    }

    /**
     * {@code GET /:resource/:id/_counts}: the number of rows of each {@code many} relation that point at
     * the row, as {@code {"<relation name>": n}} (DESIGN.md section 3, "Counts").
     *
     * @throws ApiException 404 when the row does not exist
     */
    public JsonObject counts(ResourceDef resource, String id) {
        JsonObject row = read(resource, id);
        JsonObjectBuilder out = JSON.createObjectBuilder();
        Sql.with(dataSource, "Counting relations of " + resource.key() + " " + id, connection -> {
            for (RelationDef relation : resource.relations()) {
                if (!relation.isMany()) {
                    continue;
                }
                ResourceDef target = registry.find(relation.target()).orElseThrow();
                ColumnDef fk = target.column(relation.fk()).orElseThrow();
                String sql = "SELECT count(*) FROM " + RowJson.quote(target.table()) + " WHERE "
                        + RowJson.quote(fk.name()) + " = ?";
                long count = Sql.first(
                                connection,
                                sql,
                                rs -> rs.getLong(1),
                                fk.type()
                                        .parse(text(
                                                row.get(resource.primaryKey().get(0)))))
                        .orElseThrow();
                out.add(relation.name(), count);
            }
            return null;
        });
        return out.build();
    }

    /**
     * {@code GET /:resource/:id/relations/:name}: the related rows with the list parameters (a {@code many}
     * relation lists the target rows pointing at this row; a {@code one} relation lists the single target
     * row, or none when the foreign key is null).
     *
     * @throws ApiException 404 for an unknown relation or row; 422 for a bad list parameter
     */
    public Page relationRows(
            ResourceDef resource, String id, RelationDef relation, java.util.Map<String, List<String>> params) {
        ResourceDef target = registry.find(relation.target())
                .orElseThrow(() -> ApiException.notFound("No relation '" + relation.name() + "'"));
        return relationRows(resource, id, relation, target, params);
    }

    /**
     * As {@link #relationRows(ResourceDef, String, RelationDef, java.util.Map)}, with the target resource as the
     * caller sees it (its columns, filters and sorts; issue 17, point 1).
     */
    public Page relationRows(
            ResourceDef resource,
            String id,
            RelationDef relation,
            ResourceDef target,
            java.util.Map<String, List<String>> params) {
        JsonObject row = read(resource, id);
        ListQuery query = ListQuery.parse(params, target);
        ColumnDef column;
        JsonValue value;
        if (relation.isMany()) {
            column = target.column(relation.fk()) // the key itself may be hidden from the caller
                    .or(() -> registry.find(relation.target()).flatMap(t -> t.column(relation.fk())))
                    .orElseThrow();
            value = row.get(resource.primaryKey().get(0));
        } else {
            column = target.column(target.primaryKey().get(0)).orElseThrow();
            value = row.get(relation.fk());
        }
        List<Filter> filters = new ArrayList<>(query.filters());
        filters.add(new Filter(
                column,
                value == null || value == JsonValue.NULL ? Filter.Operator.IN : Filter.Operator.EQ,
                value == null || value == JsonValue.NULL
                        ? List.of()
                        : List.of(column.type().parse(text(value))),
                relation.name()));
        return list(
                target, new ListQuery(query.start(), query.end(), query.sort(), List.copyOf(filters), query.search()));
    }

    private static String selectList(ResourceDef resource) {
        return resource.columns().stream().map(c -> RowJson.quote(c.name())).collect(Collectors.joining(", "));
    }

    /** Adds {@code _id} and {@code _labels} to each row, with one label query per foreign-key column. */
    private List<JsonObject> decorate(Connection connection, ResourceDef resource, List<JsonObject> rows)
            throws SQLException {
        Map<String, Map<String, String>> labels = new HashMap<>();
        for (RelationDef relation : resource.relations()) {
            if (relation.isOne()) {
                labels.put(relation.fk(), labelsFor(connection, relation, rows));
            }
        }
        List<JsonObject> out = new ArrayList<>(rows.size());
        for (JsonObject row : rows) {
            JsonObjectBuilder rowLabels = JSON.createObjectBuilder();
            labels.forEach((fk, byValue) -> {
                JsonValue value = row.get(fk);
                String label = value == null || value == JsonValue.NULL ? null : byValue.get(text(value));
                if (label != null) {
                    rowLabels.add(fk, label);
                }
            });
            out.add(JSON.createObjectBuilder(row)
                    .add("_id", RowAddress.encode(resource, row))
                    .add("_labels", rowLabels)
                    .build());
        }
        return out;
    }

    private Map<String, String> labelsFor(Connection connection, RelationDef relation, List<JsonObject> rows)
            throws SQLException {
        Optional<ResourceDef> target = registry.find(relation.target());
        if (target.isEmpty() || target.get().hasCompositeKey()) {
            return Map.of();
        }
        ResourceDef t = target.get();
        Optional<String> labelColumn = t.labelColumn();
        if (labelColumn.isEmpty()) {
            return Map.of();
        }
        ColumnDef key = t.column(t.primaryKey().get(0)).orElseThrow();
        Set<Object> values = new LinkedHashSet<>();
        for (JsonObject row : rows) {
            JsonValue value = row.get(relation.fk());
            if (value != null && value != JsonValue.NULL) {
                values.add(key.type().parse(text(value)));
            }
        }
        if (values.isEmpty()) {
            return Map.of();
        }
        String sql = "SELECT " + RowJson.quote(key.name()) + "::text, " + RowJson.quote(labelColumn.get())
                + "::text FROM " + RowJson.quote(t.table()) + " WHERE " + RowJson.quote(key.name()) + " = ANY (?)";
        Map<String, String> labels = new HashMap<>();
        // the array keeps the key's own SQL type (int4, uuid, ...)
        for (String[] label : Sql.list(
                connection,
                sql,
                rs -> new String[] {rs.getString(1), rs.getString(2)},
                connection.createArrayOf(key.sqlType(), values.toArray()))) {
            if (label[1] != null) {
                labels.put(label[0], label[1]);
            }
        }
        return labels;
    }

    private static String text(JsonValue value) {
        return value instanceof jakarta.json.JsonString s ? s.getString() : value.toString();
    }
}
