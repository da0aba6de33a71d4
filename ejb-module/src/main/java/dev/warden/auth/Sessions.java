package dev.warden.auth;

import dev.warden.auth.model.Session;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import dev.warden.panel.users.model.User;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Admin-api sessions (docs/admin-api.md, "Sign-in"): rows of {@code warden_sessions} keyed by the SHA-256 of
 * the cookie value, so they survive restarts and work across nodes.
 *
 * <p>A session is valid while it has not expired (absolute lifetime {@code warden.session.ttl-hours}, default
 * 168), has been used within the idle timeout ({@code warden.session.idle-hours}, default 12),
 * its {@code token_version} equals the user's (bumped by revoke-sessions, ban and password or email changes),
 * the user is not banned, and the user still holds a panel role (a player has no session). A session made by single
 * sign-on also ends {@code warden.sso.max-session-hours} (default 8) after it began, whatever
 * the other limits say ({@link SsoSettings#maxSessionAge}).
 */
@Stateless
public class Sessions {

    /**
     * The {@code warden_sessions.kind} of a panel session. Only rows of this kind authenticate anything under
     * {@code /admin-api} or {@code /admin}; a game token (kind {@code player}) never does (docs/security.md,
     * "Players and panel sessions").
     */
    public static final String KIND = "http";

    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    OperatorLoader operators;

    @Inject
    SsoSettings sso;

    @Inject
    MfaSettings mfa;

    @Inject
    @ConfigProperty(name = "warden.session.ttl-hours", defaultValue = "168")
    long ttlHours;

    @Inject
    @ConfigProperty(name = "warden.session.idle-hours", defaultValue = "12")
    double idleHours;

    /** Starts a session for {@code user}; the answer carries the cookie value, which is never stored. */
    public LoginResult start(User user, String ip, String userAgent) {
        String cookieValue = Hashing.randomToken(32);
        Duration ttl = Duration.ofHours(ttlHours);
        Session session = new Session();
        session.setId(Hashing.sha256Hex(cookieValue));
        session.setUser(user);
        session.setTokenVersion(user.getTokenVersion());
        session.setKind(KIND);
        session.setIp(Accounts.truncate(ip, 100));
        session.setUserAgent(Accounts.truncate(userAgent, 500));
        session.setLastSeenAt(Instant.now());
        session.setExpiresAt(Instant.now().plus(ttl));
        em.persist(session);
        em.flush();
        Operator operator = operators.load(user.getId(), session.getId()).orElseThrow();
        return new LoginResult(cookieValue, ttl, operator);
    }

    /**
     * Marks the session behind {@code started} (just made by {@link #start}) as made by single sign-on:
     * {@code auth_method = 'sso'}, the provider's issuer and session id ({@code sid}, may be null, for back-channel
     * logout), and an expiry no later than {@link SsoSettings#maxSessionAge} from now.
     *
     * @return {@code started} with its lifetime cut to the SSO maximum
     */
    public LoginResult markSso(LoginResult started, String issuer, String sid) {
        Duration max = sso.maxSessionAge();
        em.createNativeQuery(
                        """
                        UPDATE warden_sessions SET auth_method = 'sso', sso_issuer = ?1, sso_sid = ?2,
                               expires_at = LEAST(expires_at, now() + make_interval(secs => ?3))
                        WHERE id = ?4""")
                .setParameter(1, issuer)
                .setParameter(2, sid)
                .setParameter(3, (double) max.toSeconds())
                .setParameter(4, Hashing.sha256Hex(started.cookieValue()))
                .executeUpdate();
        Duration ttl = started.ttl().compareTo(max) < 0 ? started.ttl() : max;
        return new LoginResult(started.cookieValue(), ttl, started.operator());
    }

    /**
     * How the session behind {@code cookieValue} was made: {@code password} or {@code sso}; empty for a missing or
     * unknown value.
     */
    public Optional<String> method(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return Optional.empty();
        }
        List<?> found = em.createNativeQuery(
                        "SELECT auth_method FROM warden_sessions WHERE id = ?1 AND kind = '" + KIND + "'")
                .setParameter(1, Hashing.sha256Hex(cookieValue))
                .getResultList();
        return found.isEmpty() ? Optional.empty() : Optional.of((String) found.get(0));
    }

    /**
     * Ends the sessions an OpenID provider's back-channel logout names by its session id.
     *
     * @return the ids of the users whose sessions ended
     */
    public List<Long> endSsoSessions(String issuer, String sid) {
        List<?> users = em.createNativeQuery(
                        "SELECT DISTINCT user_id FROM warden_sessions WHERE sso_issuer = ?1 AND sso_sid = ?2")
                .setParameter(1, issuer)
                .setParameter(2, sid)
                .getResultList();
        em.createNativeQuery("DELETE FROM warden_sessions WHERE sso_issuer = ?1 AND sso_sid = ?2")
                .setParameter(1, issuer)
                .setParameter(2, sid)
                .executeUpdate();
        return users.stream().map(u -> ((Number) u).longValue()).toList();
    }

    /**
     * The operator behind a session cookie value, checked in one statement: the session, its
     * user and the user's role rows are read, and the session's {@code last_seen_at} is touched (at most once a
     * minute, and only while the session is current, unexpired and not idle), in one round trip outside a container
     * transaction. Refusals come back as a verdict ({@link SessionVerdict#orThrow()} throws them), never thrown from
     * here.
     *
     * @return the operator, or the refusal (a 401 {@code unauthenticated} message) when the value is missing, unknown,
     *         expired, revoked (stale token version), idle for longer than the idle timeout, the user is banned or
     *         holds no panel role
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public SessionVerdict check(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return SessionVerdict.refused("Sign in first");
        }
        String id = Hashing.sha256Hex(cookieValue);
        Optional<SessionCheck> found = Sql.with(
                dataSource,
                "Checking a session",
                connection -> Sql.first(
                        connection,
                        CHECK,
                        SessionCheck::read,
                        id,
                        (double) idleTimeout().toSeconds(),
                        (double) TOUCH_INTERVAL.toSeconds()));
        Instant now = Instant.now();
        String ended = "Your session has ended; sign in again";
        if (found.isEmpty()) {
            return SessionVerdict.refused(ended);
        }
        SessionCheck row = found.get();
        boolean idle =
                row.lastSeen() != null && row.lastSeen().plus(idleTimeout()).isBefore(now);
        if ("sso".equals(row.method())
                && !row.created().plus(sso.maxSessionAge()).isAfter(now)) {
            return SessionVerdict.refused(
                    "Your single sign-on session has ended; sign in with " + sso.providerName() + " again");
        }
        if (!row.expires().isAfter(now) || idle || !row.currentVersion() || Accounts.isBanned(row.ban(), now)) {
            return SessionVerdict.refused(ended);
        }
        return OperatorLoader.fromRoleRows(row.userId(), row.email(), row.roles(), id)
                .map(operator -> SessionVerdict.of(
                        operator,
                        enrollmentDue(operator, row.holdsFactor() || (row.ssoFactor() && row.factorAt() != null)),
                        stepUpDue(row.holdsFactor(), row.factorAt(), now)))
                .orElseGet(() -> SessionVerdict.refused(ended));
    }

    /**
     * The required-roles rule (docs/security.md, "Second factors and step-up"): true when {@code operator}'s role is in
     * {@code warden.mfa.required-roles} and {@code holdsFactor} is false.
     */
    public boolean enrollmentDue(Operator operator, boolean holdsFactor) {
        return !holdsFactor && mfa.requiredRoles().contains(operator.role());
    }

    /**
     * The step-up rule: true when the operator holds a factor and {@code factorAt} (the session's last proof; null:
     * none) is older than {@code warden.mfa.step-up-seconds}. Operators without a factor are not asked.
     */
    public boolean stepUpDue(boolean holdsFactor, Instant factorAt, Instant now) {
        return holdsFactor
                && (factorAt == null || factorAt.plus(mfa.stepUpWindow()).isBefore(now));
    }

    /**
     * Records that the session {@code sessionId} (the SHA-256 of its cookie value) proved a second factor now (a
     * sign-in's second step, an enrolment's confirmation, a step-up, or an SSO sign-in whose {@code amr} shows one).
     */
    public void markFactor(String sessionId) {
        em.createNativeQuery("UPDATE warden_sessions SET factor_at = now() WHERE id = ?1")
                .setParameter(1, sessionId)
                .executeUpdate();
    }

    /**
     * The session check's statement: the session and its user, the user's role rows as two arrays in one order, and
     * (a data-modifying CTE, run whatever the rest answers) the touch of {@code last_seen_at}. Parameters: the
     * session id, the idle timeout and the touch interval in seconds.
     */
    private static final String CHECK =
            """
            WITH found AS (
                SELECT s.id, s.expires_at, s.token_version = u.token_version AS current_version, s.last_seen_at,
                       u.id AS user_id, CAST(u.ban AS text) AS ban, s.auth_method, s.created_at, u.email,
                       s.factor_at,
                       (EXISTS (SELECT 1 FROM warden_mfa_totp m WHERE m.user_id = u.id AND m.confirmed)
                        OR EXISTS (SELECT 1 FROM warden_mfa_passkeys p WHERE p.user_id = u.id)) AS holds_factor
                FROM warden_sessions s JOIN warden_users u ON u.id = s.user_id
                WHERE s.id = ? AND s.kind = 'http'
            ), touched AS (
                UPDATE warden_sessions t SET last_seen_at = now()
                FROM found f
                WHERE t.id = f.id AND f.current_version AND f.expires_at > now()
                  AND (f.last_seen_at IS NULL
                       OR (f.last_seen_at >= now() - make_interval(secs => ?)
                           AND f.last_seen_at < now() - make_interval(secs => ?)))
            )
            SELECT f.expires_at, f.current_version, f.last_seen_at, f.user_id, f.ban, f.auth_method, f.created_at,
                   f.email, g.roles, g.resources, f.factor_at, f.holds_factor
            FROM found f LEFT JOIN LATERAL (
                SELECT array_agg(r.role ORDER BY r.role, r.resource) AS roles,
                       array_agg(r.resource ORDER BY r.role, r.resource) AS resources
                FROM warden_roles r WHERE r.user_id = f.user_id) g ON TRUE""";

    /** One answer of {@link #CHECK}; {@code roles} holds each role row as {@code {role, resource}}. */
    private record SessionCheck(
            Instant expires,
            boolean currentVersion,
            Instant lastSeen,
            long userId,
            String ban,
            String method,
            Instant created,
            String email,
            List<String[]> roles,
            Instant factorAt,
            boolean holdsFactor) {

        /** An SSO session: its {@code factor_at} was set at sign-in when the ID token's {@code amr} showed a factor. */
        boolean ssoFactor() {
            return "sso".equals(method);
        }

        static SessionCheck read(ResultSet rs) throws SQLException {
            List<String[]> roles = new ArrayList<>();
            Array names = rs.getArray(9);
            Array resources = rs.getArray(10);
            if (names != null) {
                Object[] name = (Object[]) names.getArray();
                Object[] resource = (Object[]) resources.getArray();
                for (int i = 0; i < name.length; i++) {
                    roles.add(new String[] {(String) name[i], (String) resource[i]});
                }
            }
            return new SessionCheck(
                    instant(rs.getObject(1, OffsetDateTime.class)),
                    rs.getBoolean(2),
                    instant(rs.getObject(3, OffsetDateTime.class)),
                    rs.getLong(4),
                    rs.getString(5),
                    rs.getString(6),
                    instant(rs.getObject(7, OffsetDateTime.class)),
                    rs.getString(8),
                    roles,
                    instant(rs.getObject(11, OffsetDateTime.class)),
                    rs.getBoolean(12));
        }
    }

    /**
     * Ends the session behind {@code cookieValue}.
     *
     * @return the session's user; empty for a missing or unknown value
     */
    public Optional<User> end(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return Optional.empty();
        }
        Session session = em.find(Session.class, Hashing.sha256Hex(cookieValue));
        if (session == null || !KIND.equals(session.getKind())) {
            return Optional.empty();
        }
        User user = session.getUser();
        em.remove(session);
        em.flush();
        return Optional.of(user);
    }

    /** Ends every session of {@code user}: token version bumped and session rows deleted. */
    public void endAll(User user) {
        user.setTokenVersion(user.getTokenVersion() + 1);
        em.createQuery("DELETE FROM Session s WHERE s.user = :user")
                .setParameter("user", user)
                .executeUpdate();
        em.flush();
    }

    /** {@code warden.session.idle-hours} as a duration (at least twice the one-minute touch interval). */
    Duration idleTimeout() {
        long seconds = (long) (idleHours * 3600);
        return Duration.ofSeconds(Math.max(seconds, 2 * TOUCH_INTERVAL.toSeconds()));
    }

    /** A {@code timestamptz} column's value as an instant; null for SQL NULL. */
    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
