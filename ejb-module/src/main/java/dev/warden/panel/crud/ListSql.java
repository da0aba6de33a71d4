package dev.warden.panel.crud;

import dev.warden.common.sql.Sql;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ColumnType;
import dev.warden.panel.registry.ResourceDef;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * The SQL of a list request: a WHERE clause with {@code ?} placeholders and its parameters, and the ORDER
 * BY. Identifiers come only from the registry and are quoted; every request value is a bound parameter.
 *
 * @param where  {@code WHERE ...} (with a leading space), or empty when nothing filters
 * @param params values for the placeholders, in order
 */
public record ListSql(String where, List<Object> params) {

    /** The escape character used in LIKE patterns. */
    static final char LIKE_ESCAPE = '\\';

    /** Builds the WHERE clause for {@code query}'s filters and search on {@code resource}. */
    public static ListSql where(ResourceDef resource, ListQuery query) {
        List<String> conditions = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        for (Filter filter : query.filters()) {
            conditions.add(condition(filter, params));
        }
        if (query.search() != null) {
            List<ColumnDef> text =
                    resource.columns().stream().filter(c -> c.type().isText()).toList();
            if (text.isEmpty()) {
                conditions.add("FALSE");
            } else {
                StringJoiner any = new StringJoiner(" OR ", "(", ")");
                for (ColumnDef column : text) {
                    any.add(Sql.quote(column.name()) + " ILIKE ? ESCAPE '\\'");
                    params.add(containsPattern(query.search()));
                }
                conditions.add(any.toString());
            }
        }
        return new ListSql(
                conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions), List.copyOf(params));
    }

    /**
     * {@code ORDER BY ...} for the query's sort, with PostgreSQL's default NULL placement (last ascending,
     * first descending) so that a plain B-tree index on the column serves the sort in both directions.
     */
    public static String orderBy(ListQuery query) {
        return " ORDER BY "
                + query.sort().stream()
                        .map(s -> Sql.quote(s.field()) + (s.order() == SortOrder.DESC ? " DESC" : " ASC"))
                        .collect(Collectors.joining(", "));
    }

    /** {@code %text%} with LIKE wildcards in {@code text} escaped. */
    static String containsPattern(String text) {
        StringBuilder out = new StringBuilder("%");
        for (char c : text.toCharArray()) {
            if (c == '%' || c == '_' || c == LIKE_ESCAPE) {
                out.append(LIKE_ESCAPE);
            }
            out.append(c);
        }
        return out.append('%').toString();
    }

    private static String condition(Filter filter, List<Object> params) {
        ColumnDef column = filter.column();
        String name = Sql.quote(column.name());
        String placeholder = column.type() == ColumnType.JSON ? "CAST(? AS " + column.sqlType() + ")" : "?";
        switch (filter.operator()) {
            case LIKE -> {
                params.add(containsPattern((String) filter.values().get(0)));
                String target = column.type().isText() ? name : "CAST(" + name + " AS text)";
                return target + " ILIKE ? ESCAPE '\\'";
            }
            case IN -> {
                params.addAll(filter.values());
                if (filter.values().isEmpty()) {
                    return "FALSE";
                }
                StringJoiner in = new StringJoiner(", ", name + " IN (", ")");
                filter.values().forEach(v -> in.add(placeholder));
                return in.toString();
            }
            case NE -> {
                params.add(filter.values().get(0));
                return name + " IS DISTINCT FROM " + placeholder;
            }
            default -> {
                params.add(filter.values().get(0));
                return name + " " + filter.operator().sql() + " " + placeholder;
            }
        }
    }
}
