package dev.warden.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.users.model.User;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Operators' second factors (docs/security.md, "Second factors and step-up"): TOTP enrolment and removal, recovery
 * codes, the second step of a password sign-in, step-up and an admin's reset of another operator's factors.
 *
 * <p>Audit (resource {@code auth}, payload {@code {email, ip, userAgent, method}}; never a secret or a code):
 * {@code auth.mfa_enrolled}, {@code auth.mfa_removed}, {@code auth.mfa_failed} (kept even though the refusal rolls
 * back), {@code auth.step_up}; {@code auth.mfa_reset} on resource {@code users} with the target's id.
 */
@Stateless
public class SecondFactors {

    /** How long a pending sign-in lives, in seconds. */
    public static final int PENDING_SECONDS = 300;
    /** Recovery codes per set. */
    public static final int RECOVERY_CODES = 10;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    SecretBox box;

    @Inject
    MfaSettings settings;

    @EJB
    MfaAttempts attempts;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    @Inject
    AuditTrail trail;

    /**
     * The methods {@code userId} can answer a second step with, in the order {@code totp}, {@code webauthn},
     * {@code recovery}; empty when the user holds no factor (a password then signs in at once).
     */
    public List<String> methods(long userId) {
        return Sql.first(
                        dataSource,
                        "Reading second factors",
                        """
                        SELECT EXISTS (SELECT 1 FROM warden_mfa_totp WHERE user_id = ? AND confirmed),
                               EXISTS (SELECT 1 FROM warden_mfa_passkeys WHERE user_id = ?),
                               EXISTS (SELECT 1 FROM warden_mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL)""",
                        rs -> {
                            List<String> methods = new ArrayList<>();
                            if (rs.getBoolean(1)) {
                                methods.add("totp");
                            }
                            if (rs.getBoolean(2)) {
                                methods.add("webauthn");
                            }
                            if (!methods.isEmpty() && rs.getBoolean(3)) {
                                methods.add("recovery");
                            }
                            return methods;
                        },
                        userId,
                        userId,
                        userId)
                .orElse(List.of());
    }

    /**
     * Starts the second step of a sign-in for {@code userId}: a {@code warden_mfa_pending} row of kind
     * {@code signin} for {@value #PENDING_SECONDS} s.
     *
     * @return the pending cookie's value (only its SHA-256 is stored)
     */
    public String startPending(long userId, String ip, String userAgent) {
        String value = Hashing.randomToken(32);
        Sql.with(dataSource, "Starting a pending sign-in", c -> {
            Sql.update(c, "DELETE FROM warden_mfa_pending WHERE expires_at < now()");
            return Sql.update(
                    c,
                    """
                    INSERT INTO warden_mfa_pending (id, kind, user_id, ip, user_agent, expires_at)
                    VALUES (?, 'signin', ?, ?, ?, now() + make_interval(secs => ?))""",
                    pendingId(value),
                    userId,
                    truncate(ip, 100),
                    truncate(userAgent, 500),
                    (double) PENDING_SECONDS);
        });
        return value;
    }

    /**
     * Finishes a pending sign-in with a TOTP or recovery code: 5 attempts per pending sign-in, counted on every node.
     * Success starts a session that has proved a factor now, audited {@code auth.login {method}}.
     *
     * @param pendingValue the pending cookie's value
     * @throws ApiException 401 {@code unauthenticated} without a live pending sign-in; 401 {@code invalid_code};
     *                      429 {@code rate_limited} once 5 attempts failed; 422 for a method other than
     *                      {@code totp} or {@code recovery}
     */
    public LoginResult verify(String pendingValue, String method, String code, String ip, String userAgent) {
        String kind = requireCodeMethod(method);
        Accounts.requireField("code", code);
        long userId = countedSignIn(pendingValue);
        User user = em.find(User.class, userId);
        if (user == null || !checkCode(userId, kind, code)) {
            fail(userId, user == null ? null : user.getEmail(), kind, ip, userAgent);
        }
        return finishSignIn(pendingValue, user, kind, ip, userAgent);
    }

