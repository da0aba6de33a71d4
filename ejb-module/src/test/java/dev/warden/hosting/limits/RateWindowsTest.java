package dev.warden.hosting.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Unit tests for {@link RateWindows}: Retry-After. */
class RateWindowsTest {

    @Test
    void retryAfterIsAtLeastOneSecond() {
        assertEquals(1, RateWindows.retryAfter(0));
        assertEquals(1, RateWindows.retryAfter(1));
        assertEquals(37, RateWindows.retryAfter(37));
    }
}
