package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.WriteFixtures;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Unit tests for {@link RowChanges}: which columns a create or update body writes, and its 422s. */
class RowChangesTest {

    private static final ResourceDef USERS = WriteFixtures.users();
    private static final ResourceDef NOTES = WriteFixtures.userNotes();
    private static final ResourceDef BOARDS = WriteFixtures.leaderboards();
    private static final ResourceDef ENTRIES = WriteFixtures.leaderboardEntries();

    private static JsonObject body(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    /** The assignments of visible columns (a write-only field's hidden column is checked with password()). */
    private static Map<String, Object> values(RowChanges changes) {
        Map<String, Object> out = new LinkedHashMap<>();
        changes.assignments().stream()
                .filter(a -> !a.column().name().equals("password_hash"))
                .forEach(a -> out.put(a.column().name(), a.value()));
        return out;
    }

    private static Map<String, List<String>> invalid(Executable call) {
        ApiException e = assertThrows(ApiException.class, call);
        assertEquals(422, e.status());
        assertEquals("invalid_request", e.code());
        return e.fields();
    }

    @Test
    void createWritesTheColumnsOfTheBodyConverted() {
        RowChanges changes = RowChanges.forCreate(
                USERS,
                body(
                        """
                {"email": "a@example.com", "display_name": null, "ban": {"reason": "spam"},
                 "last_login_at": "2026-01-02T03:04:05Z", "token_version": 3}"""),
                1);
        Map<String, Object> values = values(changes);
        assertEquals(
                List.of("email", "display_name", "last_login_at"),
                List.copyOf(values.keySet()),
                "ban and token_version are the moderation endpoints' to change");
        assertEquals("a@example.com", values.get("email"));
        assertEquals(null, values.get("display_name"));
        assertEquals(Optional.empty(), password(changes));
    }

    @Test
    void createMayGiveAnExplicitPrimaryKey() {
        assertEquals(
                Map.of("id", 99L, "email", "x@example.com"),
                values(RowChanges.forCreate(USERS, body("{\"id\": 99, \"email\": \"x@example.com\"}"), 1)));
    }

    @Test
    void reservedKeysAreIgnored() {
        assertEquals(
                Map.of("email", "a@example.com"),
                values(RowChanges.forCreate(
                        USERS,
                        body("{\"_id\": \"5\", \"_labels\": {\"x\": \"y\"}, \"email\": \"a@example.com\"}"),
                        1)));
    }

    @Test
    void unknownAndHiddenColumnsAreNamedTogether() {
        Map<String, List<String>> fields = invalid(() -> RowChanges.forUpdate(
                USERS,
                body("{\"email\": \"a@example.com\", \"nope\": 1, \"password_hash\": \"x\", \"displayName\": \"A\"}"),
                List.of(5L)));
        assertEquals(List.of("nope", "password_hash", "displayName"), List.copyOf(fields.keySet()));
        fields.values().forEach(messages -> assertEquals(List.of("unknown column"), messages));
    }

    @Test
    void aValueOfTheWrongTypeNamesItsColumn() {
        Map<String, List<String>> fields = invalid(() -> RowChanges.forUpdate(
                USERS, body("{\"display_name\": 7, \"last_login_at\": \"soon\", \"email\": 3}"), List.of(5L)));
        assertEquals(List.of("display_name", "last_login_at", "email"), List.copyOf(fields.keySet()));
        assertTrue(fields.get("email").get(0).startsWith("expected a string"));
    }

    @Test
    void createNamesEveryRequiredColumnTheBodyLeavesOut() {
        assertEquals(
                Map.of("email", List.of("is required")), invalid(() -> RowChanges.forCreate(USERS, body("{}"), 1)));
        Map<String, List<String>> fields = invalid(() -> RowChanges.forCreate(ENTRIES, body("{\"score\": 3}"), 1));
        assertEquals(List.of("leaderboard_id", "user_id"), List.copyOf(fields.keySet()));
    }

    @Test
    void nullForANotNullColumnIsRefused() {
        assertEquals(
                Map.of("email", List.of("must not be null")),
                invalid(() -> RowChanges.forCreate(USERS, body("{\"email\": null}"), 1)));
        assertEquals(
                Map.of("sort_order", List.of("must not be null")),
                invalid(() -> RowChanges.forUpdate(BOARDS, body("{\"sort_order\": null}"), List.of(1L))));
    }

    @Test
    void anUnchangedPrimaryKeyIsIgnoredOnUpdate() {
        assertEquals(
                Map.of("name", "b"),
                values(RowChanges.forUpdate(
                        BOARDS, body("{\"id\": 7, \"_id\": \"7\", \"name\": \"b\"}"), List.of(7L))));
        assertEquals(
                Map.of("name", "b"),
                values(RowChanges.forUpdate(BOARDS, body("{\"id\": \"7\", \"name\": \"b\"}"), List.of(7L))));
        assertEquals(
                Map.of("score", 10L),
                values(RowChanges.forUpdate(
                        ENTRIES, body("{\"leaderboard_id\": 3, \"user_id\": 17, \"score\": 10}"), List.of(3L, 17L))));
    }

    @Test
    void aChangedPrimaryKeyIsRefusedOnUpdate() {
        assertEquals(
                Map.of("id", List.of("the primary key cannot change")),
                invalid(() -> RowChanges.forUpdate(BOARDS, body("{\"id\": 8, \"name\": \"b\"}"), List.of(7L))));
        assertEquals(
                Map.of("user_id", List.of("the primary key cannot change")),
                invalid(() -> RowChanges.forUpdate(
                        ENTRIES, body("{\"leaderboard_id\": 3, \"user_id\": 18}"), List.of(3L, 17L))));
        assertEquals(
                Map.of("id", List.of("the primary key cannot change")),
                invalid(() -> RowChanges.forUpdate(BOARDS, body("{\"id\": null}"), List.of(7L))));
    }

    @Test
    void anUpdateWritesOnlyTheColumnsPresent() {
        assertEquals(Map.of(), values(RowChanges.forUpdate(BOARDS, body("{}"), List.of(7L))));
        assertEquals(
                Map.of("reset_period", "weekly"),
                values(RowChanges.forUpdate(BOARDS, body("{\"reset_period\": \"weekly\"}"), List.of(7L))));
    }

    @Test
    void usersTakeAWriteOnlyPassword() {
        RowChanges create = RowChanges.forCreate(
                USERS, body("{\"email\": \"a@example.com\", \"password\": \"long enough pw\"}"), 1);
        assertEquals(Optional.of("long enough pw"), password(create));
        assertEquals(Map.of("email", "a@example.com"), values(create));
        RowChanges update = RowChanges.forUpdate(USERS, body("{\"password\": \"another long one\"}"), List.of(5L));
        assertEquals(Optional.of("another long one"), password(update));
        assertTrue(values(update).isEmpty());
    }

    @Test
    void anEmptyOrNullPasswordLeavesThePasswordAlone() {
        assertEquals(
                Optional.empty(), password(RowChanges.forUpdate(USERS, body("{\"password\": \"\"}"), List.of(5L))));
        assertEquals(
                Optional.empty(), password(RowChanges.forUpdate(USERS, body("{\"password\": null}"), List.of(5L))));
    }

    @Test
    void aShortOrNonStringPasswordIsRefused() {
        assertEquals(
                Map.of("password", List.of("must be 8 to 1024 characters")),
                invalid(() -> RowChanges.forUpdate(USERS, body("{\"password\": \"short\"}"), List.of(5L))));
        assertEquals(
                Map.of("password", List.of("must be 8 to 1024 characters")),
                invalid(() -> RowChanges.forUpdate(
                        USERS, body("{\"password\": \"" + "x".repeat(1025) + "\"}"), List.of(5L))));
        assertEquals(
                Map.of("password", List.of("must be a string")),
                invalid(() -> RowChanges.forUpdate(USERS, body("{\"password\": 12345678}"), List.of(5L))));
    }

    @Test
    void passwordIsAnUnknownColumnOutsideUsers() {
        assertEquals(
                Map.of("password", List.of("unknown column")),
                invalid(() -> RowChanges.forUpdate(BOARDS, body("{\"password\": \"long enough pw\"}"), List.of(1L))));
    }

    @Test
    void aNotesAuthorIsTheOperatorWhateverTheBodySays() {
        Map<String, Object> created =
                values(RowChanges.forCreate(NOTES, body("{\"user_id\": 5, \"body\": \"hi\", \"author_id\": 99}"), 42));
        assertEquals(Map.of("user_id", 5L, "body", "hi", "author_id", 42L), created);
        assertEquals(
                Map.of("body", "edited"),
                values(RowChanges.forUpdate(NOTES, body("{\"body\": \"edited\", \"author_id\": 99}"), List.of(1L))));
    }

    @Test
    void sameValueComparesNumbersAndTimesByValue() {
        assertTrue(RowChanges.sameValue(new java.math.BigDecimal("1.0"), new java.math.BigDecimal("1")));
        assertTrue(RowChanges.sameValue(
                java.time.OffsetDateTime.parse("2026-01-01T02:00:00+02:00"),
                java.time.OffsetDateTime.parse("2026-01-01T00:00:00Z")));
        assertTrue(RowChanges.sameValue(5L, 5L));
        assertTrue(!RowChanges.sameValue(5L, 6L));
    }

    /** The password a body set, from the hidden column's assignment (the fixture hashes p as "hashed:p"). */
    private static Optional<String> password(RowChanges changes) {
        return changes.assignments().stream()
                .filter(a -> a.column().name().equals("password_hash"))
                .map(a -> ((String) a.value()).substring("hashed:".length()))
                .findFirst();
    }
}
