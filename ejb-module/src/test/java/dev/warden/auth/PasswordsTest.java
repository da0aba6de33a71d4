package dev.warden.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;

class PasswordsTest {

    private static Passwords passwords(int iterations) {
        Passwords p = new Passwords();
        p.iterations = iterations;
        p.init();
        return p;
    }

    @Test
    void hashesInTheJakartaSecurityFormatAndVerifies() {
        Passwords p = passwords(2000);
        String stored = p.hash("correct horse");
        String[] parts = stored.split(":");
        assertEquals(4, parts.length);
        assertEquals("PBKDF2WithHmacSHA256", parts[0]);
        assertEquals("2000", parts[1]);
        assertEquals(32, Base64.getDecoder().decode(parts[2]).length);
        assertEquals(32, Base64.getDecoder().decode(parts[3]).length);
        assertTrue(p.verify("correct horse", stored));
        assertFalse(p.verify("wrong horse", stored));
    }

    @Test
    void verifiesAHashWrittenElsewhereWithItsOwnIterationCount() throws Exception {
        byte[] salt = new byte[32];
        salt[0] = 7;
        byte[] hash = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec("s3cret-pass".toCharArray(), salt, 1024, 256))
                .getEncoded();
        String stored = "PBKDF2WithHmacSHA256:1024:" + Base64.getEncoder().encodeToString(salt) + ":"
                + Base64.getEncoder().encodeToString(hash);
        assertTrue(passwords(210000).verify("s3cret-pass", stored));
    }

    @Test
    void refusesMalformedHashesAndRaisesLowIterationCounts() {
        Passwords p = passwords(10);
        assertEquals(Passwords.MIN_ITERATIONS, p.iterations);
        for (String bad : new String[] {
            null,
            "",
            "x",
            "PBKDF2WithHmacSHA256:abc:AA==:AA==",
            "PBKDF2WithHmacSHA1:1024:AA==:AA==",
            "PBKDF2WithHmacSHA256:1024:!!:AA=="
        }) {
            assertFalse(p.verify("whatever1", bad));
        }
    }
}
