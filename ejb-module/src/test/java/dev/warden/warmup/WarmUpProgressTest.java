package dev.warden.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WarmUpProgressTest {

    private static final long MS = 1_000_000L;

    @Test
    void roundsThatKeepGettingFasterNeverStopTheWarmUp() {
        WarmUpProgress progress = new WarmUpProgress();
        long round = 400 * MS;
        for (long at = 100 * MS; at < 20_000 * MS; at += 1_000 * MS) {
            assertFalse(progress.round(at, round), "at " + at / MS + " ms");
            round = round * 85 / 100; // 15 % faster every second
        }
    }

    @Test
    void itStopsFourSecondsAfterTheLastTenPercentGainOnceFiveSecondsPassed() {
        WarmUpProgress progress = new WarmUpProgress();
        assertFalse(progress.round(300 * MS, 300 * MS));
        assertFalse(progress.round(400 * MS, 100 * MS)); // a gain at 0.4 s
        assertFalse(progress.round(2_000 * MS, 95 * MS)); // 5 %: not a gain
        assertFalse(progress.round(4_900 * MS, 98 * MS)); // steady for 4.5 s, but not 5 s in yet
        assertTrue(progress.round(5_000 * MS, 99 * MS)); // 5 s passed and 4.6 s steady
        assertEquals(95 * MS, progress.fastest());
    }

    @Test
    void aLateGainRestartsTheSteadyTime() {
        WarmUpProgress progress = new WarmUpProgress();
        assertFalse(progress.round(1_000 * MS, 100 * MS));
        assertFalse(progress.round(4_500 * MS, 100 * MS));
        assertFalse(progress.round(4_900 * MS, 80 * MS)); // C2 code arrived: a gain at 4.9 s
        assertFalse(progress.round(8_800 * MS, 80 * MS));
        assertTrue(progress.round(8_900 * MS, 81 * MS));
    }

    @Test
    void slowerRoundsDoNotCountAsProgress() {
        WarmUpProgress progress = new WarmUpProgress();
        assertFalse(progress.round(1_000 * MS, 100 * MS));
        assertFalse(progress.round(3_000 * MS, 300 * MS)); // a GC pause, another thread's work
        assertTrue(progress.round(5_000 * MS, 150 * MS));
    }
}
