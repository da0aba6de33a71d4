package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import dev.warden.common.WindowCounters;
import dev.warden.panel.users.model.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Passwordless sign-in with a discoverable passkey (docs/security.md, "Passkeys"): the browser asks for a challenge
 * (bound to a cookie, one use, {@value PasskeyChallenges#SECONDS} s), the operator picks a passkey and the
 * authenticator verifies them (user verification required), and the answer opens a full session: a passkey with user
 * verification is both factors. Throttled as password sign-ins ({@link LoginThrottle}, by the passkey owner's email
 * and the client address) and audited the same way: {@code auth.login {method: passkey}} or
 * {@code auth.login_failed {method: passkey}}.
 */
@Stateless
public class PasskeySignIn {

    /** The stand-in email of the throttle's counters for an answer from an unknown passkey. */
    static final String UNKNOWN = "passkey:unknown";

    /** Passwordless sign-ins one client address may start per minute. */
    public static final int STARTS_PER_MINUTE = 30;

    /** Most passwordless sign-ins started and unexpired at once, from all addresses together (rows kept 5 minutes). */
    public static final int MAX_PENDING_STARTS = 10_000;

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @EJB
    PasskeyChallenges challenges;

    @EJB
    Passkeys passkeys;

    @EJB
    LoginThrottle throttle;

    @EJB
    WindowCounters counters;

    @EJB
    Sessions sessions;

    @EJB
    OperatorLoader operators;

    @Inject
    MfaSettings settings;

    @Inject
    SsoSettings sso;

    @Inject
    AuthAudit audit;

    /**
     * A started passwordless sign-in.
     *
     * @param cookieValue the value of the cookie that binds the challenge (only its SHA-256 is stored)
     * @param options     the options for {@code navigator.credentials.get()}
     */
    public record Started(String cookieValue, JsonObject options) {}

    /**
     * {@code POST /auth/mfa/webauthn/login-options}: a challenge for any passkey of this relying party; at most
     * {@value #STARTS_PER_MINUTE} a minute per client address (each is a row for 5 minutes), and at most
     * {@value #MAX_PENDING_STARTS} unexpired from all addresses together (many addresses starting sign-ins they never
     * finish store no more than that).
     *
     * @throws ApiException 403 in SSO-only mode; 429 {@code rate_limited} past the starts per minute; 503
     *                      {@code unavailable} with {@code Retry-After} while {@value #MAX_PENDING_STARTS} are pending
     */
    public Started start(String ip) {
        requireAllowed();
        String key = "passkey-start:" + (ip == null ? "-" : ip);
        WindowCounters.Count count = counters.hit(List.of(key), 60).get(key);
        if (count.hits() > STARTS_PER_MINUTE) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "Too many passkey sign-ins started; try again in a minute",
                    Map.of(),
                    Map.of("Retry-After", Long.toString(Math.max(1, count.retryAfterSeconds()))));
        }
        if (challenges.liveLogins(MAX_PENDING_STARTS) >= MAX_PENDING_STARTS) {
            throw new ApiException(
                    ErrorCode.UNAVAILABLE,
                    "Too many passkey sign-ins are in progress; try again in a minute",
                    Map.of(),
                    Map.of("Retry-After", "60"));
        }
        String value = Hashing.randomToken(32);
        byte[] challenge = challenges.issue(PasskeyChallenges.loginId(value), null);
        return new Started(value, PasskeyOptions.request(challenge, settings.rpId(), List.of(), true));
    }

    /**
     * {@code POST /auth/mfa/webauthn/login {credential}}: checks the passkey's answer to the challenge bound to
     * {@code cookieValue} and starts a session that has proved a factor now.
     *
     * @throws ApiException 401 {@code unauthenticated} without a live challenge (one use: start again); 401
     *                      {@code invalid_credentials} for an unknown passkey, a wrong signature, origin or relying
     *                      party, no user verification or a sign counter that went back; 403 for a banned account or
     *                      in SSO-only mode; 422 for a malformed answer; 429 past the sign-in limits
     */
    public LoginResult finish(String cookieValue, JsonObject credential, String ip, String userAgent) {
        requireAllowed();
        if (credential == null) {
            throw ApiException.invalid("credential", "Send the passkey's answer");
        }
        String credentialId = PasskeyVerifier.credentialId(credential);
        byte[] challenge = (cookieValue == null
                        ? java.util.Optional.<PasskeyChallenges.Taken>empty()
                        : challenges.take(PasskeyChallenges.loginId(cookieValue)))
                .orElseThrow(() -> ApiException.unauthenticated("The passkey request has ended; try again"))
                .challenge();
        User owner =
                passkeys.owner(credentialId).map(id -> em.find(User.class, id)).orElse(null);
        String email = owner == null ? UNKNOWN : owner.getEmail();
        throttle.check(email, ip);
        OptionalLong verified = passkeys.verify(challenge, credential, true, ip, userAgent);
        if (owner == null
                || verified.isEmpty()
                || operators.load(owner.getId(), null).isEmpty()) {
            throttle.recordFailure(email, ip);
            audit.record(
                    "auth.login_failed",
                    owner == null ? null : owner.getId(),
                    email,
                    ip,
                    userAgent,
                    Map.of("method", "passkey"));
            throw new ApiException(ErrorCode.INVALID_CREDENTIALS, "This passkey does not sign in here");
        }
        if (Accounts.isBanned(owner.getBan(), Instant.now())) {
            audit.record("auth.login_failed", owner.getId(), email, ip, userAgent, Map.of("method", "passkey"));
            throw ApiException.forbidden("This account is banned");
        }
        throttle.clear(email, ip);
        owner.setLastLoginAt(Instant.now());
        LoginResult result = sessions.start(owner, ip, userAgent);
        sessions.markFactor(result.operator().sessionId());
        audit.record("auth.login", owner.getId(), email, ip, userAgent, Map.of("method", "passkey"));
        return result;
    }

    /** How long the challenge's cookie lives. */
    public static Duration cookieLifetime() {
        return Duration.ofSeconds(PasskeyChallenges.SECONDS);
    }

    private void requireAllowed() {
        if (!sso.passwordAllowed()) {
            throw ApiException.forbidden(sso.passwordOffMessage());
        }
    }
}
