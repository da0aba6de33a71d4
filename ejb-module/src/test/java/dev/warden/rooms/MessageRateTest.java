package dev.warden.rooms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.rooms.MessageRate.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link MessageRate}: the token bucket, one error frame per refusal streak, and the close on abuse. */
class MessageRateTest {

    @Test
    void aBurstGetsTheBucketThenOneToldRefusalThenSilentOnes() {
        MessageRate rate = new MessageRate(3, 100);
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            verdicts.add(rate.hit(10_000));
        }
        assertEquals(
                List.of(
                        Verdict.ACCEPT,
                        Verdict.ACCEPT,
                        Verdict.ACCEPT,
                        Verdict.REFUSE_AND_TELL,
                        Verdict.REFUSE,
                        Verdict.REFUSE),
                verdicts);
        assertEquals(334, rate.retryAfterMillis(), "one message refills in a third of a second");
        assertEquals(Verdict.ACCEPT, rate.hit(10_334));
        assertEquals(Verdict.REFUSE_AND_TELL, rate.hit(10_335), "a new streak of refusals is told again");
    }

    @Test
    void aBurstAcrossASecondBoundaryGetsNoMoreThanItsRefill() {
        MessageRate rate = new MessageRate(20, 0);
        int accepted = 0;
        for (int i = 0; i < 200; i++) {
            if (rate.hit(999 + i / 100) == Verdict.ACCEPT) { // 200 messages within 2 ms around a second's end
                accepted++;
            }
        }
        assertTrue(accepted <= 21, "accepted " + accepted);
    }

    @Test
    void steadySendingAtTheRateIsNeverRefused() {
        MessageRate rate = new MessageRate(20, 1);
        for (int i = 0; i < 1000; i++) {
            assertEquals(Verdict.ACCEPT, rate.hit(i * 50L));
        }
    }

    @Test
    void moreRefusalsThanAllowedWithinTenSecondsClose() {
        MessageRate rate = new MessageRate(1, 5);
        assertEquals(Verdict.ACCEPT, rate.hit(20_000));
        for (int i = 0; i < 5; i++) {
            assertEquals(i == 0 ? Verdict.REFUSE_AND_TELL : Verdict.REFUSE, rate.hit(20_001 + i));
        }
        assertEquals(Verdict.CLOSE, rate.hit(20_100));
    }

    @Test
    void zeroTurnsTheLimitsOff() {
        MessageRate off = new MessageRate(0, 0);
        for (int i = 0; i < 1000; i++) {
            assertEquals(Verdict.ACCEPT, off.hit(5_000));
        }
        MessageRate neverClose = new MessageRate(1, 0);
        neverClose.hit(5_000);
        for (int i = 0; i < 1000; i++) {
            assertEquals(i == 0 ? Verdict.REFUSE_AND_TELL : Verdict.REFUSE, neverClose.hit(5_001));
        }
    }
}
