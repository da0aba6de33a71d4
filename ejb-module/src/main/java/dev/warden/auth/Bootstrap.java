package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.panel.users.model.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The first-admin bootstrap (docs/admin-api.md, "Sign-in": {@code POST /admin-api/auth/bootstrap}). It needs
 * the one-time setup token ({@link SetupToken}) and stays closed once any admin has ever existed.
 */
@Stateless
public class Bootstrap {

    private static final Logger LOG = Logger.getLogger(Bootstrap.class.getName());
    private static final long BOOTSTRAP_LOCK = 0x7761726465L; // "warde"

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    SsoSettings sso;

    @Inject
    Passwords passwords;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    @EJB
    SetupToken setupToken;

    /**
     * Creates the first admin and signs them in; audited as {@code auth.bootstrap} (operator = the new admin).
     * Serialised with a transaction-scoped advisory lock so two concurrent calls cannot both succeed.
     *
     * @param token the setup token ({@code setup_token})
     * @throws ApiException 403 {@code forbidden} when {@code token} is missing or wrong;
     *                      409 {@code conflict} once an admin exists or ever existed (bootstrap closed) or when the
     *                      email is taken; 422 {@code invalid_request} for a bad email, password or display name
     * <p>SSO-only mode: 403 {@code forbidden} before anything else.
     */
    public LoginResult bootstrap(
            String email, String password, String displayName, String token, String ip, String userAgent) {
        if (!sso.passwordAllowed()) {
            throw ApiException.forbidden(sso.passwordOffMessage());
        }
        Map<String, List<String>> problems = new LinkedHashMap<>();
        Accounts.validateEmail(email, problems);
        Accounts.validatePassword(password, problems);
        if (displayName != null && displayName.length() > 200) {
            problems.put("display_name", List.of("at most 200 characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        em.createNativeQuery("SELECT pg_advisory_xact_lock(?1)")
                .setParameter(1, BOOTSTRAP_LOCK)
                .getSingleResult();
        if (!needed()) {
            throw ApiException.conflict("An admin already exists; sign in instead");
        }
        if (!setupToken.matches(token)) {
            LOG.warning(() -> "Bootstrap refused: missing or wrong setup token (from " + ip + ")");
            throw ApiException.forbidden("A valid setup_token is required: the value of WARDEN_SETUP_TOKEN, or the "
                    + "token in the server log line 'Warden setup token: ...'");
        }
        if (Accounts.findByEmail(em, email) != null) {
            throw ApiException.conflict("A user with this email already exists");
        }
        User user = new User();
        user.setEmail(email.strip());
        user.setDisplayName(displayName == null || displayName.isBlank() ? null : displayName.strip());
        user.setPasswordHash(passwords.hash(password));
        user.setLastLoginAt(Instant.now());
        em.persist(user);
        em.flush();
        em.createNativeQuery("INSERT INTO warden_roles (user_id, role) VALUES (?1, ?2)")
                .setParameter(1, user.getId())
                .setParameter(2, Role.ADMIN.wire())
                .executeUpdate();
        LOG.info(() -> "Bootstrap: first admin created (user " + user.getId() + ")");
        LoginResult result = sessions.start(user, ip, userAgent);
        audit.record("auth.bootstrap", user.getId(), user.getEmail(), ip, userAgent);
        return result;
    }

    /**
     * True while bootstrap is open (no admin exists and none ever did, unless re-opened), i.e. while
     * {@code POST /admin-api/auth/bootstrap} with the setup token would create the first admin (the UI shows its
     * first-run page then).
     */
    public boolean needed() {
        return sso.passwordAllowed() && setupToken.open();
    }
}
