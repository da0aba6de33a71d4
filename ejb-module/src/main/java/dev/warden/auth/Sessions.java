package dev.warden.auth;

import dev.warden.auth.model.Session;
import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.panel.users.model.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Admin-api sessions (DESIGN.md section 3, "Auth"): rows of {@code warden_sessions} keyed by the SHA-256 of
 * the cookie value, so they survive restarts and work across nodes.
 *
 * <p>A session is valid while it has not expired (absolute lifetime {@code warden.session.ttl-hours}, default
 * 168), has been used within the idle timeout ({@code warden.session.idle-hours}, default 12; issue 13, point 7),
 * its {@code token_version} equals the user's (bumped by revoke-sessions, ban and password or email changes),
 * the user is not banned, and the user still holds a panel role (a player has no session). A session made by single
 * sign-on (issue 15, point 4) also ends {@code warden.sso.max-session-hours} (default 8) after it began, whatever
 * the other limits say ({@link SsoSettings#maxSessionAge}).
 */
@Stateless
public class Sessions {

    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @EJB
    OperatorLoader operators;

    @Inject
    SsoSettings sso;

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
        session.setKind("http");
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
     * Marks the session behind {@code started} (just made by {@link #start}) as made by single sign-on (issue 15):
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
        List<?> found = em.createNativeQuery("SELECT auth_method FROM warden_sessions WHERE id = ?1")
                .setParameter(1, Hashing.sha256Hex(cookieValue))
                .getResultList();
        return found.isEmpty() ? Optional.empty() : Optional.of((String) found.get(0));
    }

    /**
     * Ends the sessions an OpenID provider's back-channel logout names by its session id (issue 15, point 4).
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
     * The operator behind a session cookie value.
     *
     * @throws ApiException 401 {@code unauthenticated} when the value is missing, unknown, expired, revoked
     *                      (stale token version), idle for longer than the idle timeout, the user is banned or
     *                      holds no panel role
     */
    public Operator authenticate(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            throw ApiException.unauthenticated("Sign in first");
        }
        String id = Hashing.sha256Hex(cookieValue);
        List<?> found = em.createNativeQuery(
                        """
                        SELECT s.expires_at, s.token_version = u.token_version, s.last_seen_at, u.id, CAST(u.ban AS text),
                               s.auth_method, s.created_at
                        FROM warden_sessions s JOIN warden_users u ON u.id = s.user_id
                        WHERE s.id = ?1""")
                .setParameter(1, id)
                .getResultList();
        Instant now = Instant.now();
        if (found.isEmpty()) {
            throw ApiException.unauthenticated("Your session has ended; sign in again");
        }
        Object[] row = (Object[]) found.get(0);
        Instant expires = instant(row[0]);
        Instant lastSeen = instant(row[2]);
        boolean idle = lastSeen != null && lastSeen.plus(idleTimeout()).isBefore(now);
        if ("sso".equals(row[5]) && !instant(row[6]).plus(sso.maxSessionAge()).isAfter(now)) {
            throw ApiException.unauthenticated(
                    "Your single sign-on session has ended; sign in with " + sso.providerName() + " again");
        }
        if (!expires.isAfter(now) || idle || !Boolean.TRUE.equals(row[1]) || Accounts.isBanned((String) row[4], now)) {
            throw ApiException.unauthenticated("Your session has ended; sign in again");
        }
        if (lastSeen == null || lastSeen.plus(TOUCH_INTERVAL).isBefore(now)) {
            em.createNativeQuery("UPDATE warden_sessions SET last_seen_at = now() WHERE id = ?1")
                    .setParameter(1, id)
                    .executeUpdate();
        }
        return operators
                .load(((Number) row[3]).longValue(), id)
                .orElseThrow(() -> ApiException.unauthenticated("Your session has ended; sign in again"));
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
        if (session == null) {
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

    /** A timestamp column of a native query as an instant (drivers give Timestamp or OffsetDateTime). */
    private static Instant instant(Object value) {
        if (value == null) {
            return null;
        } else if (value instanceof Timestamp timestamp) {
            return timestamp.toInstant();
        } else if (value instanceof OffsetDateTime time) {
            return time.toInstant();
        }
        return (Instant) value;
    }
}
