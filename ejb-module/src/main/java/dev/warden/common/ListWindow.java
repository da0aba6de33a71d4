package dev.warden.common;

import java.util.List;
import java.util.Map;

/**
 * The row window and sort orders of every admin list ({@code /:resource}, {@code /rooms}, {@code /:resource/:id/_history}):
 * {@code _start} inclusive (default 0), {@code _end} exclusive (default {@code _start} plus the list's default
 * size), a blank value being the default (docs/admin-api.md, "List query parameters").
 *
 * @param start first row, 0-based
 * @param end   end of the window, exclusive; {@code end - start} rows at most
 */
public record ListWindow(int start, int end) {

    /**
     * Reads {@code _start} and {@code _end} from {@code params}.
     *
     * @param defaultSize rows in the window when {@code _end} is absent or blank
     * @param max         most rows one request may ask for
     * @throws ApiException 422 {@code invalid_request} naming {@code _start} or {@code _end}: not a whole number,
     *                      negative, given twice, {@code _end} below {@code _start}, or more than {@code max} rows
     */
    public static ListWindow parse(Map<String, List<String>> params, int defaultSize, int max) {
        int start = number(params, "_start", 0);
        int end = number(params, "_end", (int) Math.min(Integer.MAX_VALUE, (long) start + defaultSize));
        if (end < start) {
            throw ApiException.invalid("_end", "must not be less than _start (" + start + ")");
        }
        if (end - start > max) {
            throw ApiException.invalid("_end", "at most " + max + " rows a request (_end - _start)");
        }
        return new ListWindow(start, end);
    }

    /**
     * The {@code _order} values, each {@code "asc"} or {@code "desc"}, from comma lists (repeated keys join; any
     * case; spaces around a part and empty parts are ignored, so absent or blank is none: the default order).
     *
     * @throws ApiException 422 {@code invalid_request} naming {@code _order} for any other part
     */
    public static List<String> orders(Map<String, List<String>> params) {
        List<String> out = new java.util.ArrayList<>();
        for (String value : params.getOrDefault("_order", List.of())) {
            for (String part : value.split(",")) {
                String order = part.strip().toLowerCase(java.util.Locale.ROOT);
                if (order.isEmpty()) {
                    continue;
                }
                if (!order.equals("asc") && !order.equals("desc")) {
                    throw ApiException.invalid("_order", "expected asc or desc, got '" + part + "'");
                }
                out.add(order);
            }
        }
        return out;
    }

    private static int number(Map<String, List<String>> params, String name, int fallback) {
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
}
