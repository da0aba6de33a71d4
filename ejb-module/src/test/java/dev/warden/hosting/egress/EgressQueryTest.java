package dev.warden.hosting.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.hosting.query.QueryParams;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EgressQueryTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

    private static List<String> errors(Map<String, List<String>> raw) {
        QueryParams p = new QueryParams(raw);
        EgressQuery.parse(p, NOW);
        return List.copyOf(p.errors().keySet());
    }

    @Test
    void defaultsToTheLast30Days() {
        QueryParams p = new QueryParams(Map.of());
        assertEquals(
                new EgressQuery(LocalDate.parse("2026-10-23"), LocalDate.parse("2026-11-21")),
                EgressQuery.parse(p, NOW));
    }

    @Test
    void datesAreStrictAndRetentionAndOrderAreChecked() {
        assertEquals(List.of(), errors(Map.of("from", List.of("2026-10-17"), "to", List.of("2026-10-18"))));
        assertEquals(List.of("from"), errors(Map.of("from", List.of("2026-10-16"))));
        assertEquals(List.of("from"), errors(Map.of("from", List.of("2026-11-20"), "to", List.of("2026-11-19"))));
        assertEquals(List.of("to"), errors(Map.of("to", List.of("2026-11-19T00:00:00Z"))));
        assertEquals(
                2,
                errors(Map.of("from", List.of("2026/11/01"), "to", List.of("x")))
                        .size());
    }
}
