package dev.warden.hosting.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link RateLimitHeaders}: the tightest limit, the draft-10 fields, Retry-After. */
class RateLimitHeadersTest {

    @Test
    void teamBudgetOnlyGivesAllFieldsWithoutRetryAfter() {
        Map<String, String> h = RateLimitHeaders.of(List.of(new LimitState("team", 60, 3, 60, 42)));
        assertEquals("60", h.get("X-RateLimit-Limit"));
        assertEquals("57", h.get("X-RateLimit-Remaining"));
        assertEquals("\"team\";q=60;w=60", h.get("RateLimit-Policy"));
        assertEquals("\"team\";r=57;t=42", h.get("RateLimit"));
        assertFalse(h.containsKey("Retry-After"));
    }

    @Test
    void theTightestIsTheOneWithFewestLeft() {
        LimitState team = new LimitState("team", 60, 58, 60, 10);
        LimitState metrics = new LimitState("metrics", 10, 1, 60, 10);
        Map<String, String> h = RateLimitHeaders.of(List.of(team, metrics));
        assertEquals("60", h.get("X-RateLimit-Limit"), "2 left in the team budget beats 9 left for metrics");
        assertEquals("2", h.get("X-RateLimit-Remaining"));
        assertEquals("\"team\";q=60;w=60, \"metrics\";q=10;w=60", h.get("RateLimit-Policy"));
        assertEquals("\"team\";r=2;t=10, \"metrics\";r=9;t=10", h.get("RateLimit"));

        Map<String, String> fresh = RateLimitHeaders.of(
                List.of(new LimitState("team", 60, 1, 60, 5), new LimitState("metrics", 10, 1, 60, 5)));
        assertEquals("10", fresh.get("X-RateLimit-Limit"));
        assertEquals("9", fresh.get("X-RateLimit-Remaining"));
    }

    @Test
    void onATieTheSmallerLimitWins() {
        LimitState tightest = RateLimitHeaders.tightest(
                List.of(new LimitState("team", 60, 60, 60, 1), new LimitState("logs", 2, 2, 60, 1)));
        assertEquals("logs", tightest.policy());
    }

    @Test
    void anExceededLimitGivesRetryAfterAndZeroRemaining() {
        Map<String, String> h = RateLimitHeaders.of(
                List.of(new LimitState("team", 60, 20, 60, 33), new LimitState("logs", 2, 3, 60, 33)));
        assertEquals("2", h.get("X-RateLimit-Limit"));
        assertEquals("0", h.get("X-RateLimit-Remaining"));
        assertEquals("33", h.get("Retry-After"));
        assertTrue(h.get("RateLimit").contains("\"logs\";r=0;t=33"));
        assertEquals(
                "1",
                RateLimitHeaders.of(List.of(new LimitState("team", 60, 61, 60, 0)))
                        .get("Retry-After"),
                "never Retry-After: 0");
    }

    @Test
    void policyNamesAreStructuredFieldStrings() {
        assertEquals("\"a\\\"b\\\\c\"", RateLimitHeaders.quote("a\"b\\c"));
        assertTrue(RateLimitHeaders.of(List.of()).isEmpty());
    }
}
