package dev.warden.auth;

import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.OptionalLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Time-based one-time passwords as RFC 6238 defines them, with the parameters every authenticator app uses
 * (docs/security.md, "Second factors and step-up"): HMAC-SHA-1, 30-second steps from the Unix epoch, 6 digits, and
 * a window of one step either side of now. Built on the JDK's {@link Mac} (a platform API; no library needed).
 */
public final class Totp {

    /** Seconds per step. */
    public static final long STEP_SECONDS = 30;
    /** Digits per code. */
    public static final int DIGITS = 6;
    /** Bytes of a new secret (160 bits, RFC 4226's recommendation). */
    public static final int SECRET_BYTES = 20;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".toCharArray();

    private Totp() {}

    /** A new random secret of {@value #SECRET_BYTES} bytes. */
    public static byte[] newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        RANDOM.nextBytes(secret);
        return secret;
    }

    /** The step of {@code epochSeconds}: {@code floor(epochSeconds / 30)}. */
    public static long step(long epochSeconds) {
        return Math.floorDiv(epochSeconds, STEP_SECONDS);
    }

    /** The 6-digit code (zero-padded) of {@code secret} at {@code step} (RFC 4226 HOTP with the step as counter). */
    public static String code(byte[] secret, long step) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(secret, "HmacSHA1"));
            byte[] hash = mac.doFinal(ByteBuffer.allocate(8).putLong(step).array());
            int offset = hash[hash.length - 1] & 0x0f;
            int binary = ((hash[offset] & 0x7f) << 24)
                    | ((hash[offset + 1] & 0xff) << 16)
                    | ((hash[offset + 2] & 0xff) << 8)
                    | (hash[offset + 3] & 0xff);
            return String.format("%06d", binary % 1_000_000);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is not available", e);
        }
    }

    /**
     * The step at which {@code code} is valid for {@code secret} within one step of {@code nowStep} and after
     * {@code lastUsedStep} (so a code is never accepted twice); empty when none.
     */
    public static OptionalLong match(byte[] secret, String code, long nowStep, long lastUsedStep) {
        if (code == null || !code.strip().matches("[0-9]{6}")) {
            return OptionalLong.empty();
        }
        String wanted = code.strip();
        for (long step = nowStep - 1; step <= nowStep + 1; step++) {
            if (step > lastUsedStep
                    && java.security.MessageDigest.isEqual(
                            code(secret, step).getBytes(StandardCharsets.US_ASCII),
                            wanted.getBytes(StandardCharsets.US_ASCII))) {
                return OptionalLong.of(step);
            }
        }
        return OptionalLong.empty();
    }

    /** RFC 4648 base32 without padding, as authenticator apps read a secret. */
    public static String base32(byte[] data) {
        StringBuilder out = new StringBuilder((data.length * 8 + 4) / 5);
        int buffer = 0;
        int bits = 0;
        for (byte b : data) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(BASE32[(buffer >> (bits - 5)) & 31]);
                bits -= 5;
            }
        }
        if (bits > 0) {
            out.append(BASE32[(buffer << (5 - bits)) & 31]);
        }
        return out.toString();
    }

    /**
     * The {@code otpauth://totp/} URI of Google Authenticator's key-URI format: label {@code issuer:account},
     * parameters {@code secret}, {@code issuer}, {@code algorithm=SHA1}, {@code digits=6}, {@code period=30}.
     */
    public static String uri(String issuer, String account, byte[] secret) {
        String label = encode(issuer) + ":" + encode(account);
        return "otpauth://totp/" + label + "?secret=" + base32(secret) + "&issuer=" + encode(issuer)
                + "&algorithm=SHA1&digits=" + DIGITS + "&period=" + STEP_SECONDS;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
