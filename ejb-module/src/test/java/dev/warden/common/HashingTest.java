package dev.warden.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Unit tests for {@link Hashing}: SHA-256 hex digests and random tokens. */
class HashingTest {

    @Test
    void sha256OfAbcIsTheKnownVector() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Hashing.sha256Hex("abc"));
    }

    @Test
    void sha256OfEmptyStringIsTheKnownVector() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Hashing.sha256Hex(""));
    }

    @Test
    void sha256OfTheTwoBlockVector() {
        assertEquals(
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                Hashing.sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"));
    }

    @Test
    void sha256HashesUtf8Bytes() {
        // "é" is C3 A9 in UTF-8 (the Latin-1 byte E9 would give de2e331d...).
        assertEquals("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c", Hashing.sha256Hex("é"));
        assertNotEquals(Hashing.sha256Hex("e"), Hashing.sha256Hex("é"));
    }

    @Test
    void sha256IsLowerCaseHexOf64Characters() {
        for (String value : new String[] {"a", "warden", "x".repeat(10_000), "☃"}) {
            String hex = Hashing.sha256Hex(value);
            assertTrue(hex.matches("[0-9a-f]{64}"), hex);
        }
    }

    @Test
    void sha256IsDeterministic() {
        assertEquals(Hashing.sha256Hex("session-cookie"), Hashing.sha256Hex("session-cookie"));
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "1, 2", "2, 3", "3, 4", "16, 22", "32, 43", "48, 64"})
    void randomTokenLengthIsUnpaddedBase64(int bytes, int chars) {
        assertEquals(chars, Hashing.randomToken(bytes).length());
    }

    @Test
    void randomTokenUsesTheUrlSafeAlphabetWithoutPadding() {
        for (int i = 0; i < 200; i++) {
            String token = Hashing.randomToken(32);
            assertTrue(token.matches("[A-Za-z0-9_-]{43}"), token);
        }
    }

    @Test
    void randomTokenDecodesToTheRequestedBytes() {
        assertEquals(32, Base64.getUrlDecoder().decode(Hashing.randomToken(32)).length);
        assertEquals(5, Base64.getUrlDecoder().decode(Hashing.randomToken(5)).length);
    }

    @Test
    void randomTokensAreUnique() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(seen.add(Hashing.randomToken(32)), "duplicate token after " + i);
        }
    }

    @Test
    void shortRandomTokensStillVary() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            seen.add(Hashing.randomToken(8));
        }
        assertTrue(seen.size() > 95, "only " + seen.size() + " distinct 8-byte tokens");
    }
}
