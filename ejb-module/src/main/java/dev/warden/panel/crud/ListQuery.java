package dev.warden.panel.crud;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ResourceDef;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A parsed list request: the row window and the sort (DESIGN.md section 3, "List"; spec/admin-panel.md,
 * List query parameters).
 *
 * <p>{@code _start} (inclusive, default 0) and {@code _end} (exclusive, default {@code _start + 100});
 * at most {@value #MAX_WINDOW} rows a request. {@code _sort} and {@code _order} are comma lists; a missing
 * order is {@code asc}; without {@code _sort} the resource's default sort applies. The primary key is
 * always appended as a tie-breaker so pages never overlap.
 *
 * @param start first row, inclusive
 * @param end   last row, exclusive
 * @param sort  columns and orders, tie-breakers included
 */
public record ListQuery(int start, int end, List<ResourceDef.Sort> sort) {

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
        int start = intParam(params, "_start", 0);
        int end = intParam(params, "_end", (int) Math.min(Integer.MAX_VALUE, (long) start + DEFAULT_WINDOW));
        if (end < start) {
            throw ApiException.invalid("_end", "must not be less than _start (" + start + ")");
        }
        if (end - start > MAX_WINDOW) {
            throw ApiException.invalid("_end", "at most " + MAX_WINDOW + " rows a request (_end - _start)");
        }
        List<String> fields = commaList(params, "_sort");
        List<String> orders = commaList(params, "_order");
        if (orders.size() > Math.max(fields.size(), 1)) {
            throw ApiException.invalid("_order", "more orders than _sort columns");
        }
        Map<String, ResourceDef.Sort> sort = new LinkedHashMap<>();
        if (fields.isEmpty()) {
            ResourceDef.Sort fallback = resource.defaultSort();
            String order = orders.isEmpty() ? fallback.order() : order(orders.get(0));
            sort.put(fallback.field(), new ResourceDef.Sort(fallback.field(), order));
        } else {
            for (int i = 0; i < fields.size(); i++) {
                String field = fields.get(i);
                if (resource.column(field).isEmpty()) {
                    throw ApiException.invalid("_sort", "unknown column '" + field + "'");
                }
                String order = i < orders.size() ? order(orders.get(i)) : "asc";
                sort.putIfAbsent(field, new ResourceDef.Sort(field, order));
            }
        }
        for (String key : resource.primaryKey()) {
            sort.putIfAbsent(key, new ResourceDef.Sort(key, "asc"));
        }
        return new ListQuery(start, end, List.copyOf(sort.values()));
    }

    private static String order(String raw) {
        String order = raw.strip().toLowerCase(Locale.ROOT);
        if (!order.equals("asc") && !order.equals("desc")) {
            throw ApiException.invalid("_order", "expected asc or desc, got '" + raw + "'");
        }
        return order;
    }

    private static int intParam(Map<String, List<String>> params, String name, int fallback) {
        List<String> values = params.get(name);
        if (values == null || values.isEmpty() || values.get(0).isBlank()) {
            return fallback;
        }
        if (values.size() > 1) {
            throw ApiException.invalid(name, "given more than once");
        }
        try {
            int value = Integer.parseInt(values.get(0).strip());
            if (value < 0) {
                throw ApiException.invalid(name, "must be 0 or more");
            }
            return value;
        } catch (NumberFormatException e) {
            throw ApiException.invalid(name, "expected a whole number, got '" + values.get(0) + "'");
        }
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
