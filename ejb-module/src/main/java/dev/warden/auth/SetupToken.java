package dev.warden.auth;

import dev.warden.common.Hashing;
import dev.warden.schema.SchemaMigrated;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.Interceptors;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one-time setup token that {@code POST /admin-api/auth/bootstrap} requires (docs/admin-api.md, "Sign-in"), like Jenkins' initial admin password.
 *
 * <p>The token is the value of {@code warden.setup-token} (env {@code WARDEN_SETUP_TOKEN}) when it is set, for
 * automated installs. Otherwise, while bootstrap is open (no admin has ever existed, or an operator re-opened
 * it: docs/operations.md), Warden generates a random token at start, stores only its SHA-256 in
 * {@code warden_setup.token_hash} and logs the token on a line of its own: {@code Warden setup token: <token>}.
 * Each start generates a new one; on several nodes set {@code WARDEN_SETUP_TOKEN} instead (the last node to
 * start would otherwise hold the only valid token). The database trigger of migration V9 clears the hash and
 * closes bootstrap as soon as an admin role row exists.
 *
 * <p>Starts after the schema migration and after the demo seeding (demo mode seeds its admin, so a
 * newcomer never needs the token). When Warden started without its database, the token is made once the schema
 * is migrated ({@link SchemaMigrated}, observed after the demo seeding's observer), not at start.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn({"SchemaMigrator", "DemoSeeder"})
@Lock(LockType.READ)
public class SetupToken {

    /** The log line's prefix; the token follows it. */
    public static final String LOG_PREFIX = "Warden setup token: ";

    private static final Logger LOG = Logger.getLogger(SetupToken.class.getName());

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    @ConfigProperty(name = "warden.setup-token")
    Optional<String> configured;

    @Inject
    SchemaState schema;

    @PostConstruct
    void start() {
        if (schema.isMigrated()) {
            announce();
        }
    }

    /** Makes the token once the database came back after a start without it (after the demo seeding). */
    public void onSchemaMigrated(@Observes @Priority(Interceptor.Priority.APPLICATION + 1000) SchemaMigrated event) {
        announce();
    }

    private void announce() {
        if (!open()) {
            return;
        }
        if (configuredToken().isPresent()) {
            em.createNativeQuery("UPDATE warden_setup SET token_hash = NULL").executeUpdate();
            LOG.info("Bootstrap is open: POST /admin-api/auth/bootstrap accepts the configured setup token "
                    + "(WARDEN_SETUP_TOKEN)");
            return;
        }
        String token = Hashing.randomToken(24);
        em.createNativeQuery("UPDATE warden_setup SET token_hash = ?1")
                .setParameter(1, Hashing.sha256Hex(token))
                .executeUpdate();
        LOG.info("Bootstrap is open: create the first admin at /admin with the setup token on the next line");
        LOG.info(LOG_PREFIX + token);
    }

    /** True while bootstrap may create the first admin: not closed and no admin exists. */
    public boolean open() {
        List<?> closed = em.createNativeQuery("SELECT closed_at IS NOT NULL FROM warden_setup")
                .getResultList();
        if (closed.isEmpty() || Boolean.TRUE.equals(closed.get(0))) {
            return false;
        }
        return ((Number) em.createNativeQuery("SELECT count(*) FROM warden_roles WHERE role = ?1")
                                .setParameter(1, Role.ADMIN.wire())
                                .getSingleResult())
                        .longValue()
                == 0;
    }

    /**
     * True when {@code candidate} is the setup token: the configured one when set, else the one whose hash is
     * stored. Compared in constant time.
     */
    public boolean matches(String candidate) {
        if (candidate == null || candidate.isBlank()) {
            return false;
        }
        Optional<String> token = configuredToken();
        if (token.isPresent()) {
            return equal(Hashing.sha256Hex(candidate.strip()), Hashing.sha256Hex(token.get()));
        }
        List<?> stored = em.createNativeQuery("SELECT token_hash FROM warden_setup WHERE token_hash IS NOT NULL")
                .getResultList();
        return !stored.isEmpty() && equal(Hashing.sha256Hex(candidate.strip()), (String) stored.get(0));
    }

    private Optional<String> configuredToken() {
        return configured.map(String::strip).filter(t -> !t.isEmpty());
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
