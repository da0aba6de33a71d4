package dev.warden.panel.crud;

import dev.warden.common.sql.Sql;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import java.util.ArrayList;
import java.util.List;

/**
 * The one SQL statement behind a list request (fewer round trips): the bounded count (when this request counts,
 * docs/admin-api.md, "Counts"), the window of rows and each row's foreign-key labels, in one statement that answers
 * one result row per listed row (or one row with NULL columns for an empty window, which still carries the count).
 *
 * <pre>{@code
 * SELECT c."_warden_total", p."id", p."user_id", ...,
 *        (SELECT l."display_name"::text FROM "warden_users" AS l WHERE l."id" = p."user_id"), ...
 * FROM (SELECT count(*) AS "_warden_total" FROM (SELECT 1 FROM t WHERE ... LIMIT ?) AS bounded) AS c
 * LEFT JOIN (SELECT ... FROM t WHERE ... ORDER BY ... LIMIT ? OFFSET ?) AS p ON TRUE
 * ORDER BY p.<the same sort>
 * }</pre>
 *
 * <p>Without a count ({@code (SELECT NULL::bigint AS "_warden_total") AS c}) the statement is the page alone.
 * Result columns by position: 1 the bounded count (or NULL), then the resource's columns from {@link #firstColumn},
 * then one label per {@link LabelLookup} from {@link #firstLabel}. The labels are looked up in the outer query, so a
 * deep page ({@code OFFSET 100000}) looks up labels for its own rows only. Identifiers come from the registry only;
 * every value is a bound parameter.
 *
 * @param sql         the statement
 * @param params      its parameters, in placeholder order
 * @param firstColumn the position of the resource's first column
 * @param firstLabel  the position of the first label
 */
public record PageStatement(String sql, List<Object> params, int firstColumn, int firstLabel) {

    /** Alias of the window of rows inside the statement; labels and the outer sort refer to it. */
    static final String ROW_ALIAS = "p";

