package dev.warden.players;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.LoginThrottle;
import dev.warden.auth.Passwords;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Player sign-in, registration and token checks (docs/game-api.md, "Requirements: Players").
 *
 * <p>A token is 32 random bytes (base64url); the server keeps only its SHA-256 as the id of a
 * {@code warden_sessions} row of kind {@code player} carrying the user's {@code token_version}. A token is
 * valid while the row exists and has not expired, its {@code token_version} equals the user's (ban and
 * revoke-sessions bump it and delete the rows) and the user is not banned. Config:
 * {@code warden.players.token-ttl-hours} (default 720). Failed sign-ins count in the same throttle as the
 * panel's ({@link LoginThrottle}): 429 after repeated failures; and every register or login request counts in the
 * per-address limit of {@link PlayerAuthLimits} (429 with {@code Retry-After}).
 */
@Stateless
public class PlayerAuth {

    /** Sessions kind of player tokens. */
    public static final String KIND = "player";

    /** SQL: true when the user row {@code u} is banned now (a {@code ban} whose {@code until} is absent or later). */
    static final String BANNED = "(u.ban IS NOT NULL AND jsonb_typeof(u.ban) <> 'null' AND "
            + "(u.ban->>'until' IS NULL OR (u.ban->>'until')::timestamptz > now()))";

    /**
     * SQL: true when the user row {@code u} holds a panel role row. Such an account signs in to the panel only: its
     * game sign-in is refused like an unknown email and its player tokens stop working (docs/security.md, "Players
     * and panel sessions").
     */
    static final String PANEL_ACCOUNT = "EXISTS (SELECT 1 FROM warden_roles r WHERE r.user_id = u.id)";

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    Passwords passwords;

    @EJB
    LoginThrottle throttle;

    @EJB
    PlayerAuthLimits limits;

    @Inject
    @ConfigProperty(name = "warden.players.token-ttl-hours", defaultValue = "720")
    long ttlHours;

    /**
     * {@code POST /game-api/v1/auth/login {email, password}}.
     *
     * @throws ApiException 401 {@code invalid_credentials} (also for a panel account, whatever the password); 403
     *                      {@code forbidden} banned; 422 missing field;
     *                      429 after repeated failures
     */
    public PlayerLogin login(String email, String password, String ip, String userAgent) {
        limits.admit(ip);
        require("email", email);
        require("password", password);
        throttle.check(email.strip(), ip);
        List<?> found = em.createNativeQuery("SELECT u.id, u.password_hash, " + BANNED + ", " + PANEL_ACCOUNT
                        + " FROM warden_users u WHERE lower(u.email) = ?1")
                .setParameter(1, email.strip().toLowerCase(Locale.ROOT))
                .getResultList();
        Object[] row = found.isEmpty() ? null : (Object[]) found.get(0);
        // a panel account (any role row) is never a player: refused like an unknown email, whatever the password
        if (row == null
                || row[1] == null
                || Boolean.TRUE.equals(row[3])
                || !passwords.verify(password, (String) row[1])) {
            throttle.recordFailure(email.strip(), ip);
            throw new ApiException(ErrorCode.INVALID_CREDENTIALS, "Email or password is wrong");
        }
        if (Boolean.TRUE.equals(row[2])) {
            throw ApiException.forbidden("This account is banned");
        }
        throttle.clear(email.strip(), ip);
        long userId = ((Number) row[0]).longValue();
        em.createNativeQuery("UPDATE warden_users SET last_login_at = now() WHERE id = ?1")
                .setParameter(1, userId)
                .executeUpdate();
        return issue(userId, ip, userAgent);
    }

