package dev.warden.hosting.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryParamsTest {

    @Test
    void timesWithAndWithoutOffsetAndDates() {
        assertEquals(Instant.parse("2026-11-21T10:00:00Z"), QueryParams.parseTime("2026-11-21T12:00:00+02:00"));
        assertEquals(Instant.parse("2026-11-21T12:00:00Z"), QueryParams.parseTime("2026-11-21T12:00:00"));
        assertEquals(Instant.parse("2026-11-21T12:00:00Z"), QueryParams.parseTime("2026-11-21T12:00"));
        assertEquals(Instant.parse("2026-11-21T00:00:00Z"), QueryParams.parseTime("2026-11-21"));
        assertNull(QueryParams.parseTime("yesterday"));
        assertNull(QueryParams.parseTime("1700000000"));
    }

    @Test
    void integersAreBoundedAndEveryProblemIsKept() {
        QueryParams p = new QueryParams(Map.of("limit", List.of("51"), "other", List.of("1", "2")));
        assertEquals(20, p.integer("limit", 1, 50, 20));
        assertNull(p.single("other"));
        assertNull(p.single("absent"));
        assertEquals(List.of("limit", "other"), List.copyOf(p.errors().keySet()));
        assertEquals(7, new QueryParams(Map.of("limit", List.of("7"))).integer("limit", 1, 50, 20));
    }
}
