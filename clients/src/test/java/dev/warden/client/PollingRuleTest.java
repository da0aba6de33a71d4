package dev.warden.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The client polling rule, docs/hosting-api.md, "Requirements: Limits" rule 8, one answer at a time. */
class PollingRuleTest {

    /** status, Cache-Control, Retry-After, expected kind, expected seconds (-1: none). */
    @ParameterizedTest(name = "{0} cc=[{1}] ra=[{2}] -> {3} {4}s")
    @CsvSource(
            nullValues = "NULL",
            value = {
                // success: at least max-age, floor 5 s, fallback 60 s
                "200, 'private, max-age=30', NULL, SUCCESS, 30",
                "200, max-age=600, NULL, SUCCESS, 600",
                "200, MAX-AGE=15, NULL, SUCCESS, 15",
                "200, 'max-age=\"45\"', NULL, SUCCESS, 45",
                "200, max-age=0, NULL, SUCCESS, 5",
                "200, max-age=3, NULL, SUCCESS, 5",
                "200, max-age=5, NULL, SUCCESS, 5",
                "200, NULL, NULL, SUCCESS, 60",
                "200, '', NULL, SUCCESS, 60",
                "200, no-store, NULL, SUCCESS, 60",
                "200, max-age=soon, NULL, SUCCESS, 60",
                "200, max-age=-10, NULL, SUCCESS, 60",
                "200, max-age=1.5, NULL, SUCCESS, 60",
                "200, 's-maxage=300', NULL, SUCCESS, 60",
                "200, 's-maxage=300, max-age=20', NULL, SUCCESS, 20",
                "200, max-age=30, 99, SUCCESS, 30",
                "204, max-age=30, NULL, SUCCESS, 30",
                "304, max-age=30, NULL, SUCCESS, 30",
                "304, NULL, NULL, SUCCESS, 60",
                // 429 and 5xx: at least Retry-After, floor 5 s, fallback 30 s
                "429, NULL, 12, RETRY, 12",
                "429, NULL, ' 12 ', RETRY, 12",
                "429, NULL, 2, RETRY, 5",
                "429, NULL, 0, RETRY, 5",
                "429, NULL, NULL, RETRY, 30",
                "429, NULL, '', RETRY, 30",
                "429, NULL, 'Wed, 21 Oct 2026 07:28:00 GMT', RETRY, 30",
                "429, NULL, -3, RETRY, 30",
                "429, NULL, 2.5, RETRY, 30",
                "429, max-age=600, NULL, RETRY, 30",
                "500, NULL, NULL, RETRY, 30",
                "502, NULL, 7, RETRY, 7",
                "502, NULL, NULL, RETRY, 30",
                "503, NULL, 120, RETRY, 120",
                "503, NULL, 1, RETRY, 5",
                "504, NULL, NULL, RETRY, 30",
                "504, NULL, 60, RETRY, 60",
                "599, NULL, NULL, RETRY, 30",
                // other errors are not retried
                "400, NULL, 10, STOP, -1",
                "401, NULL, NULL, STOP, -1",
                "403, NULL, NULL, STOP, -1",
                "404, max-age=30, NULL, STOP, -1",
                "405, NULL, NULL, STOP, -1",
                "409, NULL, 10, STOP, -1",
                "422, NULL, NULL, STOP, -1",
                "301, NULL, NULL, STOP, -1",
                "302, NULL, NULL, STOP, -1",
                "100, NULL, NULL, STOP, -1",
            })
    void decides(int status, String cacheControl, String retryAfter, PollingRule.Kind kind, long seconds) {
        PollingRule.Decision d = PollingRule.after(status, cacheControl, retryAfter);
        assertEquals(kind, d.kind());
        if (seconds < 0) {
            assertNull(d.delay());
            assertFalse(d.again());
        } else {
            assertEquals(Duration.ofSeconds(seconds), d.delay());
            assertTrue(d.again());
        }
    }

    @Test
    void noAnswerAtAllIsAFailureWithTheFailureFallback() {
        assertEquals(
                new PollingRule.Decision(PollingRule.Kind.RETRY, Duration.ofSeconds(30)),
                PollingRule.afterTransportFailure());
    }

    @Test
    void secondsAcceptsOnlyWholeNonNegativeNumbers() {
        assertEquals(Optional.of(Duration.ofSeconds(42)), PollingRule.seconds("42"));
        assertEquals(Optional.empty(), PollingRule.seconds("+42"));
        assertEquals(Optional.empty(), PollingRule.seconds("4 2"));
        assertEquals(Optional.empty(), PollingRule.seconds("99999999999999999999999"));
        assertEquals(Optional.empty(), PollingRule.seconds(null));
    }
}
