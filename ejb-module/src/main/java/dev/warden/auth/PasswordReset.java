package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.panel.users.model.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Password reset (docs/admin-api.md, "Sign-in": {@code POST /admin-api/auth/password-reset} and
 * {@code .../complete}). Reset tokens are rows of {@code warden_password_resets} keyed by their SHA-256.
 */
@Stateless
public class PasswordReset {

    /** Hours a password reset link stays valid. */
    static final int RESET_HOURS = 1;

    private static final Logger LOG = Logger.getLogger(PasswordReset.class.getName());

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    SsoSettings sso;

    @Inject
    Passwords passwords;

    @EJB
    Sessions sessions;

    @EJB
    ResetMailer mailer;

    @EJB
    PasswordResetLimits resetLimits;

    @Inject
    AuthAudit audit;

    @EJB
    OperatorLoader operators;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

    /**
     * {@code POST /auth/password-reset {email}}: when the email belongs to a panel account (a user with a role
     * row; a player gets nothing), stores a single-use reset
     * token (SHA-256 only, valid {@value #RESET_HOURS} h) and sends the link by mail through {@link ResetMailer}
     * when SMTP is configured, else writes it to the server log. Says nothing about whether the email exists:
     * the endpoint always answers 202. Audited as {@code auth.password_reset_requested}.
     *
     * @throws ApiException 422 when {@code email} is missing
     * <p>SSO-only mode: 403 {@code forbidden} before anything else.
     */
    public void request(String email, String ip, String userAgent) {
        if (!sso.passwordAllowed()) {
            throw ApiException.forbidden(sso.passwordOffMessage());
        }
        Accounts.requireField("email", email);
        resetLimits.admit(email, ip);
        User found = Accounts.findByEmail(em, email);
        User user = found != null && operators.load(found.getId(), null).isPresent() ? found : null;
        if (user != null) {
            resetLimits.supersede(user.getId());
            String token = Hashing.randomToken(32);
            em.createNativeQuery("INSERT INTO warden_password_resets (id, user_id, expires_at) "
                            + "VALUES (?1, ?2, now() + make_interval(hours => ?3))")
                    .setParameter(1, Hashing.sha256Hex(token))
                    .setParameter(2, user.getId())
                    .setParameter(3, RESET_HOURS)
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
        audit.record("auth.password_reset_requested", user == null ? null : user.getId(), email.strip(), ip, userAgent);
    }

    /**
     * {@code POST /auth/password-reset/complete {token, password}}: sets the new password, uses the token up and
     * ends every session of the user (token version bumped). Audited as {@code auth.password_reset_completed}.
     *
     * @throws ApiException 422 naming {@code token} when it is unknown, used or expired, or {@code password}
     *                      when it is too short or too long
     * <p>SSO-only mode: 403 {@code forbidden} before anything else.
     */
    public void complete(String token, String password, String ip, String userAgent) {
        if (!sso.passwordAllowed()) {
            throw ApiException.forbidden(sso.passwordOffMessage());
        }
        Map<String, List<String>> problems = new LinkedHashMap<>();
        Accounts.validatePassword(password, problems);
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
        sessions.endAll(user);
        audit.record("auth.password_reset_completed", user.getId(), user.getEmail(), ip, userAgent);
    }
}
