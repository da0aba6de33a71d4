package dev.warden.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link DemoJson}: valid, escaped JSON text. */
class DemoJsonTest {

    @Test
    void jsonIsValidAndEscaped() {
        String text = DemoJson.json(DemoJson.obj(
                "reason",
                "said \"hi\"\\\n\tthere\u0001",
                "until",
                null,
                "by",
                7L,
                "at",
                Instant.parse("2025-03-01T12:30:00Z"),
                "inventory",
                List.of("torch", "lockpick"),
                "nested",
                DemoJson.obj("ok", true, "n", 3)));
        JsonObject parsed;
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            parsed = reader.readObject();
        }
        assertEquals("said \"hi\"\\\n\tthere\u0001", parsed.getString("reason"));
        assertTrue(parsed.isNull("until"));
        assertEquals(7, parsed.getInt("by"));
        assertEquals("2025-03-01T12:30:00Z", parsed.getString("at"));
        assertEquals(2, parsed.getJsonArray("inventory").size());
        assertTrue(parsed.getJsonObject("nested").getBoolean("ok"));
        assertEquals("{\"a\":[1,2],\"b\":\"c\"}", DemoJson.json(DemoJson.obj("a", List.of(1, 2), "b", "c")));
    }
}
