package dev.warden.auth;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.logging.Logger;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Password hashing with PBKDF2 (docs/admin-api.md, "Sign-in"), in the stored form of Jakarta Security's
 * {@code Pbkdf2PasswordHash}, computed with the JDK's own {@code PBKDF2WithHmacSHA256}: no server's Jakarta
 * Security bean is needed (WildFly offers that bean only to applications that declare a Jakarta Security
 * mechanism; docs/decisions/password-hashing-pbkdf2.md), and hashes written by earlier versions verify unchanged.
 *
 * <p>Stored form: {@code PBKDF2WithHmacSHA256:<iterations>:<base64 salt>:<base64 hash>} (32-byte salt, 32-byte
 * hash). The iteration count comes from {@code warden.password.iterations} (default 600000, OWASP's figure for
 * PBKDF2-HMAC-SHA256; at least 1024) and is kept inside every hash, so raising it later does not invalidate
 * existing passwords: a hash with fewer iterations is replaced at the next successful sign-in
 * ({@link #needsRehash}).
 */
@ApplicationScoped
public class Passwords {

    /** Shortest password accepted by bootstrap, reset and the users resource. */
    public static final int MIN_LENGTH = 8;

    /** Fewest PBKDF2 iterations accepted (Jakarta Security implementations such as Liberty's refuse fewer). */
    public static final int MIN_ITERATIONS = 1024;

    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final int SALT_BYTES = 32;
    private static final int KEY_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Logger LOG = Logger.getLogger(Passwords.class.getName());

    @Inject
    @ConfigProperty(name = "warden.password.iterations", defaultValue = "600000")
    int iterations;

    @PostConstruct
    void init() {
        if (iterations < MIN_ITERATIONS) {
            LOG.warning(() -> "warden.password.iterations=" + iterations + " is below the minimum " + MIN_ITERATIONS
                    + "; using " + MIN_ITERATIONS);
            iterations = MIN_ITERATIONS;
        }
    }

    /** Hashes {@code password}; the result never leaves the server. */
    public String hash(String password) {
        return hash(password, iterations);
    }

    /**
     * Hashes {@code password} with {@code rounds} PBKDF2 iterations in the stored form above; also used outside a
     * server by {@link ResetPasswordCommand}, so the command line writes exactly what the server writes.
     */
    static String hash(String password, int rounds) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder();
        return ALGORITHM + ":" + rounds + ":" + b64.encodeToString(salt) + ":"
                + b64.encodeToString(pbkdf2(password, salt, rounds, KEY_BYTES));
    }

    /**
     * True when {@code storedHash} was made with fewer iterations than configured (or cannot be read), so a
     * sign-in that just verified the password should store a new hash.
     */
    public boolean needsRehash(String storedHash) {
        return iterationsOf(storedHash) < iterations;
    }

    /** The iteration count of a stored hash ({@code <algorithm>:<iterations>:<salt>:<hash>}); 0 when unreadable. */
    static int iterationsOf(String storedHash) {
        if (storedHash == null) {
            return 0;
        }
        String[] parts = storedHash.split(":");
        try {
            return parts.length == 4 ? Integer.parseInt(parts[1]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** True when {@code password} matches {@code storedHash}; false for a null or malformed hash. */
    public boolean verify(String password, String storedHash) {
        if (password == null || storedHash == null || storedHash.isBlank()) {
            return false;
        }
        String[] parts = storedHash.split(":");
        if (parts.length != 4 || !ALGORITHM.equals(parts[0])) {
            return false;
        }
        try {
            int rounds = Integer.parseInt(parts[1]);
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            if (rounds < 1 || expected.length == 0) {
                return false;
            }
            return MessageDigest.isEqual(expected, pbkdf2(password, salt, rounds, expected.length));
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    private static byte[] pbkdf2(String password, byte[] salt, int rounds, int keyBytes) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, rounds, keyBytes * 8);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " unavailable", e);
        } finally {
            spec.clearPassword();
        }
    }
}
