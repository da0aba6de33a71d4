package dev.warden.hosting.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class EgressCopyTest {

    private static final LocalDate TODAY = LocalDate.parse("2026-11-21");

    @Test
    void theFirstCopyAsksForTheWholeRetention() {
        assertEquals(LocalDate.parse("2026-10-18"), EgressCopy.window(null, TODAY));
        assertEquals(35, TODAY.toEpochDay() - EgressCopy.window(null, TODAY).toEpochDay() + 1);
    }

    @Test
    void laterCopiesAskFromTheDayBeforeTheLastCopy() {
        assertEquals(LocalDate.parse("2026-11-20"), EgressCopy.window(Instant.parse("2026-11-21T10:07:00Z"), TODAY));
        assertEquals(LocalDate.parse("2026-11-19"), EgressCopy.window(Instant.parse("2026-11-20T23:07:00Z"), TODAY));
        assertEquals(LocalDate.parse("2026-10-18"), EgressCopy.window(Instant.parse("2026-09-01T00:00:00Z"), TODAY));
        assertEquals(TODAY, EgressCopy.window(Instant.parse("2026-12-05T00:00:00Z"), TODAY));
    }
}
