package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.WriteFixtures;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unit tests for {@link SqlErrors}: PostgreSQL failures (messages as the PostgreSQL JDBC driver words them,
 * server message plus {@code Detail}) to 409/422 without SQL text or row values.
 */
class SqlErrorsTest {

    private static final ResourceDef CONFIGS_LIKE = WriteFixtures.leaderboards();

    private static ApiException api(ResourceDef resource, String state, String message) {
        RuntimeException e = SqlErrors.map(resource, new SQLException(message, state));
        return assertInstanceOf(ApiException.class, e);
    }

    private static void assertNoLeak(ApiException e, String... secrets) {
        for (String secret : secrets) {
            assertFalse(e.getMessage().contains(secret), e.getMessage());
        }
        assertFalse(e.getMessage().contains("ERROR"), e.getMessage());
        assertFalse(e.getMessage().contains("INSERT"), e.getMessage());
    }

    @Test
    void aUniqueViolationIs409NamingTheKeyColumns() {
        ApiException e = api(
                CONFIGS_LIKE,
                "23505",
                """
                ERROR: duplicate key value violates unique constraint "warden_leaderboards_name_key"
                  Detail: Key (name)=(weekly-secret) already exists.""");
        assertEquals(409, e.status());
        assertEquals("conflict", e.code());
        assertTrue(e.getMessage().contains("name"), e.getMessage());
        assertTrue(e.fields().isEmpty());
        assertNoLeak(e, "weekly-secret");
    }

    @Test
    void aCompositeUniqueViolationNamesEveryColumn() {
        ApiException e = api(
                WriteFixtures.cloudSaves(),
                "23505",
                """
                ERROR: duplicate key value violates unique constraint "warden_cloud_saves_user_slot_key"
                  Detail: Key (user_id, slot)=(5, main) already exists.""");
        assertEquals(409, e.status());
        assertTrue(e.getMessage().endsWith("user_id, slot"), e.getMessage());
        assertNoLeak(e, "main");
    }

    @Test
    void anExpressionIndexNamesTheColumnInsideIt() {
        ApiException e = api(
                WriteFixtures.users(),
                "23505",
                """
                ERROR: duplicate key value violates unique constraint "warden_users_email_key"
                  Detail: Key (lower(email))=(someone@example.com) already exists.""");
        assertEquals(409, e.status());
        assertTrue(e.getMessage().endsWith("same email"), e.getMessage());
        assertNoLeak(e, "someone@example.com", "lower(");
    }

    @Test
    void withoutADetailTheConstraintNameShowsTheColumnOrIsNamed() {
        ApiException named = api(
                CONFIGS_LIKE,
                "23505",
                "ERROR: duplicate key value violates unique constraint \"warden_leaderboards_name_key\"");
        assertTrue(named.getMessage().endsWith("same name"), named.getMessage());
        ApiException other = api(
                WriteFixtures.cloudSaves(),
                "23505",
                "ERROR: duplicate key value violates unique constraint \"warden_cloud_saves_user_slot_key\"");
        assertEquals(409, other.status());
        assertTrue(other.getMessage().contains("warden_cloud_saves_user_slot_key"), other.getMessage());
    }

    @Test
    void aMissingReferencedRowIs409NamingTheColumnAndTarget() {
        ApiException e = api(
                WriteFixtures.cloudSaves(),
                "23503",
                """
                ERROR: insert or update on table "warden_cloud_saves" violates foreign key constraint "warden_cloud_saves_user_id_fkey"
                  Detail: Key (user_id)=(999999) is not present in table "warden_users".""");
        assertEquals(409, e.status());
        assertEquals("conflict", e.code());
        assertEquals("user_id does not refer to an existing users row", e.getMessage());
    }