    /**
     * Counts an attempt of the pending sign-in behind {@code pendingValue}.
     *
     * @return its user
     * @throws ApiException 401 {@code unauthenticated} when there is none; 429 when its attempts are used up
     */
    long countedSignIn(String pendingValue) {
        if (pendingValue == null || pendingValue.isBlank()) {
            throw ApiException.unauthenticated("Sign in with your password first");
        }
        MfaAttempts.Counted counted = attempts.countSignIn(pendingId(pendingValue));
        return switch (counted.verdict()) {
            case COUNTED -> counted.userId();
            case EXHAUSTED ->
                throw new ApiException(ErrorCode.RATE_LIMITED, "Too many wrong codes; sign in with your password again")
                        .withHeaders(Map.of("Retry-After", String.valueOf(PENDING_SECONDS)));
            case UNKNOWN ->
                throw ApiException.unauthenticated("This sign-in has ended; sign in with your password again");
        };
    }

    /** Ends the pending sign-in, starts the session (factor proved now) and records {@code auth.login}. */
    LoginResult finishSignIn(String pendingValue, User user, String method, String ip, String userAgent) {
        Sql.update(
                dataSource,
                "Ending a pending sign-in",
                "DELETE FROM warden_mfa_pending WHERE id = ?",
                pendingId(pendingValue));
        user.setLastLoginAt(Instant.now());
        LoginResult result = sessions.start(user, ip, userAgent);
        sessions.markFactor(result.operator().sessionId());
        audit.record(
                "auth.login",
                user.getId(),
                user.getEmail(),
                ip,
                userAgent,
                Map.of("method", "password", "factor", method));
        return result;
    }

    /**
     * Step-up: proves a factor again for the current session, 5 attempts per session in 5 minutes.
     *
     * @return until when step-up routes pass
     * @throws ApiException 401 {@code invalid_code}; 429 past the attempts; 409 when the operator holds no factor
     *                      or signed in by a bearer token
     */
    public Instant stepUp(Operator operator, String method, String code, String ip, String userAgent) {
        String kind = requireCodeMethod(method);
        Accounts.requireField("code", code);
        if (operator.sessionId() == null) {
            throw ApiException.conflict("Step-up needs a session; a bearer token cannot step up");
        }
        if (methods(operator.userId()).isEmpty()) {
            throw ApiException.conflict("You hold no second factor; enrol one on the Security page first");
        }
        if (!attempts.countStepUp(operator.sessionId(), operator.userId())) {
            throw new ApiException(ErrorCode.RATE_LIMITED, "Too many wrong codes; try again in a few minutes")
                    .withHeaders(Map.of("Retry-After", "300"));
        }
        if (!checkCode(operator.userId(), kind, code)) {
            fail(operator.userId(), operator.email(), kind, ip, userAgent);
        }
        return proved(operator, kind, ip, userAgent);
    }

    /** Marks the session as having proved a factor now, audits {@code auth.step_up}; the end of the window. */
    Instant proved(Operator operator, String method, String ip, String userAgent) {
        Sql.update(
                dataSource,
                "Ending step-up attempts",
                "DELETE FROM warden_mfa_pending WHERE id = ?",
                "stepup:" + operator.sessionId());
        sessions.markFactor(operator.sessionId());
        audit.record("auth.step_up", operator.userId(), operator.email(), ip, userAgent, Map.of("method", method));
        return Instant.now().plus(settings.stepUpWindow());
    }

    /**
     * {@code GET /auth/mfa}: {@code {totp, passkeys: [{id, name, created_at, last_used_at}], recovery_codes_left}}.
     */
    public JsonObject status(Operator operator) {
        return status(operator.userId());
    }

