package dev.warden.demo;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JSON text for the demo data's {@code jsonb} columns (bans, configs, leaderboard metadata, cloud saves, event
 * properties) and for the banner's sign-in body, written by JSON-P so that every value is escaped correctly.
 */
final class DemoJson {

    private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_INSTANT;

    private DemoJson() {}

    /** An insertion-ordered map from alternating keys and values (values may be null). */
    static Map<String, Object> obj(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("obj needs key/value pairs");
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /**
     * JSON text of {@code value}: null, String, Boolean, Integer/Long/BigDecimal, Instant (as an ISO 8601 string
     * in UTC), Map with String keys, or a Collection of those.
     *
     * @throws IllegalArgumentException for any other type
     */
    static String json(Object value) {
        return jsonValue(value).toString();
    }

    private static JsonValue jsonValue(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        } else if (value instanceof String s) {
            return JSON.createValue(s);
        } else if (value instanceof Instant t) {
            return JSON.createValue(ISO.format(t));
        } else if (value instanceof Boolean b) {
            return b ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (value instanceof Integer || value instanceof Long) {
            return JSON.createValue(((Number) value).longValue());
        } else if (value instanceof BigDecimal d) {
            return JSON.createValue(d);
        } else if (value instanceof Map<?, ?> map) {
            JsonObjectBuilder out = JSON.createObjectBuilder();
            map.forEach((k, v) -> out.add((String) k, jsonValue(v)));
            return out.build();
        } else if (value instanceof Collection<?> items) {
            JsonArrayBuilder out = JSON.createArrayBuilder();
            items.forEach(item -> out.add(jsonValue(item)));
            return out.build();
        }
        throw new IllegalArgumentException(
                "no JSON form for " + value.getClass().getName());
    }
}
