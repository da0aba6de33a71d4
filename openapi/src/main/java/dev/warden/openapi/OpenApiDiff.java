package dev.warden.openapi;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Semantic comparison of two parsed OpenAPI documents (maps, lists, scalars): key order, YAML vs JSON and number
 * spelling ({@code 1}, {@code 1.0}, {@code 1e0}) do not matter; every other difference is reported with its JSON
 * pointer. Used by the drift test that compares the live {@code /openapi} with the committed documents.
 */
public final class OpenApiDiff {

    private OpenApiDiff() {}

    /** The differences, as {@code "<pointer>: expected X, live Y"} lines; empty when the documents agree. */
    public static List<String> differences(Object expected, Object actual) {
        List<String> out = new ArrayList<>();
        compare("", expected, actual, out);
        return out;
    }

    @SuppressWarnings("unchecked")
    private static void compare(String pointer, Object expected, Object actual, List<String> out) {
        if (expected instanceof Map && actual instanceof Map) {
            Map<String, Object> e = (Map<String, Object>) expected;
            Map<String, Object> a = (Map<String, Object>) actual;
            TreeSet<String> keys = new TreeSet<>();
            e.keySet().forEach(k -> keys.add(String.valueOf(k)));
            a.keySet().forEach(k -> keys.add(String.valueOf(k)));
            for (String key : keys) {
                String child = pointer + "/" + key.replace("~", "~0").replace("/", "~1");
                if (!e.containsKey(key)) {
                    out.add(child + ": only in the live document: " + brief(a.get(key)));
                } else if (!a.containsKey(key)) {
                    out.add(child + ": missing from the live document (expected " + brief(e.get(key)) + ")");
                } else {
                    compare(child, e.get(key), a.get(key), out);
                }
            }
        } else if (expected instanceof List && actual instanceof List) {
            List<Object> e = (List<Object>) expected;
            List<Object> a = (List<Object>) actual;
            if (e.size() != a.size()) {
                out.add(pointer + ": expected " + e.size() + " items " + brief(e) + ", live has " + a.size() + " "
                        + brief(a));
                return;
            }
            for (int i = 0; i < e.size(); i++) {
                compare(pointer + "/" + i, e.get(i), a.get(i), out);
            }
        } else if (expected instanceof Number && actual instanceof Number) {
            if (new BigDecimal(expected.toString()).compareTo(new BigDecimal(actual.toString())) != 0) {
                out.add(pointer + ": expected " + expected + ", live " + actual);
            }
        } else if (!java.util.Objects.equals(scalar(expected), scalar(actual))) {
            out.add(pointer + ": expected " + brief(expected) + ", live " + brief(actual));
        }
    }

    /** Dates and times the YAML parser may have turned into objects compare by their text. */
    private static Object scalar(Object value) {
        return value instanceof java.util.Date d ? d.toInstant().toString() : value;
    }

    private static String brief(Object value) {
        String s = String.valueOf(value);
        return s.length() > 160 ? s.substring(0, 157) + "..." : s;
    }
}
