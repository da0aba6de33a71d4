package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.TestResources;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link RowAddress}: single keys as text, composite keys as base64url JSON arrays. */
class RowAddressTest {

    private static final ResourceDef USERS = TestResources.users();
    private static final ResourceDef CONFIGS = TestResources.configs();
    private static final ResourceDef ENTRIES = TestResources.leaderboardEntries();
    private static final ResourceDef SLOTS = TestResources.stringUuidKeyed();

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertNotFound(ResourceDef resource, String segment) {
        ApiException e =
                assertThrows(ApiException.class, () -> RowAddress.decode(resource, segment), "segment " + segment);
        assertEquals(404, e.status());
        assertEquals("not_found", e.code());
        assertTrue(e.fields().isEmpty());
        assertTrue(e.getMessage().contains(resource.key()), e.getMessage());
        assertTrue(e.getMessage().contains("'" + segment + "'"), e.getMessage());
    }

    // --- single keys ----------------------------------------------------------------------------------

    @Test
    void singleIntegerKeyEncodesAsItsNumber() {
        JsonObject row =
                Json.createObjectBuilder().add("id", 42).add("email", "a@b.c").build();
        assertEquals("42", RowAddress.encode(USERS, row));
    }

    @Test
    void singleStringKeyEncodesWithoutQuotes() {
        JsonObject row = Json.createObjectBuilder().add("key", "season.current").build();
        assertEquals("season.current", RowAddress.encode(CONFIGS, row));
    }

    @Test
    void singleIntegerKeyDecodesToLong() {
        List<Object> key = RowAddress.decode(USERS, "42");
        assertEquals(List.of(42L), key);
        assertEquals(Long.class, key.get(0).getClass());
    }

    @Test
    void singleLargeIntegerKeyDecodes() {
        assertEquals(List.of(Long.MAX_VALUE), RowAddress.decode(USERS, Long.toString(Long.MAX_VALUE)));
    }

    @Test
    void singleStringKeyDecodesVerbatim() {
        assertEquals(List.of("season.current"), RowAddress.decode(CONFIGS, "season.current"));
    }

