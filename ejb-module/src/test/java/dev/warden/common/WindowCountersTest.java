package dev.warden.common;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Unit tests for {@link WindowCounters#hitSql}: where windows start, and the window length. */
class WindowCountersTest {

    private static final String KEYS = "SELECT k, n FROM unnest(?::text[]) WITH ORDINALITY AS t(k, n)";

    @Test
    void aWindowFromTheFirstHitStartsNow() {
        String sql = WindowCounters.hitSql(KEYS, 900, WindowCounters.Windows.FROM_FIRST_HIT);
        assertTrue(sql.contains("SELECT q.key, now(), 1 FROM (" + KEYS + ")"), sql);
        assertTrue(sql.contains("c.window_started_at <= now() - make_interval(secs => 900)"), sql);
        assertTrue(sql.contains("ON CONFLICT (key) DO UPDATE"), sql);
        assertTrue(sql.contains("RETURNING c.key, c.hits"), sql);
    }

    @Test
    void anAlignedWindowStartsOnTheEpochBoundaryOfTheDatabaseClock() {
        String sql = WindowCounters.hitSql(KEYS, 60, WindowCounters.Windows.ALIGNED);
        assertTrue(
                sql.contains("date_bin(make_interval(secs => 60), now(), timestamptz '1970-01-01 00:00:00+00')"), sql);
        assertTrue(sql.contains("THEN excluded.window_started_at ELSE c.window_started_at"), sql);
    }

    @Test
    void theWindowMustBePositive() {
        assertThrows(
                IllegalArgumentException.class, () -> WindowCounters.hitSql(KEYS, 0, WindowCounters.Windows.ALIGNED));
    }
}
