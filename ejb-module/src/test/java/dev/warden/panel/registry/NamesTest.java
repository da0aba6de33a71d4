package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Unit tests for {@link Names}: humanized labels, snake to camel case, relation names. */
class NamesTest {

    @ParameterizedTest(name = "humanize({0}) = {1}")
    @CsvSource({
        "cloudSaves, Cloud Saves",
        "user_id, User",
        "id, ID",
        "ID, ID",
        "Id, ID",
        "display_name, Display Name",
        "analyticsEvents, Analytics Events",
        "users, Users",
        "created_at, Created At",
        "leaderboard_entries, Leaderboard Entries",
        "leaderboardEntries, Leaderboard Entries",
        "owner_user_id, Owner User",
        "api-tokens, Api Tokens",
        "adminAudit, Admin Audit",
        "userID, User ID",
        "score2, Score2",
        "__private, Private",
        "trailing_, Trailing",
        "x, X"
    })
    void humanize(String name, String label) {
        assertEquals(label, Names.humanize(name));
    }

    @ParameterizedTest(name = "camel({0}) = {1}")
    @CsvSource({
        "user_notes, userNotes",
        "warden_users, wardenUsers",
        "users, users",
        "leaderboard_entries, leaderboardEntries",
        "USER_NOTES, userNotes",
        "_leading, leading",
        "a__b, aB",
        "trailing_, trailing",
        "cloud_saves_v2, cloudSavesV2"
    })
    void camel(String snake, String camel) {
        assertEquals(camel, Names.camel(snake));
    }

    @ParameterizedTest(name = "relationName({0}) = {1}")
    @CsvSource({
        "user_id, user",
        "leaderboard_id, leaderboard",
        "owner_user_id, ownerUser",
        "USER_ID, user",
        "Team_Id, team",
        "team, team",
        "parent, parent",
        "id, id"
    })
    void relationName(String fk, String relation) {
        assertEquals(relation, Names.relationName(fk));
    }

    @ParameterizedTest(name = "snake({0}) = {1}")
    @CsvSource({
        "userId, user_id",
        "createdAt, created_at",
        "score, score",
        "user_id, user_id",
        "tournamentId, tournament_id",
        "URL, u_r_l",
    })
    void snakeCasesAttributeNames(String in, String expected) {
        assertEquals(expected, Names.snake(in));
    }
}
