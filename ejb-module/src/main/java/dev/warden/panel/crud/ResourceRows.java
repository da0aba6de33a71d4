package dev.warden.panel.crud;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
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

/**
 * Reads rows of panel resources with parameterised SQL whose identifiers come only from the registry
 * (DESIGN.md section 3, "List" and "Read"; spec/admin-panel.md, Endpoints).
 *
 * <p>Every row carries {@code _id} (see {@link RowAddress}) and {@code _labels}: for each foreign-key
 * column with a value, the target row's {@code display_name}, {@code name}, {@code email} or
 * {@code title} (the first the target has).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class ResourceRows {

    /** Columns that label a row, in order of preference (spec, Relations, rule 1). */
    public static final List<String> LABEL_COLUMNS = List.of("display_name", "name", "email", "title");

    @Resource(lookup = "jdbc/warden")
    DataSource dataSource;

    @EJB
    ResourceRegistry registry;

    /**
     * One window of rows and the total count.
     *
     * @throws ApiException 500-class on a database failure is not caught here: it reaches the mapper
     */
    public Page list(ResourceDef resource, ListQuery query) {
        String table = RowJson.quote(resource.table());
        String order = query.sort().stream()
                .map(s -> RowJson.quote(s.field()) + ("desc".equals(s.order()) ? " DESC NULLS LAST" : " ASC NULLS FIRST"))
                .collect(Collectors.joining(", "));
        String sql = "SELECT " + selectList(resource) + " FROM " + table + " ORDER BY " + order + " LIMIT ? OFFSET ?";
        try (Connection connection = dataSource.getConnection()) {
            long total;
            try (PreparedStatement ps = connection.prepareStatement("SELECT count(*) FROM " + table);
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                total = rs.getLong(1);
            }
            List<JsonObject> rows = new ArrayList<>();
            if (query.limit() > 0) {
                try (PreparedStatement ps = connection.prepareStatement(sql)) {
                    ps.setInt(1, query.limit());
                    ps.setInt(2, query.start());
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            JsonObjectBuilder row = Json.createObjectBuilder();
                            RowJson.read(rs, resource.columns(), row);
                            rows.add(row.build());
                        }
                    }
                }
            }
            JsonArrayBuilder out = Json.createArrayBuilder();
            decorate(connection, resource, rows).forEach(out::add);
            return new Page(out.build(), total);
        } catch (SQLException e) {
            throw new IllegalStateException("Listing " + resource.key() + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * The row addressed by {@code id} ({@link RowAddress}).
     *
     * @throws ApiException 404 {@code not_found} when no such row exists
     */
    public JsonObject read(ResourceDef resource, String id) {
        List<Object> key = RowAddress.decode(resource, id);
        String where = resource.primaryKey().stream().map(c -> RowJson.quote(c) + " = ?")
                .collect(Collectors.joining(" AND "));
        String sql = "SELECT " + selectList(resource) + " FROM " + RowJson.quote(resource.table()) + " WHERE " + where;
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int i = 0; i < key.size(); i++) {
                ps.setObject(i + 1, key.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw ApiException.notFound("No " + resource.key() + " row with id '" + id + "'");
                }
                JsonObjectBuilder row = Json.createObjectBuilder();
                RowJson.read(rs, resource.columns(), row);
                return decorate(connection, resource, List.of(row.build())).get(0);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Reading " + resource.key() + " " + id + " failed: " + e.getMessage(), e);
        }
    }

    private static String selectList(ResourceDef resource) {
        return resource.columns().stream().map(c -> RowJson.quote(c.name())).collect(Collectors.joining(", "));
    }

    /** Adds {@code _id} and {@code _labels} to each row, with one label query per foreign-key column. */
    private List<JsonObject> decorate(Connection connection, ResourceDef resource, List<JsonObject> rows)
            throws SQLException {
        Map<String, Map<String, String>> labels = new HashMap<>();
        for (RelationDef relation : resource.relations()) {
            if (RelationDef.ONE.equals(relation.kind())) {
                labels.put(relation.fk(), labelsFor(connection, relation, rows));
            }
        }
        List<JsonObject> out = new ArrayList<>(rows.size());
        for (JsonObject row : rows) {
            JsonObjectBuilder rowLabels = Json.createObjectBuilder();
            labels.forEach((fk, byValue) -> {
                JsonValue value = row.get(fk);
                String label = value == null || value == JsonValue.NULL ? null : byValue.get(text(value));
                if (label != null) {
                    rowLabels.add(fk, label);
                }
            });
            out.add(Json.createObjectBuilder(row)
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
        Optional<String> labelColumn = LABEL_COLUMNS.stream().filter(c -> t.column(c).isPresent()).findFirst();
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
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            Array array = connection.createArrayOf(key.sqlType(), values.toArray());
            ps.setArray(1, array);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(2) != null) {
                        labels.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
        }
        return labels;
    }

    private static String text(JsonValue value) {
        return value instanceof jakarta.json.JsonString s ? s.getString() : value.toString();
    }
}