    /** {@link #status(Operator)} of any user (the users page, for admins: {@link #statusOf}). */
    JsonObject status(long userId) {
        boolean totp = Sql.first(
                        dataSource,
                        "Reading TOTP",
                        "SELECT confirmed FROM warden_mfa_totp WHERE user_id = ?",
                        rs -> rs.getBoolean(1),
                        userId)
                .orElse(false);
        JsonArrayBuilder passkeys = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Listing passkeys",
                        """
                        SELECT id, name, created_at, last_used_at FROM warden_mfa_passkeys WHERE user_id = ?
                        ORDER BY id""",
                        rs -> {
                            var p = JSON.createObjectBuilder()
                                    .add("id", rs.getLong(1))
                                    .add("name", rs.getString(2))
                                    .add(
                                            "created_at",
                                            rs.getObject(3, java.time.OffsetDateTime.class)
                                                    .toInstant()
                                                    .toString());
                            java.time.OffsetDateTime used = rs.getObject(4, java.time.OffsetDateTime.class);
                            if (used == null) {
                                p.addNull("last_used_at");
                            } else {
                                p.add("last_used_at", used.toInstant().toString());
                            }
                            return p.build();
                        },
                        userId)
                .forEach(passkeys::add);
        int left = Sql.first(
                        dataSource,
                        "Counting recovery codes",
                        "SELECT count(*) FROM warden_mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL",
                        rs -> rs.getInt(1),
                        userId)
                .orElse(0);
        return JSON.createObjectBuilder()
                .add("totp", totp)
                .add("passkeys", passkeys)
                .add("recovery_codes_left", left)
                .build();
    }

    /**
     * An admin's view of user {@code id}'s factors (the users page): as {@link #status(Operator)}.
     *
     * @throws ApiException 403 unless the caller is an admin; 404 for an unknown user
     */
    public JsonObject statusOf(Operator operator, String id) {
        requireAdmin(operator);
        return status(userId(id));
    }

    /**
     * {@code POST /auth/mfa/totp}: a new secret, pending until confirmed (replacing an unconfirmed one).
     *
     * @return {@code {secret, otpauth_uri}}
     * @throws ApiException 409 while a confirmed TOTP exists (remove it first)
     */
    public JsonObject startTotp(Operator operator) {
        byte[] secret = Totp.newSecret();
        int changed = Sql.update(
                dataSource,
                "Starting TOTP enrolment",
                """
                INSERT INTO warden_mfa_totp (user_id, secret, confirmed) VALUES (?, ?, false)
                ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = 0, created_at = now()
                WHERE NOT warden_mfa_totp.confirmed""",
                operator.userId(),
                box.seal(secret));
        if (changed == 0) {
            throw ApiException.conflict("An authenticator app is enrolled already; remove it first");
        }
        return JSON.createObjectBuilder()
                .add("secret", Totp.base32(secret))
                .add("otpauth_uri", Totp.uri(settings.issuer(), operator.email(), secret))
                .build();
    }

    /**
     * {@code POST /auth/mfa/totp/confirm {code}}: confirms the pending secret with a first code; the session has then
     * proved a factor. Audited {@code auth.mfa_enrolled {method: totp}}.
     *
     * @return {@code {recovery_codes: [10 strings]}}, shown once (a new set replaces any older one)
     * @throws ApiException 409 without a pending secret; 422 {@code invalid_request} for a wrong code
     */
    public JsonObject confirmTotp(Operator operator, String code, String ip, String userAgent) {
        Accounts.requireField("code", code);
        Optional<byte[]> secret = Sql.first(
                dataSource,
                "Reading a pending TOTP",
                "SELECT secret FROM warden_mfa_totp WHERE user_id = ? AND NOT confirmed",
                rs -> rs.getBytes(1),
                operator.userId());
        if (secret.isEmpty()) {
            throw ApiException.conflict("No authenticator app is waiting for confirmation; start again");
        }
        OptionalLong step = Totp.match(box.open(secret.get()), code, nowStep(), 0);
        if (step.isEmpty()) {
            throw ApiException.invalid("code", "The code does not match; check the app's clock and try the next code");
        }
        Sql.update(
                dataSource,
                "Confirming TOTP",
                "UPDATE warden_mfa_totp SET confirmed = true, last_step = ? WHERE user_id = ?",
                step.getAsLong(),
                operator.userId());
        List<String> codes = newRecoveryCodes(operator.userId());
        if (operator.sessionId() != null) {
            sessions.markFactor(operator.sessionId());
        }
        audit.record("auth.mfa_enrolled", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "totp"));
        return recoveryCodes(codes);
    }

    /**
     * {@code POST /auth/mfa/recovery-codes}: a new set of recovery codes, the old set void. Audited
     * {@code auth.mfa_enrolled {method: recovery}}.
     *
     * @throws ApiException 409 when the operator holds no factor (codes back one up)
     */
    public JsonObject regenerateRecoveryCodes(Operator operator, String ip, String userAgent) {
        List<String> held = methods(operator.userId());
        if (!held.contains("totp") && !held.contains("webauthn")) {
            throw ApiException.conflict("Enrol an authenticator app or a passkey first");
        }
        List<String> codes = newRecoveryCodes(operator.userId());
        audit.record(
                "auth.mfa_enrolled", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "recovery"));
        return recoveryCodes(codes);
    }

    /**
     * {@code DELETE /auth/mfa/totp}: removes the authenticator app (and the recovery codes when no factor is left).
     * Audited {@code auth.mfa_removed {method: totp}}.
     *
     * @throws ApiException 404 when none is enrolled
     */
    public void deleteTotp(Operator operator, String ip, String userAgent) {
        int removed = Sql.update(
                dataSource,
                "Removing TOTP",
                "DELETE FROM warden_mfa_totp WHERE user_id = ? AND confirmed",
                operator.userId());
        if (removed == 0) {
            throw ApiException.notFound("No authenticator app is enrolled");
        }
        dropRecoveryCodesWhenAlone(operator.userId());
        audit.record("auth.mfa_removed", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "totp"));
    }

    /** Deletes the recovery codes of a user who holds no factor any more. */
    void dropRecoveryCodesWhenAlone(long userId) {
        Sql.update(
                dataSource,
                "Dropping recovery codes",
                """
                DELETE FROM warden_mfa_recovery_codes WHERE user_id = ?
                  AND NOT EXISTS (SELECT 1 FROM warden_mfa_totp WHERE user_id = ? AND confirmed)
                  AND NOT EXISTS (SELECT 1 FROM warden_mfa_passkeys WHERE user_id = ?)""",
                userId,
                userId,
                userId);
    }

    /**
     * {@code POST /users/:id/mfa-reset}: clears user {@code id}'s factors and recovery codes and ends every session of
     * theirs. Audited {@code auth.mfa_reset} on resource {@code users}.
     *
     * @return the number of factors removed (TOTP and passkeys)
     * @throws ApiException 403 unless the caller is an admin, or for the caller's own account (use the Security
     *                      page); 404 for an unknown user
     */
    public int reset(Operator operator, String id, String ip, String userAgent) {
        requireAdmin(operator);
        long userId = userId(id);
        if (userId == operator.userId()) {
            throw ApiException.forbidden("Manage your own factors on the Security page");
        }
        int removed = resetFactors(userId);
        User user = em.find(User.class, userId);
        sessions.endAll(user);
        trail.afterCommit(new AuditRecord(
                operator.userId(),
                "auth.mfa_reset",
                "users",
                String.valueOf(userId),
                JSON.createObjectBuilder()
                        .add("factorsRemoved", removed)
                        .add("ip", ip == null ? "" : ip)
                        .add("userAgent", userAgent == null ? "" : userAgent)
                        .build()));
        return removed;
    }

    /** Deletes every factor, recovery code and pending row of {@code userId}; the number of factors removed. */
    public int resetFactors(long userId) {
        return Sql.with(dataSource, "Resetting second factors", c -> {
            int removed = Sql.update(c, "DELETE FROM warden_mfa_totp WHERE user_id = ? AND confirmed", userId);
            Sql.update(c, "DELETE FROM warden_mfa_totp WHERE user_id = ?", userId);
            removed += Sql.update(c, "DELETE FROM warden_mfa_passkeys WHERE user_id = ?", userId);
            Sql.update(c, "DELETE FROM warden_mfa_recovery_codes WHERE user_id = ?", userId);
            Sql.update(c, "DELETE FROM warden_mfa_pending WHERE user_id = ?", userId);
            return removed;
        });
    }

    /** Checks a TOTP or recovery code of {@code userId} and consumes it (a code is never accepted twice). */
    boolean checkCode(long userId, String method, String code) {
        if (code == null || code.length() > 64) {
            return false;
        }
        if (method.equals("recovery")) {
            return Sql.update(
                            dataSource,
                            "Using a recovery code",
                            """
                            UPDATE warden_mfa_recovery_codes SET used_at = now()
                            WHERE user_id = ? AND code_hash = ? AND used_at IS NULL""",
                            userId,
                            Hashing.sha256Hex(normalise(code)))
                    == 1;
        }
        Optional<long[]> found = Optional.empty();
        Optional<Object[]> row = Sql.first(
                dataSource,
                "Reading TOTP",
                "SELECT secret, last_step FROM warden_mfa_totp WHERE user_id = ? AND confirmed",
                rs -> new Object[] {rs.getBytes(1), rs.getLong(2)},
                userId);
        if (row.isEmpty()) {
            return false;
        }
        OptionalLong step = Totp.match(box.open((byte[]) row.get()[0]), code, nowStep(), (Long) row.get()[1]);
        if (step.isEmpty()) {
            return false;
        }
        // only a step later than the last one used: two parallel uses of one code cannot both pass
        return Sql.update(
                        dataSource,
                        "Using a TOTP code",
                        "UPDATE warden_mfa_totp SET last_step = ? WHERE user_id = ? AND confirmed AND last_step < ?",
                        step.getAsLong(),
                        userId,
                        step.getAsLong())
                == 1;
    }

    /** Audits {@code auth.mfa_failed} (kept through the rollback) and throws 401 {@code invalid_code}. */
    void fail(long userId, String email, String method, String ip, String userAgent) {
        audit.record("auth.mfa_failed", userId, email, ip, userAgent, Map.of("method", method));
        throw new ApiException(ErrorCode.INVALID_CODE, "The code is wrong or was used already");
    }

    private List<String> newRecoveryCodes(long userId) {
        List<String> codes = new ArrayList<>();
        Sql.with(dataSource, "Storing recovery codes", c -> {
            Sql.update(c, "DELETE FROM warden_mfa_recovery_codes WHERE user_id = ?", userId);
            for (int i = 0; i < RECOVERY_CODES; i++) {
                String code = recoveryCode();
                codes.add(code);
                Sql.update(
                        c,
                        "INSERT INTO warden_mfa_recovery_codes (user_id, code_hash) VALUES (?, ?)",
                        userId,
                        Hashing.sha256Hex(normalise(code)));
            }
            return null;
        });
        return codes;
    }

    private static JsonObject recoveryCodes(List<String> codes) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        codes.forEach(array::add);
        return JSON.createObjectBuilder().add("recovery_codes", array).build();
    }

    /** A recovery code: two groups of five characters (about 49 bits), e.g. {@code k7m2p-x9qrt}. */
    static String recoveryCode() {
        StringBuilder code = new StringBuilder(11);
        for (int i = 0; i < 10; i++) {
            if (i == 5) {
                code.append('-');
            }
            code.append(CODE_ALPHABET.charAt(RANDOM.nextInt(CODE_ALPHABET.length())));
        }
        return code.toString();
    }

    /** A recovery code as stored: lower case, without dashes or spaces. */
    static String normalise(String code) {
        return code.strip().toLowerCase(Locale.ROOT).replace("-", "").replace(" ", "");
    }

    private static String requireCodeMethod(String method) {
        if (!"totp".equals(method) && !"recovery".equals(method)) {
            throw ApiException.invalid("method", "Use totp or recovery");
        }
        return method;
    }

    private static void requireAdmin(Operator operator) {
        if (!operator.isAdmin()) {
            throw ApiException.forbidden("Only admins manage other operators' factors");
        }
    }

    private long userId(String id) {
        long userId;
        try {
            userId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No users row with id '" + id + "'");
        }
        if (em.find(User.class, userId) == null) {
            throw ApiException.notFound("No users row with id '" + id + "'");
        }
        return userId;
    }

    private static long nowStep() {
        return Totp.step(Instant.now().getEpochSecond());
    }

    /** The row id of a pending sign-in: {@code signin:} and the SHA-256 of the cookie value. */
    static String pendingId(String value) {
        return "signin:" + Hashing.sha256Hex(value);
    }

    private static String truncate(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max);
    }
}
