package dev.warden.hosting.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.hosting.limits.LimitState;
import dev.warden.hosting.tokens.TeamAccess;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link HostingAccess#refusal} and {@link AccessDecision}: the 429 message and the verdicts. */
class HostingAccessTest {

    @Test
    void theTeamBudgetRefusalNamesTheBudgetAndTheWait() {
        List<LimitState> states =
                List.of(new LimitState("team", 60, 61, 60, 17), new LimitState("metrics", 10, 3, 60, 17));
        assertEquals(
                "Rate limit reached: the team's budget of 60 requests per minute; retry after 17 s",
                HostingAccess.refusal(states));
    }

    @Test
    void anEndpointRefusalNamesTheEndpointAndWaitsAtLeastOneSecond() {
        List<LimitState> states = List.of(new LimitState("team", 60, 12, 60, 0), new LimitState("logs", 2, 3, 60, 0));
        assertEquals(
                "Rate limit reached: the limit of 2 logs requests per minute; retry after 1 s",
                HostingAccess.refusal(states));
    }

    @Test
    void onlyAnAllowedDecisionAllows() {
        TeamAccess access = new TeamAccess(7, 9);
        assertTrue(AccessDecision.allowed(access, List.of()).allowed());
        assertFalse(AccessDecision.unauthenticated("no").allowed());
        assertFalse(AccessDecision.rateLimited(access, List.of(new LimitState("team", 1, 2, 60, 5)), "x")
                .allowed());
        assertEquals(List.of(), AccessDecision.unauthenticated("no").limits());
    }
}
