package dev.warden.rooms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.rooms.MessageRate.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link MessageRate}: the per-second budget, one error frame a second, and the close on abuse. */
class MessageRateTest {

    @Test
    void aSecondsBudgetThenOneToldRefusalThenSilentOnes() {
        MessageRate rate = new MessageRate(3, 100);
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            verdicts.add(rate.hit(10_000 + i));
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
        assertEquals(Verdict.ACCEPT, rate.hit(11_000), "a new second, a new budget");
        assertEquals(Verdict.ACCEPT, rate.hit(11_999));
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

    @Test
    void retryAfterIsTheRestOfTheSecond() {
        assertEquals(1000, MessageRate.retryAfterMillis(7_000));
        assertEquals(1, MessageRate.retryAfterMillis(7_999));
    }
}
