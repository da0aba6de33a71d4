package dev.warden.rooms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class RoomFiguresTest {

    @Test
    void countsOfThisSecondWaitForTheSecondToEndAndTheHistoryCoversFifteenMinutes() {
        RoomFigures figures = new RoomFigures(true);
        for (int i = 0; i < 5; i++) {
            figures.messageIn();
        }
        figures.sent(10, 100);
        figures.patchBuilt(2_000_000, true);
        figures.stateBytes(321);
        JsonObject now = figures.current();
        assertEquals(321, now.getInt("state_bytes"));
        assertEquals(2.0, now.getJsonNumber("patch_ms_p50").doubleValue());
        assertTrue(now.getJsonNumber("messages_in_per_s").doubleValue() <= 5, now.toString());
        JsonObject history = figures.history();
        assertEquals(90, history.getJsonArray("messages_in_per_s").size());
        assertEquals(10, history.getInt("step_s"));
    }

    @Test
    void switchedOffItCountsNothing() {
        RoomFigures figures = new RoomFigures(false);
        figures.messageIn();
        figures.patchBuilt(2_000_000, true);
        JsonObject now = figures.current();
        assertEquals(0.0, now.getJsonNumber("patch_ms_p99").doubleValue());
        assertEquals(0.0, now.getJsonNumber("messages_in_per_s").doubleValue());
    }
}
