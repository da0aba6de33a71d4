package dev.warden.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link Totp} against RFC 6238's SHA-1 test vectors, the window and the replay rule. */
class TotpTest {

    private static final byte[] RFC_SECRET = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    @Test
    void rfc6238Sha1VectorsAsSixDigits() {
        // RFC 6238 Appendix B, SHA-1, 8 digits: the last 6 digits are the 6-digit code
        assertEquals("287082", Totp.code(RFC_SECRET, Totp.step(59)));
        assertEquals("081804", Totp.code(RFC_SECRET, Totp.step(1111111109)));
        assertEquals("050471", Totp.code(RFC_SECRET, Totp.step(1111111111)));
        assertEquals("005924", Totp.code(RFC_SECRET, Totp.step(1234567890)));
        assertEquals("279037", Totp.code(RFC_SECRET, Totp.step(2000000000)));
        assertEquals("353130", Totp.code(RFC_SECRET, Totp.step(20000000000L)));
    }

    @Test
    void oneStepEitherSideAndNeverTwice() {
        long now = 1000;
        assertEquals(OptionalLong.of(999), Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, 999), now, 0));
        assertEquals(OptionalLong.of(1001), Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, 1001), now, 0));
        assertTrue(Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, 998), now, 0).isEmpty());
        assertTrue(Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, 1002), now, 0).isEmpty());
        assertTrue(
                Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, 1000), now, 1000).isEmpty(), "used step");
        assertTrue(Totp.match(RFC_SECRET, "12345", now, 0).isEmpty());
        assertTrue(Totp.match(RFC_SECRET, null, now, 0).isEmpty());
    }

    @Test
    void base32AndUri() {
        assertEquals("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", Totp.base32(RFC_SECRET));
        assertEquals("MZXW6", Totp.base32("foo".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(
                "otpauth://totp/Warden:a%40b.c?secret=MZXW6&issuer=Warden&algorithm=SHA1&digits=6&period=30",
                Totp.uri("Warden", "a@b.c", "foo".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void requiredRolesParse() {
        assertEquals(java.util.Set.of(Role.ADMIN), MfaSettings.parseRoles("admin"));
        assertEquals(java.util.Set.of(Role.ADMIN, Role.MOD), MfaSettings.parseRoles(" admin , mod "));
        assertTrue(MfaSettings.parseRoles("none").isEmpty());
        assertTrue(MfaSettings.parseRoles("").isEmpty());
    }
}
