package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link ETags}: strong tags from the row JSON without {@code _labels}, and If-Match. */
class ETagsTest {

    private static JsonObject row(String name, String label) {
        return Json.createObjectBuilder()
                .add("id", 7)
                .add("name", name)
                .addNull("reset_period")
                .add("_id", "7")
                .add("_labels", Json.createObjectBuilder().add("user_id", label))
                .build();
    }

    @Test
    void aTagIsAQuotedSha256HexOfTheRowWithoutLabels() {
        String tag = ETags.of(row("board", "Alice"));
        assertTrue(tag.matches("\"[0-9a-f]{64}\""), tag);
        String expected = '"'
                + dev.warden.common.Hashing.sha256Hex(
                        "{\"id\":7,\"name\":\"board\",\"reset_period\":null,\"_id\":\"7\"}")
                + '"';
        assertEquals(expected, tag);
    }

    @Test
    void equalRowsGiveEqualTagsAndLabelsDoNotCount() {
        assertEquals(ETags.of(row("board", "Alice")), ETags.of(row("board", "Alice")));
        assertEquals(ETags.of(row("board", "Alice")), ETags.of(row("board", "Bob")));
    }

    @Test
    void anyColumnChangeChangesTheTag() {
        assertNotEquals(ETags.of(row("board", "Alice")), ETags.of(row("board2", "Alice")));
        JsonObject withNull =
                Json.createObjectBuilder().add("id", 7).addNull("name").build();
        JsonObject withText =
                Json.createObjectBuilder().add("id", 7).add("name", "null").build();
        assertNotEquals(ETags.of(withNull), ETags.of(withText));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  "})
    void anAbsentIfMatchIsNoPrecondition(String header) {
        assertTrue(ETags.matches(header, "\"abc\""));
    }

    @Test
    void starMatchesAnyExistingRow() {
        assertTrue(ETags.matches("*", "\"abc\""));
        assertTrue(ETags.matches(" * ", "\"abc\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"abc\"", " \"abc\" ", "\"x\", \"abc\"", "\"x\",\"abc\",\"y\"", "W/\"x\", \"abc\""})
    void aListNamingTheCurrentTagMatches(String header) {
        assertTrue(ETags.matches(header, "\"abc\""), header);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"abd\"", "W/\"abc\"", "abc", "\"abc", "\"x\", abc", "\"ab\"c\"", "**", "\"\""})
    void staleWeakOrMalformedTagsDoNotMatch(String header) {
        assertFalse(ETags.matches(header, "\"abc\""), header);
    }
}