    /**
     * {@code POST /game-api/v1/auth/register {email, password, display_name?}}: a new user with no role (a
     * player), signed in.
     *
     * @throws ApiException 409 {@code conflict} when the email is taken; 422 bad email, password or name; 429 too
     *                      many requests from the address
     */
    public PlayerLogin register(String email, String password, String displayName, String ip, String userAgent) {
        limits.admit(ip);
        Map<String, List<String>> problems = new LinkedHashMap<>();
        if (email == null || email.isBlank()) {
            problems.put("email", List.of("is required"));
        } else if (email.length() > 320 || !email.strip().matches("[^@\\s]+@[^@\\s]+")) {
            problems.put("email", List.of("is not an email address"));
        }
        if (password == null || password.isEmpty()) {
            problems.put("password", List.of("is required"));
        } else if (password.length() < Passwords.MIN_LENGTH || password.length() > 1024) {
            problems.put("password", List.of("must be " + Passwords.MIN_LENGTH + " to 1024 characters"));
        }
        if (displayName != null && displayName.length() > 200) {
            problems.put("display_name", List.of("at most 200 characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        List<?> id = em.createNativeQuery(
                        "INSERT INTO warden_users (email, display_name, password_hash, last_login_at) "
                                + "SELECT ?1, ?2, ?3, now() WHERE NOT EXISTS (SELECT 1 FROM warden_users WHERE lower(email) = lower(?1)) "
                                + "ON CONFLICT DO NOTHING RETURNING id")
                .setParameter(1, email.strip())
                .setParameter(2, displayName == null || displayName.isBlank() ? null : displayName.strip())
                .setParameter(3, passwords.hash(password))
                .getResultList();
        if (id.isEmpty()) {
            throw ApiException.conflict("A user with this email already exists");
        }
        return issue(((Number) id.get(0)).longValue(), ip, userAgent);
    }

    /**
     * The player behind a bearer token.
     *
     * @throws ApiException 401 {@code unauthenticated} when the token is missing, unknown, expired, revoked
     *                      (stale {@code token_version}), the user is banned or holds a panel role
     */
    public Player authenticate(String token) {
        if (token == null || token.isBlank()) {
            throw ApiException.unauthenticated("A player token is required");
        }
        String id = Hashing.sha256Hex(token.strip());
        List<?> found = em.createNativeQuery("SELECT u.id, coalesce(u.display_name, u.email) FROM warden_sessions s "
                        + "JOIN warden_users u ON u.id = s.user_id WHERE s.id = ?1 AND s.kind = '" + KIND + "' "
                        + "AND s.expires_at > now() AND s.token_version = u.token_version AND NOT " + BANNED
                        + " AND NOT "
                        + PANEL_ACCOUNT)
                .setParameter(1, id)
                .getResultList();
        if (found.isEmpty()) {
            throw ApiException.unauthenticated("The player token is unknown, expired or revoked; sign in again");
        }
        Object[] row = (Object[]) found.get(0);
        return new Player(((Number) row[0]).longValue(), (String) row[1], id);
    }

    private PlayerLogin issue(long userId, String ip, String userAgent) {
        String token = Hashing.randomToken(32);
        em.createNativeQuery(
                        "INSERT INTO warden_sessions (id, user_id, token_version, kind, ip, user_agent, expires_at) "
                                + "SELECT ?1, id, token_version, '" + KIND
                                + "', ?2, ?3, now() + make_interval(hours => ?4) "
                                + "FROM warden_users WHERE id = ?5")
                .setParameter(1, Hashing.sha256Hex(token))
                .setParameter(2, truncate(ip, 100))
                .setParameter(3, truncate(userAgent, 500))
                .setParameter(4, (int) ttlHours)
                .setParameter(5, userId)
                .executeUpdate();
        Object[] user =
                (Object[]) em.createNativeQuery("SELECT id, email, display_name FROM warden_users WHERE id = ?1")
                        .setParameter(1, userId)
                        .getSingleResult();
        JsonObject json = JSON.createObjectBuilder()
                .add("id", ((Number) user[0]).longValue())
                .add("email", (String) user[1])
                .add("display_name", user[2] == null ? jakarta.json.JsonValue.NULL : JSON.createValue((String) user[2]))
                .build();
        return new PlayerLogin(token, ttlHours * 3600, json);
    }

    private static void require(String name, String value) {
        if (value == null || value.isBlank()) {
            throw ApiException.invalid(name, "is required");
        }
    }

    private static String truncate(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max);
    }
}
