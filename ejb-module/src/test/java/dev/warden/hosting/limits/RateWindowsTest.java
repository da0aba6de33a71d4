package dev.warden.hosting.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link RateWindows}: epoch-aligned windows, seconds until reset, Retry-After. */
class RateWindowsTest {

    private static long at(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    @Test
    void windowsStartOnWholeMinutes() {
        assertEquals(at("2026-11-21T12:34:00Z"), RateWindows.windowStart(at("2026-11-21T12:34:59.999Z"), 60));
        assertEquals(at("2026-11-21T12:34:00Z"), RateWindows.windowStart(at("2026-11-21T12:34:00Z"), 60));
        assertEquals(at("2026-11-21T12:30:00Z"), RateWindows.windowStart(at("2026-11-21T12:39:59Z"), 600));
        assertEquals(-60_000, RateWindows.windowStart(-1, 60), "before the epoch too");
        assertThrows(IllegalArgumentException.class, () -> RateWindows.windowStart(0, 0));
    }

    @Test
    void resetIsRoundedUpAndNeverNegative() {
        long start = at("2026-11-21T12:34:00Z");
        assertEquals(60, RateWindows.secondsUntilReset(start, start, 60));
        assertEquals(18, RateWindows.secondsUntilReset(start + 42_000, start, 60));
        assertEquals(18, RateWindows.secondsUntilReset(start + 42_001, start, 60), "17.999 s rounds up");
        assertEquals(1, RateWindows.secondsUntilReset(start + 59_999, start, 60));
        assertEquals(0, RateWindows.secondsUntilReset(start + 60_000, start, 60));
        assertEquals(0, RateWindows.secondsUntilReset(start + 90_000, start, 60));
    }

    @Test
    void retryAfterIsAtLeastOneSecond() {
        assertEquals(1, RateWindows.retryAfter(0));
        assertEquals(1, RateWindows.retryAfter(1));
        assertEquals(37, RateWindows.retryAfter(37));
    }
}