    /**
     * The statement for {@code query} on {@code resource}.
     *
     * @param where        the filters and search ({@link ListSql#where})
     * @param labels       the label lookups of the resource's {@code one} relations
     * @param countLimit   how many matching rows to count at most (the exact-count limit plus one); 0 for a page
     *                     without a count
     */
    public static PageStatement of(
            ResourceDef resource, ListQuery query, ListSql where, List<LabelLookup> labels, long countLimit) {
        String table = Sql.quote(resource.table());
        List<Object> params = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT c.\"_warden_total\", ");
        appendRow(sql, resource, labels);
        if (countLimit > 0) {
            sql.append(" FROM (SELECT count(*) AS \"_warden_total\" FROM (").append(boundedRows(table, where));
            sql.append(") AS bounded) AS c");
            params.addAll(where.params());
            params.add(countLimit);
        } else {
            sql.append(" FROM (SELECT NULL::bigint AS \"_warden_total\") AS c");
        }
        // the outer sort names the page's columns; a sort column the caller cannot read (so not among the columns)
        // travels in the page under an alias of its own
        List<String> inner = new ArrayList<>(
                resource.columns().stream().map(c -> Sql.quote(c.name())).toList());
        List<String> outerSort = new ArrayList<>();
        for (ResourceDef.Sort sort : query.sort()) {
            String name = Sql.quote(sort.field());
            if (resource.column(sort.field()).isEmpty()) {
                String alias = Sql.quote("_warden_sort_" + outerSort.size());
                inner.add(name + " AS " + alias);
                name = alias;
            }
            outerSort.add(ROW_ALIAS + "." + name + (sort.order() == SortOrder.DESC ? " DESC" : " ASC"));
        }
        sql.append(" LEFT JOIN (SELECT ")
                .append(String.join(", ", inner))
                .append(" FROM ")
                .append(table)
                .append(where.where())
                .append(ListSql.orderBy(query))
                .append(" LIMIT ? OFFSET ?) AS ")
                .append(ROW_ALIAS)
                .append(" ON TRUE ORDER BY ")
                .append(String.join(", ", outerSort));
        params.addAll(where.params());
        params.add(query.limit());
        params.add(query.start());
        int firstColumn = 2;
        return new PageStatement(
                sql.toString(),
                List.copyOf(params),
                firstColumn,
                firstColumn + resource.columns().size());
    }

    /** {@code SELECT <a page row's columns and labels> FROM <table> AS <row alias> WHERE }, for a condition to follow. */
    private static StringBuilder selectWhere(ResourceDef resource, List<LabelLookup> labels) {
        StringBuilder sql = new StringBuilder("SELECT ");
        appendRow(sql, resource, labels);
        return sql.append(" FROM ")
                .append(Sql.quote(resource.table()))
                .append(" AS ")
                .append(ROW_ALIAS)
                .append(" WHERE ");
    }

    /**
     * The statement that reads one row of {@code resource} by its primary key, with the same columns and labels as a
     * page's row (so {@link ResourceRows} reads both alike): the columns from position 1, then the labels.
     *
     * @param key the primary key's values, in {@link ResourceDef#primaryKey()} order
     */
    public static PageStatement row(ResourceDef resource, List<LabelLookup> labels, List<Object> key) {
        StringBuilder sql = selectWhere(resource, labels)
                .append(String.join(
                        " AND ",
                        resource.primaryKey().stream()
                                .map(c -> ROW_ALIAS + "." + Sql.quote(c) + " = ?")
                                .toList()));
        return new PageStatement(
                sql.toString(), List.copyOf(key), 1, 1 + resource.columns().size());
    }

    /**
     * The rows of a single-column-key {@code resource} whose keys are {@code keys}, in no order, locked
     * ({@code FOR UPDATE} of the resource's table only) when {@code lock} (docs/admin-api.md, "Jobs": a chunk's
     * before-images).
     */
    public static PageStatement rows(ResourceDef resource, List<LabelLookup> labels, List<Object> keys, boolean lock) {
        StringBuilder sql = selectWhere(resource, labels)
                .append(ROW_ALIAS)
                .append('.')
                .append(Sql.quote(resource.primaryKey().get(0)))
                .append(" IN (")
                .append(String.join(", ", java.util.Collections.nCopies(keys.size(), "?")))
                .append(')');
        if (lock) {
            sql.append(" FOR UPDATE OF ").append(ROW_ALIAS);
        }
        return new PageStatement(
                sql.toString(), List.copyOf(keys), 1, 1 + resource.columns().size());
    }

    /**
     * {@code SELECT 1 FROM table WHERE ... LIMIT ?}: the rows a bounded count counts ({@code table} quoted). Its
     * parameters are the filters' and then the limit.
     */
    static String boundedRows(String table, ListSql where) {
        return "SELECT 1 FROM " + table + where.where() + " LIMIT ?";
    }

    /** The row's columns and then its labels, each qualified by {@link #ROW_ALIAS}, comma-separated. */
    private static void appendRow(StringBuilder sql, ResourceDef resource, List<LabelLookup> labels) {
        List<String> select = new ArrayList<>();
        for (ColumnDef column : resource.columns()) {
            select.add(ROW_ALIAS + "." + Sql.quote(column.name()));
        }
        for (LabelLookup label : labels) {
            select.add(label.sql(ROW_ALIAS));
        }
        sql.append(String.join(", ", select));
    }

    /**
     * The label of a row's foreign key: the target row's label column ({@link ResourceDef#labelColumn}) looked up
     * by its single-column key (docs/admin-api.md, "Relations" rule 1).
     *
     * @param fk          the foreign-key column of the listed resource
     * @param targetTable the target resource's table
     * @param targetKey   the target's key column
     * @param labelColumn the target's label column
     * @param cast        the key's SQL type when the foreign key's type differs from it, else null
     */
    public record LabelLookup(String fk, String targetTable, String targetKey, String labelColumn, String cast) {

        /** The scalar subquery that labels the row aliased {@code rowAlias}; NULL when there is no such row. */
        String sql(String rowAlias) {
            return "(SELECT l." + Sql.quote(labelColumn) + "::text FROM " + Sql.quote(targetTable)
                    + " AS l WHERE l." + Sql.quote(targetKey) + " = " + rowAlias + "." + Sql.quote(fk)
                    + (cast == null ? "" : "::" + Sql.quote(cast)) + ")";
        }
    }
}
