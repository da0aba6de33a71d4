package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import dev.warden.panel.crud.PageStatement.LabelLookup;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads rows of panel resources with parameterised SQL whose identifiers come only from the registry
 * (docs/admin-api.md, "List query parameters" and "Rows" and "Endpoints").
 *
 * <p>Every row carries {@code _id} (see {@link RowAddress}) and {@code _labels}: for each foreign-key
 * column with a value, the target row's {@code display_name}, {@code name}, {@code email} or
 * {@code title} (the first the target has).
 *
 * <p>A list is one statement ({@link PageStatement}: count when cheap, rows and labels) run outside a container
 * transaction, so it usually costs one database round trip; the first request of a filter (per node, per
 * {@link CountCache} lifetime) adds the plan of its count ({@code EXPLAIN}), and an explicit exact count adds the
 * count. A read is one statement too (row and labels), in a container
 * transaction (REQUIRED): a 404 raised outside one made Liberty log a rolled-back local transaction (WLTC0017E) for
 * every unknown id.
 */
@Stateless
public class ResourceRows {

    /** Columns that label a row, in order of preference (docs/admin-api.md, "Relations" rule 1). */
    public static final List<String> LABEL_COLUMNS = ResourceDef.LABEL_COLUMNS;

    /** SQLSTATE of a statement cancelled by its timeout. */
    private static final String QUERY_CANCELED = "57014";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    ResourceRegistry registry;

    @Inject
    CountCache counts;

    @Inject
    @ConfigProperty(name = "warden.list.exact-count-limit", defaultValue = "10000")
    long exactCountLimit;

    @Inject
    @ConfigProperty(name = "warden.list.count-cost-limit", defaultValue = "2000")
    double countCostLimit;

    @Inject
    @ConfigProperty(name = "warden.list.exact-count-timeout-seconds", defaultValue = "5")
    int exactCountTimeoutSeconds;

    /**
     * One window of rows and the total count (docs/admin-api.md, "Counts").
     *
     * <p>{@link ListQuery.Count#AUTO}: the planner's plan of the bounded count decides, once per filter and
     * {@link CountCache} lifetime: when it expects at most {@code warden.list.exact-count-limit} matching rows
     * (default 10000) at a cost of at most {@code warden.list.count-cost-limit} (default 2000), every page counts
     * them exactly, counting at most one row more than the limit; otherwise the total is the planner's estimate and
     * no page counts. A count that reaches the limit anyway turns the filter's total into the estimate. A window shorter
     * than asked for (not empty, or the first) is the last one, so its total is exact without a count.
     * {@link ListQuery.Count#EXACT}: the full count, cancelled after {@code warden.list.exact-count-timeout-seconds}
     * (default 5) when the total is the estimate instead; the count is kept for the paging that follows.
     * {@link ListQuery.Count#ESTIMATED}: the estimate.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Page list(ResourceDef resource, ListQuery query) {
        ListSql where = ListSql.where(resource, query);
        List<LabelLookup> labels = labelLookups(resource);
        CountCache.Key key = new CountCache.Key(resource.table(), where.where(), where.params());
        return Sql.with(dataSource, "Listing " + resource.key(), connection -> {
            CountCache.Entry known = counts.get(key);
            CountCache.Kind kind;
            long total;
            OptionalLong full = OptionalLong.empty();
            if (query.count() == ListQuery.Count.EXACT && (known == null || known.kind() != CountCache.Kind.EXACT)) {
                full = fullCount(connection, resource, where);
            }
            if (full.isPresent()) {
                kind = CountCache.Kind.EXACT;
                total = full.getAsLong();
                counts.put(key, kind, total);
            } else {
                if (known == null) {
                    known = decide(connection, resource, where, key);
                }
                kind = known.kind();
                total = known.total();
                if (query.count() != ListQuery.Count.AUTO && kind == CountCache.Kind.COUNT_WITH_PAGE) {
                    kind = CountCache.Kind.ESTIMATED; // asked for the estimate, or an exact count that timed out
                }
            }
            boolean counting = kind == CountCache.Kind.COUNT_WITH_PAGE;
            PageStatement statement =
                    PageStatement.of(resource, query, where, labels, counting ? exactCountLimit + 1 : 0);
            int pk = statement.firstColumn()
                    + resource.columns()
                            .indexOf(resource.column(resource.primaryKey().get(0))
                                    .orElseThrow());
            long[] counted = new long[1];
            List<JsonObject> rows = new ArrayList<>();
            for (JsonObject row : Sql.list(
                    connection,
                    statement.sql(),
                    rs -> {
                        counted[0] = rs.getLong(1);
                        rs.getObject(pk);
                        return rs.wasNull() ? null : labelled(rs, resource, labels, statement);
                    },
                    statement.params())) {
                if (row != null) {
                    rows.add(row);
                }
            }
            boolean exact = kind == CountCache.Kind.EXACT;
            if (counting) {
                exact = counted[0] <= exactCountLimit;
                if (exact) {
                    total = counted[0];
                } else {
                    total = Math.max(counted[0], total);
                    counts.put(key, CountCache.Kind.ESTIMATED, total);
                }
            } else if (!exact && rows.size() < query.limit() && (!rows.isEmpty() || query.start() == 0)) {
                // a short window is the last one: the total is known without counting
                total = (long) query.start() + rows.size();
                exact = true;
            } else if (!exact && !rows.isEmpty()) {
                // an estimate is never below the rows this window shows
                total = Math.max(total, (long) query.start() + rows.size());
            }
            JsonArrayBuilder out = JSON.createArrayBuilder();
            rows.forEach(out::add);
            return new Page(out.build(), total, exact);
        });
    }

    /** Plans the filter's count, decides how its total is found and remembers that ({@link CountCache}). */
    private CountCache.Entry decide(Connection connection, ResourceDef resource, ListSql where, CountCache.Key key)
            throws SQLException {
        CountPlan plan = plan(connection, resource, where);
        CountCache.Kind kind = plan.cheap(exactCountLimit, countCostLimit)
                ? CountCache.Kind.COUNT_WITH_PAGE
                : CountCache.Kind.ESTIMATED;
        counts.put(key, kind, plan.rows());
        return new CountCache.Entry(kind, plan.rows(), 0);
    }

