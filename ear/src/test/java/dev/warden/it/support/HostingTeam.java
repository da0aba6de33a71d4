package dev.warden.it.support;

import java.sql.SQLException;
import java.time.Duration;

/**
 * A hosting team made for one test (own team, so rate-limit budgets and cache entries never leak between
 * tests): an owner, a token created by the owner, and one application.
 *
 * @param team    the team id
 * @param owner   the owner's user id
 * @param token   a valid API token of the team
 * @param tokenId its row id
 * @param app     the application's id
 * @param slug    the application's slug
 */
public record HostingTeam(long team, long owner, String token, long tokenId, long app, String slug) {

    /**
     * A team and its owner (a new user, role {@code owner}), named after {@code tag}: what every hosting fixture
     * starts from.
     */
    public record Owned(long team, long owner) {}

    /** A new team {@code Team <tag>} with a new owner {@code owner-<tag>@example.com}. */
    public static Owned teamWithOwner(String tag) throws SQLException {
        long owner = TestDb.user("owner-" + tag + "@example.com", "Owner " + tag, null);
        long team = TestDb.insert("INSERT INTO warden_teams (name) VALUES (?) RETURNING id", "Team " + tag);
        TestDb.update("INSERT INTO warden_team_members (team_id, user_id, role) VALUES (?, ?, 'owner')", team, owner);
        return new Owned(team, owner);
    }

    /**
     * A new API token of {@code team} created by {@code creator} (who must be an owner or admin of the team for it
     * to work), stored as the API stores it: SHA-256 and a prefix.
     */
    public static String token(long team, long creator) throws SQLException {
        String token = "wdn_test_" + TestDb.unique() + TestDb.unique() + TestDb.unique();
        TestDb.update(
                "INSERT INTO warden_api_tokens (team_id, created_by, name, token_hash, token_prefix) "
                        + "VALUES (?, ?, 'test', ?, ?)",
                team,
                creator,
                TestDb.sha256Hex(token),
                token.substring(0, 12));
        return token;
    }

    /** The row id of {@code token}. */
    public static long tokenId(String token) throws SQLException {
        return TestDb.scalar("SELECT id FROM warden_api_tokens WHERE token_hash = ?", TestDb.sha256Hex(token));
    }

    /** A new team with owner, token and application. */
    public static HostingTeam create() throws SQLException {
        String tag = TestDb.unique();
        Owned owned = teamWithOwner(tag);
        String slug = "app-" + tag;
        long app = TestDb.insert(
                "INSERT INTO warden_applications (team_id, slug, name) VALUES (?, ?, 'App') RETURNING id",
                owned.team(),
                slug);
        String token = token(owned.team(), owned.owner());
        return new HostingTeam(owned.team(), owned.owner(), token, tokenId(token), app, slug);
    }

    /** Another token of this team, created by {@code creator} (who must be an owner or admin for it to work). */
    public String newToken(long creator) throws SQLException {
        return token(team, creator);
    }

    /**
     * Waits, if needed, until the current one-minute rate-limit window (aligned on the database clock's whole
     * minutes) has at least {@code seconds} left, so a test's requests all fall into one window.
     */
    public static void awaitWindowWithAtLeast(int seconds) throws SQLException {
        long millis = TestDb.scalar("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint");
        long left = 60_000 - millis % 60_000;
        if (left < seconds * 1000L) {
            long minute = millis / 60_000;
            Wait.until(
                    Duration.ofMillis(left + 5_000),
                    Duration.ofMillis(100),
                    "the rate-limit window turns",
                    () -> TestDb.scalar("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint") / 60_000
                            > minute);
        }
    }
}