    @Test
    void aStillReferencedRowIs409() {
        ApiException e = api(
                WriteFixtures.users(),
                "23503",
                """
                ERROR: update or delete on table "warden_users" violates foreign key constraint "x_user_id_fkey" on table "x"
                  Detail: Key (id)=(5) is still referenced from table "x".""");
        assertEquals(409, e.status());
        assertTrue(e.getMessage().contains("still referenced"), e.getMessage());
        assertNoLeak(e, "\"x\"");
    }

    @Test
    void aNotNullViolationIs422NamingTheColumn() {
        ApiException e = api(
                WriteFixtures.userNotes(),
                "23502",
                """
                ERROR: null value in column "body" of relation "warden_user_notes" violates not-null constraint
                  Detail: Failing row contains (1, 2, null, null).""");
        assertEquals(422, e.status());
        assertEquals("invalid_request", e.code());
        assertEquals(Map.of("body", List.of("must not be null")), e.fields());
    }

    @Test
    void aNotNullViolationOnAColumnThePanelDoesNotShowHasNoField() {
        ApiException e = api(
                WriteFixtures.users(),
                "23502",
                "ERROR: null value in column \"secret\" of relation \"warden_users\" violates not-null constraint");
        assertEquals(422, e.status());
        assertTrue(e.fields().isEmpty());
        assertNoLeak(e, "secret");
    }

    @Test
    void aCheckViolationIs422NamingTheColumnFromTheConstraintName() {
        ApiException e = api(
                CONFIGS_LIKE,
                "23514",
                """
                ERROR: new row for relation "warden_leaderboards" violates check constraint "warden_leaderboards_sort_order_check"
                  Detail: Failing row contains (3, board, sideways, null, 2026-01-01).""");
        assertEquals(422, e.status());
        assertEquals(List.of("sort_order"), List.copyOf(e.fields().keySet()));
        assertTrue(e.fields().get("sort_order").get(0).contains("warden_leaderboards_sort_order_check"));
        assertNoLeak(e, "sideways", "Failing row");
    }

    @Test
    void aCheckConstraintThatNamesNoColumnIsNamedInTheMessage() {
        ApiException e = api(
                CONFIGS_LIKE,
                "23514",
                "ERROR: new row for relation \"warden_leaderboards\" violates check constraint \"warden_leaderboards_scope_check\"");
        assertEquals(422, e.status());
        assertTrue(e.fields().isEmpty());
        assertTrue(e.getMessage().contains("warden_leaderboards_scope_check"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"22P02", "22001", "22003", "22007", "22008"})
    void badValuesAre422WithoutTheDatabaseText(String state) {
        ApiException e = api(CONFIGS_LIKE, state, "ERROR: invalid input syntax for type integer: \"secret\"");
        assertEquals(422, e.status());
        assertEquals("invalid_request", e.code());
        assertNoLeak(e, "secret", "syntax");
    }

    @ParameterizedTest
    @ValueSource(strings = {"40001", "42P01", "08006", ""})
    void otherFailuresStayServerErrors(String state) {
        SQLException cause = new SQLException("ERROR: something", state.isEmpty() ? null : state);
        RuntimeException e = SqlErrors.map(CONFIGS_LIKE, cause);
        assertInstanceOf(IllegalStateException.class, e);
        assertSame(cause, e.getCause());
    }

    @Test
    void constraintNamesShowTheLongestMatchingColumn() {
        ResourceDef entries = WriteFixtures.leaderboardEntries();
        assertEquals(
                Optional.of("user_id"),
                SqlErrors.columnOfConstraint(entries, "warden_leaderboard_entries_user_id_fkey"));
        assertEquals(
                Optional.of("leaderboard_id"),
                SqlErrors.columnOfConstraint(entries, "warden_leaderboard_entries_leaderboard_id_fkey"));
        assertEquals(Optional.empty(), SqlErrors.columnOfConstraint(entries, "other_table_user_id_fkey"));
        assertEquals(
                Optional.of("email"),
                SqlErrors.columnOfConstraint(WriteFixtures.users(), "warden_users_email_not_blank"));
    }
}
