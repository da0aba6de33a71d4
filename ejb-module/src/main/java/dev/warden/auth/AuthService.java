package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.panel.audit.AuditFailures;
import dev.warden.panel.audit.AuditLog;
import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.registry.ColumnType;
import dev.warden.panel.registry.ResourceRegistry;
import dev.warden.panel.users.Role;
import dev.warden.panel.users.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;

import static dev.warden.common.JsonSupport.JSON;

/**
 * Sign-in, sessions and the first-admin bootstrap (DESIGN.md section 3, "Auth").
 *
 * <p>Sessions are rows of {@code warden_sessions} keyed by the SHA-256 of the cookie value, so they survive
 * restarts and work across nodes. A session is valid while it has not expired, its {@code token_version}
 * equals the user's (bumped by revoke-sessions and ban), and the user is not banned.
 * Config: {@code warden.session.ttl-hours} (default 168).
 *
 * <p>Audit (spec/admin-panel.md, Events: {@code auth.login}, {@code auth.login_failed}, {@code auth.logout},
 * {@code auth.bootstrap} with {@code resource = auth} and payload {@code {email?, ip, userAgent}}): recorded
 * here, where the user behind an email is known, through {@link AuditLog}'s own transaction, so a failed
 * login's entry survives the rollback of the login transaction. An audit-write failure is logged and never
 * fails the sign-in (spec: "The panel's own endpoints log audit-write failures without propagating them").
 */
@Stateless
public class AuthService {

    private static final Logger LOG = Logger.getLogger(AuthService.class.getName());
    private static final long BOOTSTRAP_LOCK = 0x7761726465L; // "warde"
    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    Passwords passwords;

    @Inject
    @ConfigProperty(name = "warden.session.ttl-hours", defaultValue = "168")
    long ttlHours;

    @EJB
    ResourceRows rows;

    @EJB
    LoginThrottle throttle;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

    /** Hours a password reset link stays valid. */
    static final int RESET_HOURS = 1;

    @EJB
    ResourceRegistry registry;

    @EJB
    AuditLog audit;

    @Inject
    AuditFailures failures;

    @EJB
    ResetMailer mailer;

    /**
     * Signs a user in with email and password. Audited as {@code auth.login} (operator = the user), or
     * {@code auth.login_failed} for a wrong password or a banned account (operator = the user) and for an
     * unknown email (operator null; spec/admin-panel.md, "Audit entry record"). A missing field is not audited.
     *
     * @param ip        client address for the session and the audit entry, may be null
     * @param userAgent {@code User-Agent} for the session and the audit entry, may be null
     * @throws ApiException 401 {@code invalid_credentials} for an unknown email or a wrong password;
     *                      403 {@code forbidden} for a banned account; 422 for a missing field
     */
    public LoginResult login(String email, String password, String ip, String userAgent) {
        requireField("email", email);
        requireField("password", password);
        throttle.check(email.strip(), ip);
        User user = findByEmail(email);
        if (user == null || !passwords.verify(password, user.getPasswordHash())) {
            throttle.recordFailure(email.strip(), ip);
            audit("auth.login_failed", user == null ? null : user.getId(), truncate(email.strip(), 320), ip, userAgent);
            throw new ApiException(401, "invalid_credentials", "Email or password is wrong");
        }
        if (isBanned(user.getBan(), Instant.now())) {
            audit("auth.login_failed", user.getId(), user.getEmail(), ip, userAgent);
            throw ApiException.forbidden("This account is banned");
        }
        user.setLastLoginAt(Instant.now());
        throttle.clear(email.strip());
        LoginResult result = startSession(user, ip, userAgent);
        audit("auth.login", user.getId(), user.getEmail(), ip, userAgent);
        return result;
    }

