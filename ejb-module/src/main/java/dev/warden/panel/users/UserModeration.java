package dev.warden.panel.users;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.sql.Sql;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.crud.RowJson;
import dev.warden.panel.crud.UserAccountRules;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ColumnType;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import javax.sql.DataSource;

/**
 * The user-moderation use cases: ban, unban and revoke-sessions on the users resource, and its live sessions
 * (docs/admin-api.md, "Endpoints": the three users rows; Payloads; docs/admin-api.md, "Users"). Each method takes the
 * operator, authorises (update on {@code users} for the three changes, read for the sessions: policy, role rule and
 * mod scope through {@link Moderation}; 403/404 before anything else), does the work in its transaction and records
 * the audit entry through {@link AuditTrail} (written once the transaction committed).
 *
 * <p>A non-admin may not ban, unban or revoke the sessions of a user who holds the admin or mod role (403;
 * {@link UserAccountRules}). Ban and revoke-sessions bump {@code token_version} (every session and token minted before is dead) and
 * delete the user's session rows, reporting how many were closed. All answer 501 {@code not_implemented} when
 * the users table lacks {@code ban} or {@code token_version}.
 */
@Stateless
public class UserModeration {

    /** Longest ban reason (docs/admin-api.md, "Limits"). */
    public static final int MAX_REASON = 500;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    ResourceRegistry registry;

    @EJB
    ResourceRows rows;

    @EJB
    dev.warden.rooms.bus.UserSockets userSockets;

    @EJB
    Moderation moderation;

    @Inject
    AuditTrail trail;

    /**
     * The outcome of ban, unban or revoke-sessions.
     *
     * @param user           the user row after
     * @param sessionsClosed sessions ended (0 for unban)
     * @param tokenVersion   the user's token version after
     */
    public record Outcome(JsonObject user, int sessionsClosed, int tokenVersion) {}

    /**
     * The body of a ban.
     *
     * @param reason why, at most {@value #MAX_REASON} characters, or null
     * @param until  ISO 8601 time the ban ends (read as UTC without an offset), or null for a permanent ban
     */
    public record BanRequest(String reason, String until) {}

