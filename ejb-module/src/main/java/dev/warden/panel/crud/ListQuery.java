package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ListWindow;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ColumnType;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonException;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A parsed list request: the row window, the sort, the filters and the search (docs/admin-api.md, "List query parameters").
 *
 * <p>{@code _start} (inclusive, default 0) and {@code _end} (exclusive, default {@code _start + 100});
 * at most {@value #MAX_WINDOW} rows a request. {@code _sort} and {@code _order} are comma lists; a missing
 * order is {@code asc}; without {@code _sort} the resource's default sort applies. The primary key is
 * always appended as a tie-breaker so pages never overlap.
 *
 * <p>Filters: {@code <col>_like}, {@code <col>_eq|_ne|_gt|_gte|_lt|_lte}, {@code <col>_in} (comma list),
 * a bare {@code <col>=v} (equality) and a repeated bare key (IN). {@code _q} (or {@code q}, unless the
 * resource has a column named {@code q}) is a case-insensitive substring over the text columns. Every
 * other parameter is 422: an unknown column is never ignored silently in a filter. {@code _count} asks for a kind of
 * total ({@link Count}; docs/admin-api.md, "Counts").
 *
 * @param start   first row, inclusive
 * @param end     last row, exclusive
 * @param sort    columns and orders, tie-breakers included
 * @param filters per-column conditions, all of which must hold
 * @param search  the {@code _q} text, or null
 * @param count   the kind of total asked for ({@code _count}; {@link Count#AUTO} without it)
 */
public record ListQuery(
        int start, int end, List<ResourceDef.Sort> sort, List<Filter> filters, String search, Count count) {

    /** The kind of total a list request asks for with {@code _count} (docs/admin-api.md, "Counts"). */
    public enum Count {
        /** Exact while counting is cheap, else the planner's estimate (the default). */
        AUTO,
        /** A full count of the matching rows, bounded by {@code warden.list.exact-count-timeout-seconds}. */
        EXACT,
        /** The planner's estimate, never a count. */
        ESTIMATED;

        /** The parameter's value: {@code auto}, {@code exact} or {@code estimated}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A query with the default {@link Count#AUTO} total. */
    public ListQuery(int start, int end, List<ResourceDef.Sort> sort, List<Filter> filters, String search) {
        this(start, end, sort, filters, search, Count.AUTO);
    }

    /** Rows in the default window. */
    public static final int DEFAULT_WINDOW = 100;
    /** Most rows one request may ask for. */
    public static final int MAX_WINDOW = 1000;

    /** Number of rows asked for. */
    public int limit() {
        return end - start;
    }

    /**
     * Parses the list parameters of {@code params} for {@code resource}.
     *
     * @throws ApiException 422 {@code invalid_request} naming the parameter for a bad number, a window over
     *                      {@value #MAX_WINDOW} rows, an unknown sort column or an order other than asc/desc
     */
    public static ListQuery parse(Map<String, List<String>> params, ResourceDef resource) {
        ListWindow window = ListWindow.parse(params, DEFAULT_WINDOW, MAX_WINDOW);
        int start = window.start();
        int end = window.end();
        List<String> fields = commaList(params, "_sort");
        List<String> orders = ListWindow.orders(params);
        if (orders.size() > Math.max(fields.size(), 1)) {
            throw ApiException.invalid("_order", "more orders than _sort columns");
        }
        Map<String, ResourceDef.Sort> sort = new LinkedHashMap<>();
        if (fields.isEmpty()) {
            ResourceDef.Sort fallback = resource.defaultSort();
            SortOrder order = orders.isEmpty() ? fallback.order() : order(orders.get(0));
            sort.put(fallback.field(), new ResourceDef.Sort(fallback.field(), order));
        } else {
            for (int i = 0; i < fields.size(); i++) {
                String field = fields.get(i);
                if (resource.column(field).isEmpty()) {
                    throw ApiException.invalid("_sort", "unknown column '" + field + "'");
                }
                SortOrder order = i < orders.size() ? order(orders.get(i)) : SortOrder.ASC;
                sort.putIfAbsent(field, new ResourceDef.Sort(field, order));
            }
        }
        for (String key : resource.primaryKey()) {
            sort.putIfAbsent(key, new ResourceDef.Sort(key, SortOrder.ASC));
        }
        String search = null;
        List<Filter> filters = new ArrayList<>();
        boolean qIsColumn = resource.column("q").isPresent();
        for (Map.Entry<String, List<String>> param : params.entrySet()) {
            String name = param.getKey();
            if (RESERVED.contains(name)) {
                continue;
            }
            if (name.equals("_q") || (name.equals("q") && !qIsColumn)) {
                String text = String.join(" ", param.getValue()).strip();
                if (text.length() > MAX_SEARCH) {
                    throw ApiException.invalid(name, "at most " + MAX_SEARCH + " characters");
                }
                search = text.isEmpty() ? search : text;
                continue;
            }
            filters.add(filter(resource, name, param.getValue()));
        }
        return new ListQuery(start, end, List.copyOf(sort.values()), List.copyOf(filters), search, count(params));
    }

    /**
     * The {@code _count} parameter: {@code auto} (also when absent or blank), {@code exact} or {@code estimated}.
     *
     * @throws ApiException 422 naming {@code _count} for another value or a repeated one
     */
    static Count count(Map<String, List<String>> params) {
        List<String> values = params.getOrDefault("_count", List.of());
        if (values.size() > 1) {
            throw ApiException.invalid("_count", "given more than once");
        }
        String value = values.isEmpty() ? "" : values.get(0).strip().toLowerCase(Locale.ROOT);
        if (value.isEmpty()) {
            return Count.AUTO;
        }
        for (Count candidate : Count.values()) {
            if (candidate.wireName().equals(value)) {
                return candidate;
            }
        }
        throw ApiException.invalid("_count", "expected auto, exact or estimated, got '" + values.get(0) + "'");
    }

    /** Window, sort and count parameters, handled above. */
    private static final Set<String> RESERVED = Set.of("_start", "_end", "_sort", "_order", "_count");
    /** Longest {@code _q} or {@code _like} text. */
    public static final int MAX_SEARCH = 200;
    /** Most values of one {@code _in} or repeated key. */
    public static final int MAX_IN = 1000;

    /** Parses one filter parameter: a bare column, or a column with an operator suffix. */
    static Filter filter(ResourceDef resource, String name, List<String> values) {
        Optional<ColumnDef> bare = resource.column(name);
        if (bare.isPresent()) {
            if (values.size() > 1) {
                return new Filter(bare.get(), Filter.Operator.IN, convertAll(bare.get(), name, values), name);
            }
            return new Filter(bare.get(), Filter.Operator.EQ, List.of(convert(bare.get(), name, values.get(0))), name);
        }
        int underscore = name.lastIndexOf('_');
        if (underscore > 0) {
            Optional<ColumnDef> column = resource.column(name.substring(0, underscore));
            String suffix = name.substring(underscore + 1);
            Optional<Filter.Operator> operator = Arrays.stream(Filter.Operator.values())
                    .filter(o -> o.suffix().equals(suffix))
                    .findFirst();
            if (column.isPresent() && operator.isPresent()) {
                return operatorFilter(column.get(), operator.get(), name, values);
            }
            if (column.isPresent()) {
                throw ApiException.invalid(
                        name, "unknown operator '" + suffix + "' (use like, eq, ne, gt, gte, lt, lte or in)");
            }
        }
        throw ApiException.invalid(name, "unknown column or parameter");
    }

    private static Filter operatorFilter(ColumnDef column, Filter.Operator operator, String name, List<String> values) {
        ColumnType type = column.type();
        if (operator == Filter.Operator.IN) {
            List<String> parts = new ArrayList<>();
            values.forEach(v -> parts.addAll(Arrays.asList(v.split(",", -1))));
            return new Filter(column, operator, convertAll(column, name, parts), name);
        }
        if (values.size() > 1) {
            throw ApiException.invalid(name, "given more than once");
        }
        String value = values.get(0);
        if (operator == Filter.Operator.LIKE) {
            if (value.length() > MAX_SEARCH) {
                throw ApiException.invalid(name, "at most " + MAX_SEARCH + " characters");
            }
            return new Filter(column, operator, List.of(value), name);
        }
        if (operator.isOrdering()
                && (type == ColumnType.JSON || type == ColumnType.BOOLEAN || type == ColumnType.OTHER)) {
            throw ApiException.invalid(
                    name, "a " + type.wireName() + " column cannot be compared with " + operator.suffix());
        }
        return new Filter(column, operator, List.of(convert(column, name, value)), name);
    }

    private static List<Object> convertAll(ColumnDef column, String name, List<String> values) {
        if (values.size() > MAX_IN) {
            throw ApiException.invalid(name, "at most " + MAX_IN + " values");
        }
        List<Object> out = new ArrayList<>();
        for (String value : values) {
            out.add(convert(column, name, value));
        }
        return out;
    }

    private static Object convert(ColumnDef column, String name, String value) {
        if (column.type() == ColumnType.JSON) {
            try (JsonReader reader = JSON.createReader(new StringReader(value))) {
                return reader.readValue().toString();
            } catch (JsonException e) {
                return JSON.createValue(value).toString(); // bare text compares as a JSON string
            }
        }
        if (column.type() == ColumnType.OTHER) {
            throw ApiException.invalid(name, "column " + column.name() + " cannot be filtered");
        }
        try {
            return column.type().parse(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(name, e.getMessage());
        }
    }

    private static SortOrder order(String raw) {
        String order = raw.strip().toLowerCase(Locale.ROOT);
        for (SortOrder candidate : SortOrder.values()) {
            if (candidate.wireName().equals(order)) {
                return candidate;
            }
        }
        throw ApiException.invalid("_order", "expected asc or desc, got '" + raw + "'");
    }

    private static List<String> commaList(Map<String, List<String>> params, String name) {
        List<String> out = new ArrayList<>();
        for (String value : params.getOrDefault(name, List.of())) {
            for (String part : value.split(",")) {
                if (!part.isBlank()) {
                    out.add(part.strip());
                }
            }
        }
        return out;
    }
}
