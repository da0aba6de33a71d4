package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import dev.warden.panel.users.model.User;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * The second step of a password sign-in and the checks of TOTP and recovery codes (docs/security.md, "Second factors
 * and step-up"): pending sign-ins, 5 attempts each counted on every node ({@link MfaAttempts}), a code never accepted
 * twice.
 *
 * <p>Audit (resource {@code auth}, payload {@code {email, ip, userAgent, method}}; never a code): {@code auth.login}
 * with the factor's method, {@code auth.mfa_failed} (kept even though the refusal rolls back).
 */
@Stateless
public class FactorChecks {

    /** How long a pending sign-in lives, in seconds. */
    public static final int PENDING_SECONDS = 300;

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    SecretBox box;

    @EJB
    MfaAttempts attempts;

    @EJB
    Sessions sessions;

    @EJB
    Passkeys passkeys;

    @Inject
    AuthAudit audit;

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
     * Finishes a pending sign-in with a TOTP or recovery code or a passkey (answering {@link #passkeyOptions}): 5
     * attempts per pending sign-in, counted on every node. Success starts a session that has proved a factor now,
     * audited {@code auth.login {method}}.
     *
     * @param pendingValue the pending cookie's value
     * @throws ApiException 401 {@code unauthenticated} without a live pending sign-in; 401 {@code invalid_code};
     *                      429 {@code rate_limited} once 5 attempts failed; 422 for another method or a missing code
     *                      or credential
     */
    public LoginResult verify(String pendingValue, FactorProof proof, String ip, String userAgent) {
        String kind = proof.requireShape();
        long userId = countedSignIn(pendingValue);
        User user = em.find(User.class, userId);
        String email = user == null ? null : user.getEmail();
        if (user == null || !check(userId, signInChallengeId(pendingValue), proof, email, ip, userAgent)) {
            fail(userId, email, kind, ip, userAgent);
        }
        return finishSignIn(pendingValue, user, kind, ip, userAgent);
    }

    /**
     * {@code POST /auth/mfa/webauthn/verify-options}: a passkey challenge for the pending sign-in behind
     * {@code pendingValue} (one use, bound to it).
     *
     * @return the options for {@code navigator.credentials.get()}
     * @throws ApiException 401 {@code unauthenticated} without a live pending sign-in; 409 when its user holds no
     *                      passkey
     */
    public JsonObject passkeyOptions(String pendingValue) {
        long userId = Sql.first(
                        dataSource,
                        "Reading a pending sign-in",
                        """
                        SELECT user_id FROM warden_mfa_pending
                        WHERE id = ? AND kind = 'signin' AND expires_at > now() AND failures < ?""",
                        rs -> rs.getLong(1),
                        pendingValue == null ? "" : pendingId(pendingValue),
                        MfaAttempts.MAX_ATTEMPTS)
                .orElseThrow(
                        () -> ApiException.unauthenticated("This sign-in has ended; sign in with your password again"));
        return passkeys.assertionOptions(userId, signInChallengeId(pendingValue));
    }

    /**
     * Checks {@code proof} for {@code userId}: a code ({@link #checkCode}) or a passkey's assertion against the
     * challenge under {@code challengeId} ({@link Passkeys#prove}).
     */
    public boolean check(
            long userId, String challengeId, FactorProof proof, String email, String ip, String userAgent) {
        return proof.passkey()
                ? passkeys.prove(userId, challengeId, proof.credential(), email, ip, userAgent)
                : checkCode(userId, proof.method(), proof.code());
    }

    private static String signInChallengeId(String pendingValue) {
        return "webauthn-signin:" + Hashing.sha256Hex(pendingValue);
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

    /** Checks a TOTP or recovery code of {@code userId} and consumes it (a code is never accepted twice). */
    public boolean checkCode(long userId, String method, String code) {
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
                            Hashing.sha256Hex(FactorEnrolment.normalise(code)))
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
    public void fail(long userId, String email, String method, String ip, String userAgent) {
        audit.record("auth.mfa_failed", userId, email, ip, userAgent, Map.of("method", method));
        throw new ApiException(ErrorCode.INVALID_CODE, "The code is wrong or was used already");
    }

    static String requireCodeMethod(String method) {
        if (!"totp".equals(method) && !"recovery".equals(method)) {
            throw ApiException.invalid("method", "Use totp or recovery");
        }
        return method;
    }

    /** The current TOTP step. */
    static long nowStep() {
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