    /**
     * Creates the first admin and signs them in; audited as {@code auth.bootstrap} (operator = the new admin).
     * Serialised with a transaction-scoped advisory lock so two
     * concurrent calls cannot both succeed.
     *
     * @throws ApiException 409 {@code conflict} once an admin exists or when the email is taken;
     *                      422 {@code invalid_request} for a bad email, password or display name
     */
    public LoginResult bootstrap(String email, String password, String displayName, String ip, String userAgent) {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        validateEmail(email, problems);
        validatePassword(password, problems);
        if (displayName != null && displayName.length() > 200) {
            problems.put("display_name", List.of("at most 200 characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        em.createNativeQuery("SELECT pg_advisory_xact_lock(?1)").setParameter(1, BOOTSTRAP_LOCK).getSingleResult();
        long admins = em.createQuery("SELECT count(r) FROM Role r WHERE r.role = 'admin'", Long.class).getSingleResult();
        if (admins > 0) {
            throw ApiException.conflict("An admin already exists; sign in instead");
        }
        if (findByEmail(email) != null) {
            throw ApiException.conflict("A user with this email already exists");
        }
        User user = new User();
        user.setEmail(email.strip());
        user.setDisplayName(displayName == null || displayName.isBlank() ? null : displayName.strip());
        user.setPasswordHash(passwords.hash(password));
        user.setLastLoginAt(Instant.now());
        em.persist(user);
        Role role = new Role();
        role.setUser(user);
        role.setRole(Operator.ADMIN);
        em.persist(role);
        em.flush();
        LOG.info(() -> "Bootstrap: first admin created (user " + user.getId() + ")");
        LoginResult result = startSession(user, ip, userAgent);
        audit("auth.bootstrap", user.getId(), user.getEmail(), ip, userAgent);
        return result;
    }

    /**
     * True while no admin exists, i.e. while {@code POST /admin-api/auth/bootstrap} would create the first admin
     * (the UI shows its first-run page then; issue 6).
     */
    public boolean bootstrapNeeded() {
        return em.createQuery("SELECT count(r) FROM Role r WHERE r.role = 'admin'", Long.class).getSingleResult() == 0;
    }

    /**
     * The operator behind a session cookie value.
     *
     * @throws ApiException 401 {@code unauthenticated} when the value is missing, unknown, expired, revoked
     *                      (stale token version) or the user is banned
     */
    public Operator authenticate(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            throw ApiException.unauthenticated("Sign in first");
        }
        String id = Hashing.sha256Hex(cookieValue);
        // one round trip on every admin-api request: session, user and roles together
        List<?> found = em.createNativeQuery("""
                        SELECT s.expires_at, s.token_version = u.token_version, s.last_seen_at, u.id, u.email,
                               CAST(u.ban AS text),
                               (SELECT string_agg(r.role || ' ' || coalesce(r.resource, ''), ',' ORDER BY r.resource)
                                FROM warden_roles r WHERE r.user_id = u.id)
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
        if (!expires.isAfter(now) || !Boolean.TRUE.equals(row[1]) || isBanned((String) row[5], now)) {
            throw ApiException.unauthenticated("Your session has ended; sign in again");
        }
        if (lastSeen == null || lastSeen.plus(TOUCH_INTERVAL).isBefore(now)) {
            em.createNativeQuery("UPDATE warden_sessions SET last_seen_at = now() WHERE id = ?1")
                    .setParameter(1, id).executeUpdate();
        }
        List<String[]> roles = new ArrayList<>();
        if (row[6] != null) {
            for (String pair : ((String) row[6]).split(",")) {
                String[] parts = pair.split(" ", 2);
                roles.add(new String[]{parts[0], parts.length > 1 && !parts[1].isEmpty() ? parts[1] : null});
            }
        }
        return Operator.fromRoles(((Number) row[3]).longValue(), (String) row[4], roles, id);
    }

    /** A timestamp column of a native query as an instant (drivers give Timestamp or OffsetDateTime). */
    private static Instant instant(Object value) {
        if (value == null) {
            return null;
        } else if (value instanceof java.sql.Timestamp timestamp) {
            return timestamp.toInstant();
        } else if (value instanceof java.time.OffsetDateTime time) {
            return time.toInstant();
        }
        return (Instant) value;
    }

    /**
     * Ends the session behind {@code cookieValue}; unknown values are ignored. Ending a session is audited as
     * {@code auth.logout} (operator = the session's user).
     *
     * @param ip        client address for the audit entry, may be null
     * @param userAgent {@code User-Agent} for the audit entry, may be null
     */
    public void logout(String cookieValue, String ip, String userAgent) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return;
        }
        Session session = em.find(Session.class, Hashing.sha256Hex(cookieValue));
        if (session == null) {
            return;
        }
        User user = session.getUser();
        em.remove(session);
        em.flush();
        audit("auth.logout", user.getId(), user.getEmail(), ip, userAgent);
    }

    /**
     * The user row of {@code userId} as the users resource shows it ({@code password_hash} never included).
     *
     * @throws ApiException 404 when the user does not exist
     */
    public JsonObject userRow(long userId) {
        return rows.read(registry.find("users").orElseThrow(), Long.toString(userId));
    }

    /** True when {@code banJson} (the {@code ban} column) is set and its {@code until} is absent or later than {@code now}. */
    static boolean isBanned(String banJson, Instant now) {
        if (banJson == null || banJson.isBlank() || banJson.strip().equals("null")) {
            return false;
        }
        try (JsonReader reader = JSON.createReader(new StringReader(banJson))) {
            JsonValue value = reader.readValue();
            if (!(value instanceof JsonObject ban)) {
                return true;
            }
            JsonValue until = ban.get("until");
            if (until == null || until.getValueType() != JsonValue.ValueType.STRING) {
                return true;
            }
            return ((OffsetDateTime) ColumnType.DATETIME.parse(ban.getString("until"))).toInstant().isAfter(now);
        } catch (JsonException | IllegalArgumentException e) {
            return true;
        }
    }

    /**
     * {@code POST /auth/password-reset {email}}: when the email belongs to a user, stores a single-use reset
     * token (SHA-256 only, valid {@value #RESET_HOURS} h) and sends the link by mail through {@link ResetMailer}
     * when SMTP is configured, else writes it to the server log. Says nothing about whether the email exists: the endpoint always answers 202. Audited as
     * {@code auth.password_reset_requested}.
     */
    public void requestPasswordReset(String email, String ip, String userAgent) {
        requireField("email", email);
        User user = findByEmail(email);
        if (user != null) {
            String token = Hashing.randomToken(32);
            em.createNativeQuery("INSERT INTO warden_password_resets (id, user_id, expires_at) "
                            + "VALUES (?1, ?2, now() + make_interval(hours => ?3))")
                    .setParameter(1, Hashing.sha256Hex(token)).setParameter(2, user.getId()).setParameter(3, RESET_HOURS)
                    .executeUpdate();
            String link = publicUrl.replaceAll("/+$", "") + "/admin/password-reset?token=" + token;
            if (mailer.configured()) {
                LOG.info(() -> "Password reset requested for user " + user.getId() + "; sending the link by mail");
                mailer.sendResetLink(user.getEmail(), link, RESET_HOURS);
            } else {
                LOG.info(() -> "Password reset requested for user " + user.getId() + " (" + user.getEmail()
                        + "); no mail is configured (warden.smtp.host), so here is the link, valid " + RESET_HOURS
                        + " h: " + link);
            }
        }
        audit("auth.password_reset_requested", user == null ? null : user.getId(), truncate(email.strip(), 320), ip,
                userAgent);
    }

    /**
     * {@code POST /auth/password-reset/complete {token, password}}: sets the new password, uses the token up and
     * ends every session of the user (token version bumped). Audited as {@code auth.password_reset_completed}.
     *
     * @throws ApiException 422 naming {@code token} when it is unknown, used or expired, or {@code password}
     *                      when it is too short or too long
     */
    public void completePasswordReset(String token, String password, String ip, String userAgent) {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        validatePassword(password, problems);
        if (token == null || token.isBlank()) {
            problems.put("token", List.of("is required"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        List<?> found = em.createNativeQuery("UPDATE warden_password_resets SET used_at = now() "
                        + "WHERE id = ?1 AND used_at IS NULL AND expires_at > now() RETURNING user_id")
                .setParameter(1, Hashing.sha256Hex(token.strip()))
                .getResultList();
        if (found.isEmpty()) {
            throw ApiException.invalid("token", "unknown, already used or expired; request a new reset");
        }
        User user = em.find(User.class, ((Number) found.get(0)).longValue());
        user.setPasswordHash(passwords.hash(password));
        user.setTokenVersion(user.getTokenVersion() + 1);
        em.createQuery("DELETE FROM Session s WHERE s.user = :user").setParameter("user", user).executeUpdate();
        em.flush();
        audit("auth.password_reset_completed", user.getId(), user.getEmail(), ip, userAgent);
    }

    /** Records an {@code auth.*} entry; a failure is logged and counted, never thrown (spec: audit failures do not propagate). */
    private void audit(String action, Long userId, String email, String ip, String userAgent) {
        AuditRecord entry = new AuditRecord(userId, action, "auth", null, AuditPayloads.auth(email, ip, userAgent));
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            failures.failed(entry, e);
        }
    }

    private LoginResult startSession(User user, String ip, String userAgent) {
        String cookieValue = Hashing.randomToken(32);
        Duration ttl = Duration.ofHours(ttlHours);
        Session session = new Session();
        session.setId(Hashing.sha256Hex(cookieValue));
        session.setUser(user);
        session.setTokenVersion(user.getTokenVersion());
        session.setKind("http");
        session.setIp(truncate(ip, 100));
        session.setUserAgent(truncate(userAgent, 500));
        session.setLastSeenAt(Instant.now());
        session.setExpiresAt(Instant.now().plus(ttl));
        em.persist(session);
        em.flush();
        Operator operator = operatorOf(user, session.getId());
        return new LoginResult(cookieValue, ttl, operator, userRow(user.getId()));
    }

    private Operator operatorOf(User user, String sessionId) {
        List<Role> roles = em.createQuery("SELECT r FROM Role r WHERE r.user.id = :id ORDER BY r.resource", Role.class)
                .setParameter("id", user.getId())
                .getResultList();
        return Operator.fromRoles(user.getId(), user.getEmail(),
                roles.stream().map(r -> new String[]{r.getRole(), r.getResource()}).toList(), sessionId);
    }

    private User findByEmail(String email) {
        List<User> found = em.createQuery("SELECT u FROM User u WHERE lower(u.email) = :email", User.class)
                .setParameter("email", email.strip().toLowerCase(Locale.ROOT))
                .getResultList();
        return found.isEmpty() ? null : found.get(0);
    }

    private static void requireField(String name, String value) {
        if (value == null || value.isBlank()) {
            throw ApiException.invalid(name, "is required");
        }
    }

    /** Accepts {@code local@domain} of at most 320 characters (the ordinary limit); adds a message otherwise. */
    static void validateEmail(String email, Map<String, List<String>> problems) {
        if (email == null || email.isBlank()) {
            problems.put("email", List.of("is required"));
        } else if (email.length() > 320 || !email.strip().matches("[^@\\s]+@[^@\\s]+")) {
            problems.put("email", List.of("is not an email address"));
        }
    }

    /** Accepts {@value Passwords#MIN_LENGTH} to 1024 characters; adds a message otherwise. */
    static void validatePassword(String password, Map<String, List<String>> problems) {
        if (password == null || password.isEmpty()) {
            problems.put("password", List.of("is required"));
        } else if (password.length() < Passwords.MIN_LENGTH || password.length() > 1024) {
            problems.put("password", List.of("must be " + Passwords.MIN_LENGTH + " to 1024 characters"));
        }
    }

    private static String truncate(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max);
    }
}
