package dev.warden.hosting.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link CachePolicy}: the requirements' intervals, request keys, entity tags, If-None-Match. */
class CachePolicyTest {

    @Test
    void intervalsOfTheSpecTable() {
        assertEquals(60, CachePolicy.ttlSeconds("applications", Map.of()));
        assertEquals(30, CachePolicy.ttlSeconds("metrics_current", Map.of()));
        assertEquals(60, CachePolicy.ttlSeconds("metrics", Map.of()));
        assertEquals(60, CachePolicy.ttlSeconds("metrics", Map.of("resolution", List.of("minute"))));
        assertEquals(600, CachePolicy.ttlSeconds("metrics", Map.of("resolution", List.of("day"))));
        assertEquals(600, CachePolicy.ttlSeconds("egress", Map.of()));
        assertEquals(15, CachePolicy.ttlSeconds("deploys", Map.of()));
        assertEquals(15, CachePolicy.ttlSeconds("deploy", Map.of()));
        assertEquals(600, CachePolicy.ttlSeconds("billing", Map.of()));
        assertEquals(60, CachePolicy.ttlSeconds("logs", Map.of()));
        assertEquals(0, CachePolicy.ttlSeconds("unknown", Map.of()));
    }

    @Test
    void keysNormaliseTheQuery() {
        Map<String, List<String>> a = new LinkedHashMap<>();
        a.put("to", List.of("2026-11-21"));
        a.put("from", List.of("2026-11-01"));
        Map<String, List<String>> b = new LinkedHashMap<>();
        b.put("from", List.of("2026-11-01"));
        b.put("to", List.of("2026-11-21"));
        assertEquals(
                CachePolicy.key("GET", "applications/x/egress", a),
                CachePolicy.key("get", "/applications/x/egress", b));
        assertEquals(
                "GET /applications/x/egress?from=2026-11-01&to=2026-11-21",
                CachePolicy.key("GET", "applications/x/egress", a));
        assertEquals("GET /applications", CachePolicy.key("GET", "applications", Map.of()));
        assertEquals("GET /x?a=1&a=2", CachePolicy.key("GET", "x", Map.of("a", List.of("2", "1"))));
        assertNotEquals(
                CachePolicy.key("GET", "x", Map.of("a", List.of("1&b=2"))),
                CachePolicy.key("GET", "x", Map.of("a", List.of("1"), "b", List.of("2"))),
                "no ambiguity through & or =");
    }

    @Test
    void etagsAreStrongAndStable() {
        String tag = CachePolicy.etag("{\"data\":[]}");
        assertEquals(tag, CachePolicy.etag("{\"data\":[]}"));
        assertNotEquals(tag, CachePolicy.etag("{\"data\":[1]}"));
        assertTrue(tag.matches("\"[0-9a-f]{32}\""), tag);
    }

    @Test
    void ifNoneMatchUsesWeakComparison() {
        String tag = "\"abc\"";
        assertTrue(CachePolicy.notModified("\"abc\"", tag));
        assertTrue(CachePolicy.notModified("W/\"abc\"", tag));
        assertTrue(CachePolicy.notModified("\"x\", \"abc\"", tag));
        assertTrue(CachePolicy.notModified("*", tag));
        assertFalse(CachePolicy.notModified("\"abd\"", tag));
        assertFalse(CachePolicy.notModified(null, tag));
        assertFalse(CachePolicy.notModified(" ", tag));
    }
}