    /** The planner's view of the bounded count of the filtered table ({@code EXPLAIN}, nothing run). */
    private CountPlan plan(Connection connection, ResourceDef resource, ListSql where) throws SQLException {
        List<Object> params = new ArrayList<>(where.params());
        params.add(exactCountLimit + 1);
        String plan = Sql.first(
                        connection,
                        "EXPLAIN (FORMAT JSON) SELECT count(*) FROM ("
                                + PageStatement.boundedRows(Sql.quote(resource.table()), where) + ") AS bounded",
                        rs -> rs.getString(1),
                        params.toArray())
                .orElseThrow();
        return CountPlan.parse(plan);
    }

    /**
     * The full count of the filtered table ({@code _count=exact}), or empty when it ran longer than
     * {@code warden.list.exact-count-timeout-seconds} and was cancelled (the statement timeout bounds what one
     * request can make the database do).
     */
    private OptionalLong fullCount(Connection connection, ResourceDef resource, ListSql where) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT count(*) FROM " + Sql.quote(resource.table()) + where.where())) {
            ps.setQueryTimeout(Math.max(1, exactCountTimeoutSeconds));
            Sql.bind(ps, 1, where.params().toArray());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return OptionalLong.of(rs.getLong(1));
            }
        } catch (SQLException e) {
            if (QUERY_CANCELED.equals(e.getSQLState())) {
                return OptionalLong.empty();
            }
            throw e;
        }
    }

    /**
     * The row addressed by {@code id} ({@link RowAddress}).
     *
     * @throws ApiException 404 {@code not_found} when no such row exists
     */
    public JsonObject read(ResourceDef resource, String id) {
        List<LabelLookup> labels = labelLookups(resource);
        PageStatement statement = PageStatement.row(resource, labels, RowAddress.decode(resource, id));
        return Sql.with(dataSource, "Reading " + resource.key() + " " + id, connection -> Sql.first(
                        connection,
                        statement.sql(),
                        rs -> labelled(rs, resource, labels, statement),
                        statement.params())
                .orElseThrow(() -> ApiException.notFound("No " + resource.key() + " row with id '" + id + "'")));
    }

    /**
     * The rows {@code ids} of a single-column-key {@code resource} as {@link #read} answers each, by {@code _id}, in
     * one statement in the caller's transaction, locked for the rest of it when {@code lock} (docs/admin-api.md,
     * "Jobs": a chunk's before- and after-images). Rows that do not exist are absent from the answer.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public java.util.Map<String, JsonObject> readAll(ResourceDef resource, List<String> ids, boolean lock) {
        List<LabelLookup> labels = labelLookups(resource);
        List<Object> keys =
                ids.stream().map(id -> RowAddress.decode(resource, id).get(0)).toList();
        PageStatement statement = PageStatement.rows(resource, labels, keys, lock);
        java.util.Map<String, JsonObject> out = new java.util.HashMap<>();
        Sql.with(
                        dataSource,
                        "Reading " + ids.size() + " rows of " + resource.key(),
                        connection -> Sql.list(
                                connection,
                                statement.sql(),
                                rs -> labelled(rs, resource, labels, statement),
                                statement.params().toArray()))
                .forEach(row -> out.put(row.getString("_id"), row));
        return out;
    }

    /**
     * {@code GET /:resource/:id/_counts}: the number of rows of each {@code many} relation that point at
     * the row, as {@code {"<relation name>": n}} (docs/admin-api.md, "Rows" rule 8).
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
                String sql =
                        "SELECT count(*) FROM " + Sql.quote(target.table()) + " WHERE " + Sql.quote(fk.name()) + " = ?";
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
     * caller sees it (its columns, filters and sorts).
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
                target,
                new ListQuery(
                        query.start(), query.end(), query.sort(), List.copyOf(filters), query.search(), query.count()));
    }

    /**
     * The current result row as a resource row with {@code _id} and {@code _labels} (the non-null labels of its
     * foreign keys), its columns and labels at {@code at}'s positions.
     */
    private static JsonObject labelled(ResultSet rs, ResourceDef resource, List<LabelLookup> labels, PageStatement at)
            throws SQLException {
        JsonObjectBuilder row = JSON.createObjectBuilder();
        RowJson.read(rs, resource.columns(), at.firstColumn(), row);
        JsonObjectBuilder rowLabels = JSON.createObjectBuilder();
        for (int i = 0; i < labels.size(); i++) {
            String label = rs.getString(at.firstLabel() + i);
            if (label != null) {
                rowLabels.add(labels.get(i).fk(), label);
            }
        }
        JsonObject columns = row.build();
        return JSON.createObjectBuilder(columns)
                .add("_id", RowAddress.encode(resource, columns))
                .add("_labels", rowLabels)
                .build();
    }

    /**
     * The label lookups of {@code resource}'s rows: one per {@code one} relation whose target (as registered, not
     * as the caller sees it) has a single-column key and a label column.
     */
    private List<LabelLookup> labelLookups(ResourceDef resource) {
        List<LabelLookup> lookups = new ArrayList<>();
        for (RelationDef relation : resource.relations()) {
            if (!relation.isOne()) {
                continue;
            }
            Optional<ResourceDef> target = registry.find(relation.target());
            if (target.isEmpty()
                    || target.get().hasCompositeKey()
                    || target.get().labelColumn().isEmpty()) {
                continue;
            }
            Optional<ColumnDef> fk = resource.column(relation.fk()); // absent when hidden from the caller
            if (fk.isEmpty()) {
                continue;
            }
            ResourceDef t = target.get();
            ColumnDef key = t.column(t.primaryKey().get(0)).orElseThrow();
            String fkType = fk.get().sqlType();
            lookups.add(new LabelLookup(
                    relation.fk(),
                    t.table(),
                    key.name(),
                    t.labelColumn().get(),
                    fkType.equals(key.sqlType()) ? null : key.sqlType()));
        }
        return lookups;
    }

    private static String text(JsonValue value) {
        return value instanceof jakarta.json.JsonString s ? s.getString() : value.toString();
    }
}
