package dev.warden.auth;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;
import java.util.logging.Logger;

/**
 * Password hashing with Jakarta Security's {@link Pbkdf2PasswordHash} (DESIGN.md section 3, "Auth").
 *
 * <p>Stored form: {@code PBKDF2WithHmacSHA256:<iterations>:<base64 salt>:<base64 hash>}. The iteration
 * count comes from {@code warden.password.iterations} (default 210000, at least 1024) and is kept inside every hash,
 * so raising it later does not invalidate existing passwords.
 */
@ApplicationScoped
public class Passwords {

    /** Shortest password accepted by bootstrap, reset and the users resource. */
    public static final int MIN_LENGTH = 8;

    /** Fewest PBKDF2 iterations Jakarta Security implementations accept (Liberty refuses fewer than 1024). */
    public static final int MIN_ITERATIONS = 1024;

    private static final Logger LOG = Logger.getLogger(Passwords.class.getName());

    @Inject
    Pbkdf2PasswordHash hash;

    @Inject
    @ConfigProperty(name = "warden.password.iterations", defaultValue = "210000")
    int iterations;

    @PostConstruct
    void init() {
        if (iterations < MIN_ITERATIONS) {
            LOG.warning(() -> "warden.password.iterations=" + iterations + " is below the minimum "
                    + MIN_ITERATIONS + "; using " + MIN_ITERATIONS);
            iterations = MIN_ITERATIONS;
        }
        hash.initialize(Map.of(
                "Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA256",
                "Pbkdf2PasswordHash.Iterations", Integer.toString(iterations),
                "Pbkdf2PasswordHash.SaltSizeBytes", "32",
                "Pbkdf2PasswordHash.KeySizeBytes", "32"));
    }

    /** Hashes {@code password}; the result never leaves the server. */
    public String hash(String password) {
        return hash.generate(password.toCharArray());
    }

    /** True when {@code password} matches {@code storedHash}; false for a null or malformed hash. */
    public boolean verify(String password, String storedHash) {
        if (password == null || storedHash == null || storedHash.isBlank()) {
            return false;
        }
        try {
            return hash.verify(password.toCharArray(), storedHash);
        } catch (RuntimeException malformed) {
            return false;
        }
    }
}
