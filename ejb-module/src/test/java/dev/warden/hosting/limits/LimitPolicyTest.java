package dev.warden.hosting.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link LimitPolicy}: the requirements' defaults and configuration overrides. */
class LimitPolicyTest {

    private static List<LimitPolicy.Limit> limits(String endpoint, Map<String, Integer> config) {
        return LimitPolicy.limits(7, endpoint, key -> Optional.ofNullable(config.get(key)));
    }

    @Test
    void specDefaults() {
        assertEquals(List.of(new LimitPolicy.Limit("team", "team:7", 60)), limits("applications", Map.of()));
        assertEquals(
                List.of(
                        new LimitPolicy.Limit("team", "team:7", 60),
                        new LimitPolicy.Limit("metrics", "team:7:metrics", 10)),
                limits("metrics", Map.of()));
        assertEquals(
                List.of(new LimitPolicy.Limit("team", "team:7", 60), new LimitPolicy.Limit("logs", "team:7:logs", 2)),
                limits("logs", Map.of()));
        assertEquals(1, limits("metrics_current", Map.of()).size(), "metrics_current is not metrics");
    }

    @Test
    void configOverridesAndAddsLimits() {
        assertEquals(
                List.of(
                        new LimitPolicy.Limit("team", "team:7", 100),
                        new LimitPolicy.Limit("applications", "team:7:applications", 5)),
                limits(
                        "applications",
                        Map.of(
                                "warden.hosting.limit.team-per-minute",
                                100,
                                "warden.hosting.limit.applications-per-minute",
                                5)));
        assertEquals(
                1,
                limits("metrics", Map.of("warden.hosting.limit.metrics-per-minute", 0))
                        .size(),
                "0 lifts an endpoint's own limit");
    }
}
