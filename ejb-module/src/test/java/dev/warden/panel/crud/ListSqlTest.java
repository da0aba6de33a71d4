package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.TestResources;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Filters and search of {@link ListQuery} and the SQL {@link ListSql} builds from them. */
class ListSqlTest {

    private static final ResourceDef USERS = TestResources.users();

    private static ListQuery parse(String... namesAndValues) {
        return TestQueries.parse(USERS, namesAndValues);
    }

    @Test
    void bareColumnIsEqualityAndARepeatedKeyIsIn() {
        ListSql eq = ListSql.where(USERS, parse("id", "7"));
        assertEquals(" WHERE \"id\" = ?", eq.where());
        assertEquals(List.of(7L), eq.params());
        ListSql in = ListSql.where(USERS, parse("id", "7", "id", "8"));
        assertEquals(" WHERE \"id\" IN (?, ?)", in.where());
        assertEquals(List.of(7L, 8L), in.params());
    }

    @Test
    void operatorsMapToSqlWithTypedValues() {
        assertEquals(
                " WHERE \"id\" >= ?", ListSql.where(USERS, parse("id_gte", "3")).where());
        assertEquals(
                " WHERE \"id\" IS DISTINCT FROM ?",
                ListSql.where(USERS, parse("id_ne", "3")).where());
        ListSql time = ListSql.where(USERS, parse("created_at_lt", "2026-01-02T03:04:05"));
        assertEquals(List.of(OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC)), time.params());
        ListSql in = ListSql.where(USERS, parse("id_in", "1,2,3"));
        assertEquals(" WHERE \"id\" IN (?, ?, ?)", in.where());
    }

    @Test
    void likeEscapesWildcardsAndCastsNonTextColumns() {
        ListSql like = ListSql.where(USERS, parse("email_like", "50%_off\\"));
        assertEquals(" WHERE \"email\" ILIKE ? ESCAPE '\\'", like.where());
        assertEquals(List.of("%50\\%\\_off\\\\%"), like.params());
        assertEquals(
                " WHERE CAST(\"id\" AS text) ILIKE ? ESCAPE '\\'",
                ListSql.where(USERS, parse("id_like", "1")).where());
    }

    @Test
    void searchOrsTheTextColumnsAndFiltersAreAnded() {
        ListSql both = ListSql.where(USERS, parse("_q", "ann", "id_gt", "1"));
        assertEquals(
                " WHERE \"id\" > ? AND (\"email\" ILIKE ? ESCAPE '\\' OR \"display_name\" ILIKE ? ESCAPE '\\')",
                both.where());
        assertEquals(List.of(1L, "%ann%", "%ann%"), both.params());
        assertEquals(ListSql.where(USERS, parse("_q", "ann")), ListSql.where(USERS, parse("q", "ann")));
    }

    @Test
    void noFiltersGiveNoWhere() {
        assertEquals("", ListSql.where(USERS, parse("_start", "0", "_q", "  ")).where());
    }

    @Test
    void unknownColumnsOperatorsAndBadValuesName422TheParameter() {
        for (String[] bad : new String[][] {
            {"nosuch", "1"},
            {"id_between", "1"},
            {"id", "x"},
            {"id_in", "1,,2"},
            {"created_at_gte", "2026-02-30"},
            {"email_like", "x".repeat(201)}
        }) {
            ApiException e = assertThrows(ApiException.class, () -> parse(bad));
            assertEquals(422, e.status(), String.join("=", bad));
            assertEquals(List.of(bad[0]), List.copyOf(e.fields().keySet()));
        }
    }

    @Test
    void orderByUsesPostgresDefaultNullPlacementSoIndexesServeIt() {
        assertEquals(
                " ORDER BY \"email\" DESC, \"id\" ASC", ListSql.orderBy(parse("_sort", "email", "_order", "desc")));
    }
}
