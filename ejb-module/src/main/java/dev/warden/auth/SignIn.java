package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.users.model.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;

/**
 * Sign-in and sign-out under {@code /admin-api/auth} (docs/admin-api.md, "Sign-in": login, logout).
 *
 * <p>Audit (docs/admin-api.md, "Events": {@code auth.login}, {@code auth.login_failed}, {@code auth.logout}
 * with {@code resource = auth} and payload {@code {email?, ip, userAgent}}): recorded here, where the user
 * behind an email is known, through {@link AuthAudit}.
 */
@Stateless
public class SignIn {

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    Passwords passwords;

    @EJB
    LoginThrottle throttle;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    @EJB
    OperatorLoader operators;

    @Inject
    SsoSettings sso;

    @EJB
    SecondFactors factors;

    @EJB
    FactorChecks checks;

    /**
     * Signs a user in with email and password. Audited as {@code auth.login} (operator = the user), or
     * {@code auth.login_failed} for a wrong password or a banned account (operator = the user) and for an
     * unknown email (operator null; docs/admin-api.md, "Audit entry record"). A missing field is not audited.
     *
     * <p>Panel accounts are explicit: a user with no role row is a player and gets exactly
     * the answer of a wrong password. A hash made with fewer PBKDF2 iterations than configured is replaced
     * ({@link Passwords#needsRehash}).
     *
     * @param ip        client address for the session and the audit entry, may be null
     * @param userAgent {@code User-Agent} for the session and the audit entry, may be null
     * <p>A user who holds a second factor gets no session here: the answer is a pending sign-in
     * ({@link LoginResult#pending()}) that {@link FactorChecks#verify} finishes (docs/security.md, "Second factors and
     * step-up"); {@code auth.login} is then recorded there.
     *
     * @throws ApiException 401 {@code invalid_credentials} for an unknown email, a wrong password or a player;
     *                      403 {@code forbidden} for a banned account; 422 for a missing field;
     *                      429 {@code rate_limited} after repeated failures ({@link LoginThrottle}); 403 in
     *                      SSO-only mode ({@link SsoSettings#passwordAllowed})
     */
    public LoginResult login(String email, String password, String ip, String userAgent) {
        if (!sso.passwordAllowed()) {
            throw ApiException.forbidden(sso.passwordOffMessage());
        }
        Accounts.requireField("email", email);
        Accounts.requireField("password", password);
        throttle.check(email.strip(), ip);
        User user = Accounts.findByEmail(em, email);
        if (user == null
                || !passwords.verify(password, user.getPasswordHash())
                || operators.load(user.getId(), null).isEmpty()) {
            throttle.recordFailure(email.strip(), ip);
            audit.record("auth.login_failed", user == null ? null : user.getId(), email.strip(), ip, userAgent);
            throw new ApiException(ErrorCode.INVALID_CREDENTIALS, "Email or password is wrong");
        }
        if (Accounts.isBanned(user.getBan(), Instant.now())) {
            audit.record("auth.login_failed", user.getId(), user.getEmail(), ip, userAgent);
            throw ApiException.forbidden("This account is banned");
        }
        if (passwords.needsRehash(user.getPasswordHash())) {
            user.setPasswordHash(passwords.hash(password));
        }
        throttle.clear(email.strip(), ip);
        java.util.List<String> methods = factors.methods(user.getId());
        if (!methods.isEmpty()) {
            String pending = checks.startPending(user.getId(), ip, userAgent);
            return new LoginResult(pending, java.time.Duration.ofSeconds(FactorChecks.PENDING_SECONDS), null, methods);
        }
        user.setLastLoginAt(Instant.now());
        LoginResult result = sessions.start(user, ip, userAgent);
        audit.record(
                "auth.login", user.getId(), user.getEmail(), ip, userAgent, java.util.Map.of("method", "password"));
        return result;
    }

    /**
     * Ends the session behind {@code cookieValue}; unknown values are ignored. Ending a session is audited as
     * {@code auth.logout} (operator = the session's user).
     *
     * @param ip        client address for the audit entry, may be null
     * @param userAgent {@code User-Agent} for the audit entry, may be null
     */
    public void logout(String cookieValue, String ip, String userAgent) {
        sessions.end(cookieValue)
                .ifPresent(user -> audit.record("auth.logout", user.getId(), user.getEmail(), ip, userAgent));
    }
}
