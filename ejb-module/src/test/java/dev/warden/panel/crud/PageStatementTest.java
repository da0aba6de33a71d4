package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.crud.PageStatement.LabelLookup;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.TestResources;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one statement of a list request ({@link PageStatement}). */
class PageStatementTest {

    private static final ResourceDef ENTRIES = TestResources.leaderboardEntries();
    private static final LabelLookup USER_LABEL =
            new LabelLookup("user_id", "warden_users", "id", "display_name", null);

    @Test
    void withoutFiltersTheStatementCountsPagesAndLabelsInOne() {
        ListQuery query = TestQueries.parse(ENTRIES, "_start", "50", "_end", "75");
        ListSql where = ListSql.where(ENTRIES, query);
        PageStatement statement = PageStatement.of(ENTRIES, query, where, List.of(USER_LABEL), 10_001);
        assertEquals(
                "SELECT c.\"_warden_total\","
                        + " p.\"leaderboard_id\", p.\"user_id\", p.\"score\","
                        + " (SELECT l.\"display_name\"::text FROM \"warden_users\" AS l WHERE l.\"id\" = p.\"user_id\")"
                        + " FROM (SELECT count(*) AS \"_warden_total\" FROM (SELECT 1 FROM \"leaderboard_entries\""
                        + " LIMIT ?) AS bounded) AS c"
                        + " LEFT JOIN (SELECT \"leaderboard_id\", \"user_id\", \"score\" FROM \"leaderboard_entries\""
                        + " ORDER BY \"score\" DESC, \"leaderboard_id\" ASC, \"user_id\" ASC LIMIT ? OFFSET ?) AS p ON TRUE"
                        + " ORDER BY p.\"score\" DESC, p.\"leaderboard_id\" ASC, p.\"user_id\" ASC",
                statement.sql());
        assertEquals(List.of(10_001L, 25, 50), statement.params());
        assertEquals(2, statement.firstColumn());
        assertEquals(5, statement.firstLabel());
    }

    @Test
    void withoutACountTheStatementIsThePageAlone() {
        ListQuery query = TestQueries.parse(ENTRIES, "score_gte", "10", "_start", "0", "_end", "10");
        ListSql where = ListSql.where(ENTRIES, query);
        PageStatement statement = PageStatement.of(ENTRIES, query, where, List.of(), 0);
        assertTrue(
                statement.sql().contains(" FROM (SELECT NULL::bigint AS \"_warden_total\") AS c LEFT JOIN (SELECT "),
                statement.sql());
        assertEquals(-1, statement.sql().indexOf("count(*)"), statement.sql());
        List<Object> expected = new ArrayList<>(where.params());
        expected.add(10);
        expected.add(0);
        assertEquals(expected, statement.params());
        assertEquals(
                statement.sql().chars().filter(c -> c == '?').count(),
                statement.params().size());
    }

    @Test
    void aReadSelectsThePagesColumnsAndLabelsByTheWholeKey() {
        PageStatement statement = PageStatement.row(ENTRIES, List.of(USER_LABEL), List.of(3L, 7L));
        assertEquals(
                "SELECT p.\"leaderboard_id\", p.\"user_id\", p.\"score\","
                        + " (SELECT l.\"display_name\"::text FROM \"warden_users\" AS l WHERE l.\"id\" = p.\"user_id\")"
                        + " FROM \"leaderboard_entries\" AS p WHERE p.\"leaderboard_id\" = ? AND p.\"user_id\" = ?",
                statement.sql());
        assertEquals(List.of(3L, 7L), statement.params());
        assertEquals(1, statement.firstColumn());
        assertEquals(4, statement.firstLabel());
    }

    @Test
    void aChunksRowsAreReadByTheirKeysInOneStatementLockedWhenAsked() {
        ResourceDef users = TestResources.users();
        String key = users.primaryKey().get(0);
        PageStatement locked = PageStatement.rows(users, List.of(), List.of(1L, 2L, 3L), true);
        assertTrue(
                locked.sql()
                        .endsWith(" FROM \"warden_users\" AS p WHERE p.\"" + key + "\" IN (?, ?, ?) FOR UPDATE OF p"),
                locked.sql());
        assertEquals(List.of(1L, 2L, 3L), locked.params());
        assertEquals(1, locked.firstColumn());
        assertEquals(1 + users.columns().size(), locked.firstLabel());
        PageStatement read = PageStatement.rows(users, List.of(), List.of(4L), false);
        assertTrue(read.sql().endsWith(" IN (?)"), read.sql());
    }

    @Test
    void filtersBindTwiceInPlaceholderOrder() {
        ListQuery query = TestQueries.parse(ENTRIES, "score_gte", "10", "user_id", "7", "_start", "0", "_end", "10");
        ListSql where = ListSql.where(ENTRIES, query);
        PageStatement statement = PageStatement.of(ENTRIES, query, where, List.of(), 101);
        assertTrue(statement.sql().startsWith("SELECT c.\"_warden_total\", p."), statement.sql());
        String sql = statement.sql();
        int first = sql.indexOf(where.where());
        assertTrue(
                first > 0 && sql.indexOf(where.where(), first + 1) > first,
                "the filters in both the count and the page");
        List<Object> expected = new ArrayList<>(where.params());
        expected.add(101L);
        expected.addAll(where.params());
        expected.add(10);
        expected.add(0);
        assertEquals(expected, statement.params());
        assertEquals(
                statement.firstLabel(),
                statement.firstColumn() + ENTRIES.columns().size());
        long placeholders = statement.sql().chars().filter(c -> c == '?').count();
        assertEquals(placeholders, statement.params().size());
    }

    @Test
    void aSortColumnTheCallerCannotReadTravelsUnderAnAlias() {
        ResourceDef withoutScore = ENTRIES.restrictedTo(Set.of("score"), Set.of(), Set.of());
        ListQuery query = TestQueries.parse(ENTRIES);
        PageStatement statement =
                PageStatement.of(withoutScore, query, ListSql.where(withoutScore, query), List.of(), 11);
        assertTrue(
                statement
                        .sql()
                        .contains("SELECT \"leaderboard_id\", \"user_id\", \"score\" AS \"_warden_sort_0\" FROM"),
                statement.sql());
        assertTrue(
                statement
                        .sql()
                        .endsWith(" ORDER BY p.\"_warden_sort_0\" DESC, p.\"leaderboard_id\" ASC, p.\"user_id\" ASC"),
                statement.sql());
        assertEquals(4, statement.firstLabel());
    }

    @Test
    void aLabelWhoseKeyTypeDiffersCastsTheForeignKey() {
        LabelLookup cast = new LabelLookup("owner", "accounts", "uuid_id", "name", "uuid");
        assertEquals(
                "(SELECT l.\"name\"::text FROM \"accounts\" AS l WHERE l.\"uuid_id\" = p.\"owner\"::\"uuid\")",
                cast.sql("p"));
    }
}
