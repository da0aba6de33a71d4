package dev.warden.panel.users;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.crud.RowJson;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ColumnType;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import static dev.warden.common.JsonSupport.JSON;

/**
 * Ban, unban and revoke-sessions on the users resource, and its live sessions (spec/admin-panel.md,
 * Endpoints: the three users rows; Payloads; DESIGN.md section 3, "Users").
 *
 * <p>Ban and revoke-sessions bump {@code token_version} (every session and token minted before is dead) and
 * delete the user's session rows, reporting how many were closed. All answer 501 {@code not_implemented} when
 * the users table lacks {@code ban} or {@code token_version}.
 */
@Stateless
public class UserModeration {

    /** Longest ban reason (spec/admin-panel.md, Limits). */
    public static final int MAX_REASON = 500;

    @Resource(lookup = "jdbc/warden")
    DataSource dataSource;

    @EJB
    ResourceRegistry registry;

    @EJB
    ResourceRows rows;

    /** The outcome of ban or revoke-sessions: the user row after, sessions closed and the new token version. */
    public record Outcome(JsonObject user, int sessionsClosed, int tokenVersion) {
    }

    /**
     * Bans user {@code id}: {@code ban = {reason, until, by, at}}, token version bumped, sessions closed.
     *
     * @param until ISO 8601 time the ban ends (read as UTC without an offset), or null for a permanent ban
     * @throws ApiException 404 unknown user; 422 reason over 500 characters or a bad/past {@code until};
     *                      501 when the users table lacks {@code ban} or {@code token_version}
     */
    public Outcome ban(String id, String reason, String until, Operator operator) {
        ResourceDef users = users();
        if (reason != null && reason.length() > MAX_REASON) {
            throw ApiException.invalid("reason", "at most " + MAX_REASON + " characters");
        }
        Instant end = null;
        if (until != null && !until.isBlank()) {
            try {
                end = ((OffsetDateTime) ColumnType.DATETIME.parse(until)).toInstant();
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("until", e.getMessage());
            }
            if (!end.isAfter(Instant.now())) {
                throw ApiException.invalid("until", "must be in the future (omit it for a permanent ban)");
            }
        }
        JsonObjectBuilder ban = JSON.createObjectBuilder();
        if (reason == null) {
            ban.addNull("reason");
        } else {
            ban.add("reason", reason);
        }
        if (end == null) {
            ban.addNull("until");
        } else {
            ban.add("until", end.toString());
        }
        ban.add("by", operator.userId()).add("at", Instant.now().toString());
        return endSessions(users, id, "ban = CAST(? AS jsonb), ", ban.build().toString());
    }

    /**
     * Lifts the ban of user {@code id} (sessions stay ended).
     *
     * @throws ApiException 404 unknown user; 501 without the {@code ban}/{@code token_version} columns
     */
    public JsonObject unban(String id) {
        ResourceDef users = users();
        long userId = userId(users, id);
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE warden_users SET ban = NULL WHERE id = ?")) {
            ps.setLong(1, userId);
            if (ps.executeUpdate() == 0) {
                throw ApiException.notFound("No users row with id '" + id + "'");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Unban of user " + id + " failed: " + e.getMessage(), e);
        }
        return rows.read(users, id);
    }

    /**
     * Ends every session of user {@code id} by bumping the token version and deleting the session rows.
     *
     * @throws ApiException 404 unknown user; 501 without the {@code ban}/{@code token_version} columns
     */
    public Outcome revokeSessions(String id) {
        return endSessions(users(), id, "", null);
    }

    /** The user's live sessions (not expired), newest first: the Active sessions tab. */
    public List<JsonObject> sessions(String id) {
        ResourceDef users = registry.find("users").orElseThrow();
        long userId = userId(users, id);
        rows.read(users, id); // 404 for an unknown user
        String sql = "SELECT id, kind, ip, user_agent, created_at, last_seen_at, expires_at FROM warden_sessions "
                + "WHERE user_id = ? AND expires_at > now() ORDER BY last_seen_at DESC";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, userId);
            JsonArrayBuilder out = JSON.createArrayBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    JsonObjectBuilder session = JSON.createObjectBuilder();
                    RowJson.read(rs, SESSION_COLUMNS, session);
                    out.add(session);
                }
            }
            return out.build().getValuesAs(JsonObject.class);
        } catch (SQLException e) {
            throw new IllegalStateException("Listing sessions of user " + id + " failed: " + e.getMessage(), e);
        }
    }

    private static final List<ColumnDef> SESSION_COLUMNS = List.of(
            column("id", ColumnType.STRING), column("kind", ColumnType.STRING), column("ip", ColumnType.STRING),
            column("user_agent", ColumnType.STRING), column("created_at", ColumnType.DATETIME),
            column("last_seen_at", ColumnType.DATETIME), column("expires_at", ColumnType.DATETIME));

    private static ColumnDef column(String name, ColumnType type) {
        return new ColumnDef(name, name, type, type.wireName(), true, false, false, null, null);
    }

    private Outcome endSessions(ResourceDef users, String id, String extraSet, String extraValue) {
        long userId = userId(users, id);
        int tokenVersion;
        int closed;
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("UPDATE warden_users SET " + extraSet
                    + "token_version = token_version + 1 WHERE id = ? RETURNING token_version")) {
                int i = 1;
                if (extraValue != null) {
                    ps.setString(i++, extraValue);
                }
                ps.setLong(i, userId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw ApiException.notFound("No users row with id '" + id + "'");
                    }
                    tokenVersion = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM warden_sessions WHERE user_id = ?")) {
                ps.setLong(1, userId);
                closed = ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Ending the sessions of user " + id + " failed: " + e.getMessage(), e);
        }
        return new Outcome(rows.read(users, id), closed, tokenVersion);
    }

    /** The users resource, or 501 when its table lacks the columns moderation needs. */
    private ResourceDef users() {
        ResourceDef users = registry.find("users").orElseThrow(() -> ApiException.notFound("No resource 'users'"));
        if (users.column("ban").isEmpty() || users.column("token_version").isEmpty()) {
            throw new ApiException(501, "not_implemented",
                    "The users table has no ban or token_version column: ban, unban and revoke-sessions are unavailable");
        }
        return users;
    }

    private static long userId(ResourceDef users, String id) {
        try {
            return Long.parseLong(id.strip());
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No users row with id '" + id + "'");
        }
    }
}
