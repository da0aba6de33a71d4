package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link ColumnSelection}: the requirements' Resource definition rules 1 and 3 and the list/form rows. */
class ColumnSelectionTest {

    private static final List<String> COLUMNS = List.of("id", "user_id", "season", "score", "note");

    @Test
    void unknownAndCamelCaseNamesAreDroppedSilentlyKeepingOrder() {
        assertEquals(
                List.of("score", "user_id"),
                ColumnSelection.known(
                        "scores", "show.fields", List.of("score", "userId", "nope", "user_id", "score"), COLUMNS));
    }

    @Test
    void notConfiguredStaysNull() {
        assertNull(ColumnSelection.known("scores", "form.fields", null, COLUMNS));
    }

    @Test
    void listColumnsAlwaysIncludeThePrimaryKeyFirst() {
        assertEquals(
                List.of("id", "user_id", "score"),
                ColumnSelection.listColumns(
                        "scores", List.of("user_id", "playerName", "score"), COLUMNS, List.of("id")));
        assertEquals(
                List.of("score", "id"),
                ColumnSelection.listColumns("scores", List.of("score", "id"), COLUMNS, List.of("id")),
                "a listed key keeps its place");
        assertEquals(COLUMNS, ColumnSelection.listColumns("scores", null, COLUMNS, List.of("id")), "omitted: all");
        assertEquals(
                List.of("id"),
                ColumnSelection.listColumns("scores", List.of("userId"), COLUMNS, List.of("id")),
                "only unknown names: the key alone");
    }

    @Test
    void compositeKeysAreListedInKeyOrder() {
        List<String> columns = List.of("leaderboard_id", "user_id", "score");
        assertEquals(
                List.of("leaderboard_id", "user_id", "score"),
                ColumnSelection.listColumns(
                        "entries", List.of("score"), columns, List.of("leaderboard_id", "user_id")));
    }

    @Test
    void theCreateFormHidesKeysAndDefaultedColumns() {
        Map<String, ColumnDef> columns = new LinkedHashMap<>();
        columns.put("id", new ColumnDef("id", "ID", ColumnType.INTEGER, "int8", false, true, true, null, null));
        columns.put(
                "user_id",
                new ColumnDef("user_id", "User", ColumnType.INTEGER, "int8", true, false, false, null, null));
        columns.put(
                "season", new ColumnDef("season", "Season", ColumnType.STRING, "text", false, true, false, null, null));
        columns.put(
                "score", new ColumnDef("score", "Score", ColumnType.INTEGER, "int8", false, false, false, null, null));
        assertEquals(
                List.of("score", "user_id"),
                ColumnSelection.createFields(List.of("id", "score", "season", "user_id"), columns));
    }

    @Test
    void defaultsAreNormalizedToSqlColumns() {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("season", "s7");
        raw.put("userId", 5L);
        raw.put("unknown", 1);
        raw.put("tournamentId", 9L);
        Map<String, Object> out = ColumnSelection.normalizeDefaults(
                "scores", raw, COLUMNS, Map.of("userId", "user_id", "tournamentId", "tournament_id"));
        assertEquals(
                Map.of("season", "s7", "user_id", 5L),
                out,
                "attribute names map to columns; unknown keys and attributes of no visible column are dropped");
    }

    @Test
    void theSqlNamedEntryWinsOverTheAttributeNamedOne() {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("user_id", 1L);
        raw.put("userId", 2L);
        assertEquals(
                Map.of("user_id", 1L),
                ColumnSelection.normalizeDefaults("scores", raw, COLUMNS, Map.of("userId", "user_id")));
        Map<String, Object> reversed = new LinkedHashMap<>();
        reversed.put("userId", 2L);
        reversed.put("user_id", 1L);
        assertEquals(
                Map.of("user_id", 1L),
                ColumnSelection.normalizeDefaults("scores", reversed, COLUMNS, Map.of("userId", "user_id")));
    }

    @Test
    void nullDefaultsAndNullValues() {
        assertTrue(ColumnSelection.normalizeDefaults("scores", null, COLUMNS, Map.of())
                .isEmpty());
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("note", null);
        Map<String, Object> out = ColumnSelection.normalizeDefaults("scores", raw, COLUMNS, Map.of());
        assertTrue(out.containsKey("note"));
        assertNull(out.get("note"));
    }
}