    @Test
    void singleKeyRoundTrips() {
        JsonObject row = Json.createObjectBuilder().add("id", 9001).build();
        assertEquals(List.of(9001L), RowAddress.decode(USERS, RowAddress.encode(USERS, row)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "4.2", "1e3", "WzMsMTdd", "99999999999999999999", "12abc"})
    void nonNumericSingleIntegerKeyIsNotFound(String segment) {
        assertNotFound(USERS, segment);
    }

    // --- composite keys: encoding ---------------------------------------------------------------------

    @Test
    void compositeKeyEncodesAsBase64UrlOfJsonArray() {
        JsonObject row = Json.createObjectBuilder()
                .add("leaderboard_id", 3)
                .add("user_id", 17)
                .add("score", 900)
                .build();
        assertEquals("WzMsMTdd", RowAddress.encode(ENTRIES, row));
    }

    @Test
    void compositeKeyUsesPrimaryKeyOrderNotRowOrder() {
        JsonObject row = Json.createObjectBuilder()
                .add("score", 900)
                .add("user_id", 17)
                .add("leaderboard_id", 3)
                .build();
        assertEquals("WzMsMTdd", RowAddress.encode(ENTRIES, row));
    }

    @Test
    void compositeKeyEncodingHasNoPadding() {
        // "[3,1]" is 5 bytes: padded base64 would end with "=".
        JsonObject row = Json.createObjectBuilder()
                .add("leaderboard_id", 3)
                .add("user_id", 1)
                .build();
        String id = RowAddress.encode(ENTRIES, row);
        assertEquals("WzMsMV0", id);
        assertFalse(id.contains("="));
    }

    @Test
    void compositeKeyEncodingUsesTheUrlAlphabet() {
        JsonObject row = Json.createObjectBuilder()
                .add("slot", "??>>~~ü")
                .add("owner", UUID.randomUUID().toString())
                .build();
        String id = RowAddress.encode(SLOTS, row);
        assertTrue(id.matches("[A-Za-z0-9_-]+"), id);
    }

    @Test
    void missingCompositeKeyValueEncodesAsNullAndIsNotFound() {
        JsonObject row = Json.createObjectBuilder().add("leaderboard_id", 3).build();
        String id = RowAddress.encode(ENTRIES, row);
        assertEquals(b64("[3,null]"), id);
        assertNotFound(ENTRIES, id);
    }

    // --- composite keys: decoding ---------------------------------------------------------------------

    @Test
    void compositeKeyDecodesToLongsInKeyOrder() {
        List<Object> key = RowAddress.decode(ENTRIES, "WzMsMTdd");
        assertEquals(List.of(3L, 17L), key);
        assertTrue(key.stream().allMatch(Long.class::isInstance));
    }

    @Test
    void paddedCompositeKeyIsAccepted() {
        String padded = Base64.getUrlEncoder().encodeToString("[3,1]".getBytes(StandardCharsets.UTF_8));
        assertEquals("WzMsMV0=", padded);
        assertEquals(List.of(3L, 1L), RowAddress.decode(ENTRIES, padded));
    }

    @Test
    void compositeKeyWithWhitespaceInJsonIsAccepted() {
        assertEquals(List.of(3L, 17L), RowAddress.decode(ENTRIES, b64(" [ 3 , 17 ] ")));
    }

    @Test
    void numericStringsForIntegerKeysAreConverted() {
        assertEquals(List.of(3L, 17L), RowAddress.decode(ENTRIES, b64("[\"3\",\"17\"]")));
    }

    @Test
    void compositeKeyRoundTrips() {
        JsonObject row = Json.createObjectBuilder()
                .add("leaderboard_id", 123456789012L)
                .add("user_id", 0)
                .build();
        assertEquals(List.of(123456789012L, 0L), RowAddress.decode(ENTRIES, RowAddress.encode(ENTRIES, row)));
    }

    @Test
    void stringAndUuidCompositeKeyRoundTripsWithColumnTypes() {
        UUID owner = UUID.fromString("0b6a4c8e-5f2d-4e1a-9c3b-7d8e9f0a1b2c");
        JsonObject row = Json.createObjectBuilder()
                .add("slot", "main/slot 1 ü")
                .add("owner", owner.toString())
                .build();
        assertEquals(List.of("main/slot 1 ü", owner), RowAddress.decode(SLOTS, RowAddress.encode(SLOTS, row)));
    }

    @Test
    void badUuidInCompositeKeyIsNotFound() {
        assertNotFound(SLOTS, b64("[\"main\",\"not-a-uuid\"]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[3]", "[]", "[3,17,5]"})
    void wrongArityIsNotFound(String json) {
        assertNotFound(ENTRIES, b64(json));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "[3,null]",
                "[3,[17]]",
                "[3,{\"id\":17}]",
                "[true,17]",
                "[3,false]",
                "[3.5,17]",
                "[\"three\",17]",
                "[3,\"\"]",
                "[3,1e40]"
            })
    void wrongTypesAreNotFound(String json) {
        assertNotFound(ENTRIES, b64(json));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "3", "\"[3,17]\"", "null", "[3,17", "not json"})
    void nonArrayJsonIsNotFound(String json) {
        assertNotFound(ENTRIES, b64(json));
    }

    @ParameterizedTest
    @ValueSource(strings = {"!!!", "Wz*sMTdd", "WzMs+TdD", "a", "", "3", "3,17", "%5B3%2C17%5D"})
    void garbageSegmentsAreNotFound(String segment) {
        assertNotFound(ENTRIES, segment);
    }

    @Test
    void trailingWhitespaceAfterTheArrayIsValidJson() {
        assertEquals(List.of(3L, 17L), RowAddress.decode(ENTRIES, b64("[3,17]\n")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[3,17]garbage", "[3,17][1,2]", "[3,17],", "[3,17]}"})
    void trailingDataAfterTheArrayIsNotFound(String json) {
        assertNotFound(ENTRIES, b64(json));
    }
}
