package dev.warden.hosting.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.hosting.query.QueryParams;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsQueryTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:34:56.789Z");

    private static QueryParams params(String... keysAndValues) {
        Map<String, List<String>> raw = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            raw.computeIfAbsent(keysAndValues[i], k -> new java.util.ArrayList<>())
                    .add(keysAndValues[i + 1]);
        }
        return new QueryParams(raw);
    }

    @Test
    void minuteDefaultsToTheLast24HoursEndingThisMinute() {
        QueryParams p = params();
        MetricsQuery q = MetricsQuery.parse(p, NOW);
        assertTrue(p.errors().isEmpty());
        assertEquals("minute", q.resolution());
        assertEquals(Instant.parse("2026-11-21T12:34:00Z"), q.to());
        assertEquals(Instant.parse("2026-11-20T12:34:00Z"), q.from());
        assertEquals(Instant.parse("2026-11-21T12:35:00Z"), q.endExclusive());
        assertNull(q.locationId());
    }

    @Test
    void dayDefaultsToThirtyDaysEndingTodayAtMidnight() {
        QueryParams p = params("resolution", "day");
        MetricsQuery q = MetricsQuery.parse(p, NOW);
        assertTrue(p.errors().isEmpty());
        assertEquals(Instant.parse("2026-11-21T00:00:00Z"), q.to());
        assertEquals(Instant.parse("2026-10-23T00:00:00Z"), q.from());
        assertEquals(Instant.parse("2026-11-22T00:00:00Z"), q.endExclusive());
    }

    @Test
    void dayResolutionIgnoresTheTimeOfDayAndOffsetsAreHonoured() {
        QueryParams p = params("resolution", "day", "from", "2026-11-10T23:30:00-02:00", "to", "2026-11-12T08:00");
        MetricsQuery q = MetricsQuery.parse(p, NOW);
        assertTrue(p.errors().isEmpty(), p.errors().toString());
        assertEquals(Instant.parse("2026-11-11T00:00:00Z"), q.from()); // 23:30-02:00 is 01:30Z on the 11th
        assertEquals(Instant.parse("2026-11-12T00:00:00Z"), q.to());
    }

    @Test
    void timesWithoutAnOffsetAreUtcAndTruncatedToTheMinute() {
        QueryParams p = params("from", "2026-11-21T01:02:03", "to", "2026-11-21T05:06:07.5");
        MetricsQuery q = MetricsQuery.parse(p, NOW);
        assertTrue(p.errors().isEmpty());
        assertEquals(Instant.parse("2026-11-21T01:02:00Z"), q.from());
        assertEquals(Instant.parse("2026-11-21T05:06:00Z"), q.to());
    }

    @Test
    void everyBadParameterIsRecorded() {
        QueryParams p = params("resolution", "hour", "from", "soon", "to", "2026-02-30T00:00:00Z", "location_id", "x");
        MetricsQuery.parse(p, NOW);
        assertEquals(
                List.of("resolution", "from", "to", "location_id"),
                List.copyOf(p.errors().keySet()));
    }

    @Test
    void windowAndRetentionRules() {
        assertEquals(List.of("from"), errors("from", "2026-11-20T12:00:00Z")); // 24 h 34 min
        assertEquals(List.of(), errors("from", "2026-11-20T12:34:00Z")); // exactly 24 h
        assertEquals(List.of("from"), errors("from", "2026-10-15T00:00:00Z", "to", "2026-10-15T01:00:00Z"));
        assertEquals(List.of("from"), errors("from", "2026-11-21T10:00:00Z", "to", "2026-11-21T09:00:00Z"));
        assertEquals(List.of(), errors("resolution", "day", "from", "2026-10-17T00:00:00Z")); // now - 35 days' day
        assertEquals(List.of("from"), errors("resolution", "day", "from", "2026-10-16"));
        assertEquals(List.of("from"), errors("from", "2026-11-21T00:00:00Z", "from", "2026-11-21T01:00:00Z"));
        assertEquals(List.of("location_id"), errors("location_id", "0"));
        assertEquals(List.of("resolution"), errors("resolution", ""));
    }

    private static List<String> errors(String... keysAndValues) {
        QueryParams p = params(keysAndValues);
        MetricsQuery.parse(p, NOW);
        return List.copyOf(p.errors().keySet());
    }
}
