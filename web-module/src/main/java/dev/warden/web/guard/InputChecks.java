package dev.warden.web.guard;

import dev.warden.pathguard.RawPaths;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pure checks of raw request input, run by {@link RequestGuardFilter} before anything reaches JAX-RS, a cache key or
 * SQL: percent-decoding of the path and the query string to bytes, strict UTF-8, no NUL byte,
 * and the nesting depth of a JSON text. Every method is side-effect free.
 */
public final class InputChecks {

    private InputChecks() {}

    /**
     * Problems of a raw query string ({@code a=1&b=%00}), by parameter name: a malformed percent escape, a NUL byte
     * or bytes that are not UTF-8, in a name or a value. A name that cannot be decoded is reported as
     * {@code "query"}. Empty map when the query is fine or null.
     */
    public static Map<String, List<String>> queryProblems(String rawQuery) {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return problems;
        }
        for (String pair : rawQuery.split("&", -1)) {
            int eq = pair.indexOf('=');
            String rawName = eq < 0 ? pair : pair.substring(0, eq);
            String rawValue = eq < 0 ? "" : pair.substring(eq + 1);
            String nameProblem = RawPaths.componentProblem(rawName, true);
            String name = nameProblem == null
                    ? new String(RawPaths.decodeBytes(rawName, true), StandardCharsets.UTF_8)
                    : "query";
            if (nameProblem != null) {
                problems.putIfAbsent(name, List.of("a parameter name " + nameProblem));
                continue;
            }
            String valueProblem = RawPaths.componentProblem(rawValue, true);
            if (valueProblem != null) {
                problems.putIfAbsent(name, List.of(valueProblem));
            }
        }
        return problems;
    }

    /**
     * The deepest nesting of arrays and objects in a JSON text, counting brackets outside strings only; stops
     * counting (and returns a value above {@code limit}) as soon as {@code limit} is exceeded. Does not validate
     * the JSON otherwise.
     */
    public static int jsonDepth(CharSequence json, int limit) {
        int depth = 0;
        int deepest = 0;
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                depth++;
                if (depth > deepest) {
                    deepest = depth;
                    if (deepest > limit) {
                        return deepest;
                    }
                }
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
        return deepest;
    }

    /**
     * The first value of the query parameter {@code name} in a raw query string ({@code getQueryString()}, not yet
     * percent-decoded), decoded as UTF-8 with {@code +} as a space; null when the parameter is absent or its value
     * has a malformed escape. Servlets read their parameters through this, not {@code getParameter}: WildFly's
     * listener leaves URL decoding to the application ({@code decode-url=false}, docs/wildfly.md), so the
     * container's parameters would be decoded on Liberty and raw on WildFly.
     */
    public static String queryParameter(String rawQuery, String name) {
        if (rawQuery == null) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            byte[] key = RawPaths.decodeBytes(eq < 0 ? pair : pair.substring(0, eq), true);
            if (key != null && new String(key, StandardCharsets.UTF_8).equals(name)) {
                byte[] value = RawPaths.decodeBytes(eq < 0 ? "" : pair.substring(eq + 1), true);
                return value == null ? null : new String(value, StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