    /**
     * Bans user {@code id}: {@code ban = {reason, until, by, at}}, token version bumped, sessions closed.
     * The audit entry is {@code user.ban {reason, until, sessionsClosed, ip, userAgent}}.
     *
     * @param request   read after the access check: the body's {@code reason} and {@code until} (its parser's 400
     *                  or 422 come after a 403)
     * @param ip        the operator's client address for the audit entry, may be null
     * @param userAgent the operator's {@code User-Agent} for the audit entry, may be null
     * @throws ApiException 403 may not update users (or the target is an operator and the caller no admin); 404
     *                      unknown user; 422 reason over 500 characters or a blank, bad or past {@code until}; 501
     *                      when the users table lacks {@code ban} or {@code token_version}
     */
    public Outcome ban(
            Operator operator,
            String id,
            java.util.function.Supplier<BanRequest> request,
            String ip,
            String userAgent) {
        moderation.authorize(operator, Operation.UPDATE, "users");
        BanRequest asked = request.get();
        String reason = asked.reason();
        String until = asked.until();
        ResourceDef users = users();
        if (reason != null && reason.length() > MAX_REASON) {
            throw ApiException.invalid("reason", "at most " + MAX_REASON + " characters");
        }
        Instant end = null;
        if (until != null) {
            if (until.isBlank()) {
                // an empty string is not a time; a permanent ban omits until or sends null (docs/admin-api.md)
                throw ApiException.invalid(
                        "until", "must be an ISO 8601 time (omit it or send null for a permanent ban)");
            }
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
        Outcome outcome =
                endSessions(users, id, "ban = CAST(? AS jsonb), ", ban.build().toString(), operator);
        JsonObjectBuilder payload = JSON.createObjectBuilder()
                .add("reason", reason == null ? JsonValue.NULL : JSON.createValue(reason))
                .add("until", outcome.user().getJsonObject("ban").get("until"))
                .add("sessionsClosed", outcome.sessionsClosed());
        return withAudit(outcome, operator, "user.ban", id, payload, ip, userAgent);
    }

    /**
     * Lifts the ban of user {@code id} (sessions stay ended); audited as {@code user.unban {ip, userAgent}}.
     *
     * @throws ApiException 403 by rule; 404 unknown user; 501 without the {@code ban}/{@code token_version} columns
     */
    public Outcome unban(Operator operator, String id, String ip, String userAgent) {
        moderation.authorize(operator, Operation.UPDATE, "users");
        ResourceDef users = users();
        long userId = userId(users, id);
        Sql.with(dataSource, "Unban of user " + id, c -> {
            UserAccountRules.requireMayChange(c, operator, userId);
            if (Sql.update(c, "UPDATE warden_users SET ban = NULL WHERE id = ?", userId) == 0) {
                throw ApiException.notFound("No users row with id '" + id + "'");
            }
            return null;
        });
        userSockets.closeUser(userId, dev.warden.rooms.CloseCodes.BANNED); // spec: unban closes live sockets too
        JsonObject user = rows.read(users, id);
        JsonValue version = user.get("token_version");
        Outcome outcome = new Outcome(user, 0, version instanceof JsonNumber number ? number.intValue() : 0);
        return withAudit(outcome, operator, "user.unban", id, JSON.createObjectBuilder(), ip, userAgent);
    }

    /**
     * Ends every session of user {@code id} by bumping the token version and deleting the session rows;
     * audited as {@code user.revoke_sessions {sessionsClosed, ip, userAgent}}.
     *
     * @throws ApiException 403 by rule; 404 unknown user; 501 without the {@code ban}/{@code token_version} columns
     */
    public Outcome revokeSessions(Operator operator, String id, String ip, String userAgent) {
        moderation.authorize(operator, Operation.UPDATE, "users");
        Outcome outcome = endSessions(users(), id, "", null, operator);
        return withAudit(
                outcome,
                operator,
                "user.revoke_sessions",
                id,
                JSON.createObjectBuilder().add("sessionsClosed", outcome.sessionsClosed()),
                ip,
                userAgent);
    }

    private Outcome withAudit(
            Outcome outcome,
            Operator operator,
            String action,
            String id,
            JsonObjectBuilder payload,
            String ip,
            String userAgent) {
        payload.add("ip", ip == null ? JsonValue.NULL : JSON.createValue(ip))
                .add("userAgent", userAgent == null ? JsonValue.NULL : JSON.createValue(userAgent));
        trail.afterCommit(new AuditRecord(operator.userId(), action, "users", id, payload.build()));
        return outcome;
    }

    /**
     * The user's live sessions (not expired), newest first, then their open game sockets on every node
     * ({@code kind: "websocket"} with {@code room} and {@code node}): the Active sessions tab. They show where a user
     * signs in from, so they are for admins and mods only, whatever the users policies say.
     *
     * @throws ApiException 403 may not read users, or role user; 404 unknown user
     */
    public List<JsonObject> sessions(Operator operator, String id) {
        moderation.authorize(operator, Operation.READ, "users");
        if (!operator.isOperator()) {
            throw ApiException.forbidden("Sessions are for admins and mods");
        }
        ResourceDef users = registry.find("users").orElseThrow();
        long userId = userId(users, id);
        rows.read(users, id); // 404 for an unknown user
        String sql = "SELECT id, kind, ip, user_agent, created_at, last_seen_at, expires_at FROM warden_sessions "
                + "WHERE user_id = ? AND expires_at > now() ORDER BY last_seen_at DESC";
        JsonArrayBuilder out = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Listing sessions of user " + id,
                        sql,
                        rs -> {
                            JsonObjectBuilder session = JSON.createObjectBuilder();
                            RowJson.read(rs, SESSION_COLUMNS, session);
                            return session;
                        },
                        userId)
                .forEach(out::add);
        // the user's open game sockets on every node: kind websocket, with room and node
        userSockets.describe(userId).forEach(out::add);
        return out.build().getValuesAs(JsonObject.class);
    }

    private static final List<ColumnDef> SESSION_COLUMNS = List.of(
            column("id", ColumnType.STRING),
            column("kind", ColumnType.STRING),
            column("ip", ColumnType.STRING),
            column("user_agent", ColumnType.STRING),
            column("created_at", ColumnType.DATETIME),
            column("last_seen_at", ColumnType.DATETIME),
            column("expires_at", ColumnType.DATETIME));

    private static ColumnDef column(String name, ColumnType type) {
        return new ColumnDef(name, name, type, type.wireName(), true, false, false, null, null);
    }

    private Outcome endSessions(ResourceDef users, String id, String extraSet, String extraValue, Operator operator) {
        long userId = userId(users, id);
        int[] versionAndClosed = Sql.with(dataSource, "Ending the sessions of user " + id, c -> {
            UserAccountRules.requireMayChange(c, operator, userId);
            int version = Sql.first(
                            c,
                            "UPDATE warden_users SET " + extraSet
                                    + "token_version = token_version + 1 WHERE id = ? RETURNING token_version",
                            rs -> rs.getInt(1),
                            extraValue == null ? List.of(userId) : List.of(extraValue, userId))
                    .orElseThrow(() -> ApiException.notFound("No users row with id '" + id + "'"));
            return new int[] {version, Sql.update(c, "DELETE FROM warden_sessions WHERE user_id = ?", userId)};
        });
        int tokenVersion = versionAndClosed[0];
        int closed = versionAndClosed[1];
        closed += userSockets.closeUser(userId, dev.warden.rooms.CloseCodes.BANNED); // game sockets (docs/game-api.md)
        return new Outcome(rows.read(users, id), closed, tokenVersion);
    }

    /** The users resource, or 501 when its table lacks the columns moderation needs. */
    private ResourceDef users() {
        ResourceDef users = registry.find("users").orElseThrow(() -> ApiException.notFound("No resource 'users'"));
        if (users.column("ban").isEmpty() || users.column("token_version").isEmpty()) {
            throw new ApiException(
                    ErrorCode.NOT_IMPLEMENTED,
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
