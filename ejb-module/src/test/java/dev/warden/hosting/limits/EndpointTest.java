package dev.warden.hosting.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link Endpoint}: the requirements' Limits table (docs/hosting-api.md, "Requirements: Limits") as declared. */
class EndpointTest {

    @Test
    void ownLimitsOfTheSpecTable() {
        assertEquals(60, Endpoint.TEAM_BUDGET_PER_MINUTE);
        assertEquals(10, Endpoint.METRICS.perMinute());
        assertEquals(2, Endpoint.LOGS.perMinute());
        assertEquals(
                List.of(Endpoint.METRICS, Endpoint.LOGS),
                Arrays.stream(Endpoint.values()).filter(e -> e.perMinute() > 0).toList(),
                "the others are 60, shared");
        assertTrue(Arrays.stream(Endpoint.values()).allMatch(Endpoint::countsTowardTeamBudget), "rule 2");
        assertEquals(
                List.of(Endpoint.LOGS),
                Arrays.stream(Endpoint.values())
                        .filter(Endpoint::oneAtATimePerInstance)
                        .toList(),
                "rule 5");
    }

    @Test
    void refreshIntervalsOfTheSpecTable() {
        assertEquals(600, Endpoint.METRICS.refreshSeconds(true));
        assertEquals(60, Endpoint.METRICS.refreshSeconds(false));
        assertEquals(30, Endpoint.METRICS_CURRENT.refreshSeconds(true), "only /metrics has a day interval");
    }

    @Test
    void namesAreUniqueAndResolve() {
        for (Endpoint e : Endpoint.values()) {
            assertEquals(Optional.of(e), Endpoint.byPolicy(e.policy()));
            assertEquals("warden.hosting.limit." + e.policy() + "-per-minute", e.configKey());
        }
        assertEquals(Optional.empty(), Endpoint.byPolicy("unknown"));
    }
}
