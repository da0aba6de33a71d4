package dev.warden.panel.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The NOTIFY payload of a live-list event: ids only, row ids may hold ':'. */
class LiveEventTest {

    @Test
    void aPayloadRoundTripsEvenWithAColonInTheRowId() {
        LiveEvent event = new LiveEvent(42, "leaderboardEntries", "updated", "WzEsMl0:x");
        assertEquals("42:updated:leaderboardEntries:WzEsMl0:x", event.payload());
        assertEquals(Optional.of(event), LiveEvent.parse(event.payload()));
        assertTrue(event.fitsNotify());
    }

    @Test
    void anythingElseIsNotAnEvent() {
        assertFalse(LiveEvent.parse(null).isPresent());
        assertFalse(LiveEvent.parse("x:created:configs:1").isPresent());
        assertFalse(LiveEvent.parse("1:dropped:configs:1").isPresent());
        assertFalse(LiveEvent.parse("1:created::1").isPresent());
        assertFalse(LiveEvent.parse("1:created").isPresent());
        assertFalse(new LiveEvent(1, "k", "created", "x".repeat(8000)).fitsNotify());
    }
}
