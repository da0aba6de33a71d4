package dev.warden.webhooks;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signing secrets (docs/webhooks.md, "Secrets"): {@code whsec_} followed by the base64 of 32 random bytes, shown once
 * when created or rotated; stored sealed with AES-256-GCM under {@code warden.webhooks.secret-key} as
 * {@code aes:<base64 of iv and ciphertext>}, or as {@code plain:<secret>} when no key is configured. Pure.
 */
public final class WebhookSecrets {

    /** The prefix of every secret, as the Standard Webhooks libraries expect it. */
    public static final String PREFIX = "whsec_";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int IV_BYTES = 12;

    private final Optional<SecretKeySpec> key;

    /** Secrets sealed under {@code key} (empty: stored plain). */
    public WebhookSecrets(Optional<SecretKeySpec> key) {
        this.key = key;
    }

    /** A new secret: {@code whsec_} and the base64 of 32 random bytes. */
    public static String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getEncoder().encodeToString(bytes);
    }

    /** The secret's key bytes: the base64 after {@code whsec_} decoded (what signatures are keyed with). */
    public static byte[] keyBytes(String secret) {
        String encoded = secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret;
        return Base64.getDecoder().decode(encoded);
    }

    /** {@code secret} as stored. */
    public String seal(String secret) {
        if (key.isEmpty()) {
            return "plain:" + secret;
        }
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key.get(), new GCMParameterSpec(128, iv));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return "aes:"
                    + Base64.getEncoder()
                            .encodeToString(ByteBuffer.allocate(iv.length + sealed.length)
                                    .put(iv)
                                    .put(sealed)
                                    .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Sealing a webhook secret failed", e);
        }
    }

    /**
     * The secret from its stored form.
     *
     * @throws IllegalStateException when it was sealed and no key (or another key) is configured
     */
    public String open(String stored) {
        if (stored.startsWith("plain:")) {
            return stored.substring("plain:".length());
        }
        if (!stored.startsWith("aes:") || key.isEmpty()) {
            throw new IllegalStateException("A webhook secret is sealed, and warden.webhooks.secret-key is not set");
        }
        try {
            byte[] all = Base64.getDecoder().decode(stored.substring("aes:".length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key.get(), new GCMParameterSpec(128, all, 0, IV_BYTES));
            return new String(cipher.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("A webhook secret does not open with warden.webhooks.secret-key", e);
        }
    }
}
