package dev.warden.auth;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;

/**
 * Encrypts TOTP secrets at rest with AES-GCM (a 12-byte random nonce, then the ciphertext and its 16-byte tag) under
 * {@code warden.mfa.encryption-key}, or, when that key is not set, the key generated in {@code warden_mfa_key} by the
 * migration (docs/security.md, "Second factors and step-up": a database dump alone then still holds the key; set the
 * configuration key in production).
 */
@ApplicationScoped
public class SecretBox {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    MfaSettings settings;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    private volatile SecretKeySpec key;

    /** {@code plain} encrypted: nonce, ciphertext and tag. */
    public byte[] seal(byte[] plain) {
        try {
            byte[] nonce = new byte[12];
            RANDOM.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(128, nonce));
            byte[] sealed = cipher.doFinal(plain);
            return ByteBuffer.allocate(nonce.length + sealed.length)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Encrypting a second-factor secret failed", e);
        }
    }

    /**
     * The plain bytes of {@link #seal}'s output.
     *
     * @throws IllegalStateException when the key does not open it (the key changed)
     */
    public byte[] open(byte[] sealed) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(128, sealed, 0, 12));
            return cipher.doFinal(sealed, 12, sealed.length - 12);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "A second-factor secret does not open with the current key (warden.mfa.encryption-key changed?)",
                    e);
        }
    }

    private SecretKeySpec key() {
        SecretKeySpec k = key;
        if (k == null) {
            byte[] raw = settings.encryptionKey()
                    .map(value -> Base64.getDecoder().decode(value.strip()))
                    .orElseGet(() -> Sql.first(
                                    dataSource,
                                    "Reading the second-factor key",
                                    "SELECT key FROM warden_mfa_key WHERE id = 1",
                                    rs -> rs.getBytes(1))
                            .orElseThrow(() -> new IllegalStateException("warden_mfa_key has no row")));
            if (raw.length != 16 && raw.length != 24 && raw.length != 32) {
                throw new IllegalStateException("warden.mfa.encryption-key must be base64 of 16, 24 or 32 bytes");
            }
            k = new SecretKeySpec(raw, "AES");
            key = k;
        }
        return k;
    }
}
