package dev.warden.rooms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoomLogTest {

    @Test
    void keepsTheLastEntriesOldestFirstAndRedactsListedTypes() {
        RoomLog log = new RoomLog(3, Set.of("whisper"));
        log.add("join", "c1", null, null);
        log.add("client_msg", "c1", "whisper", Json.createValue("secret"));
        log.add("client_msg", "c1", "chat", Json.createValue("hello"));
        log.add("leave", "c1", null, null);
        var entries = log.json();
        assertEquals(3, entries.size());
        JsonObject first = entries.getJsonObject(0);
        assertEquals("whisper", first.getString("type"));
        assertEquals(RoomLog.REDACTED, first.getString("data"));
        assertEquals("hello", entries.getJsonObject(1).getString("data"));
        assertEquals("leave", entries.getJsonObject(2).getString("kind"));
    }

    @Test
    void aLogOfSizeZeroKeepsNothing() {
        RoomLog log = new RoomLog(0, Set.of());
        log.add("join", "c1", null, null);
        assertEquals(0, log.json().size());
    }
}
