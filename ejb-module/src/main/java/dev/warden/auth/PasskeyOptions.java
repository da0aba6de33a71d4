package dev.warden.auth;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;

/**
 * The options objects the browser hands to {@code navigator.credentials.create()} and {@code .get()} (docs/security.md,
 * "Passkeys"), in the JSON form of WebAuthn Level 3 ({@code PublicKeyCredentialCreationOptionsJSON}, byte fields as
 * base64url): discoverable credentials, user verification preferred (required for a passwordless sign-in), no
 * attestation asked.
 */
final class PasskeyOptions {

    private PasskeyOptions() {}

    /** Registration options for {@code userId}, excluding the credentials it holds already. */
    static JsonObject creation(
            byte[] challenge, String rpId, String rpName, long userId, String email, List<String> held) {
        JsonArrayBuilder params = JSON.createArrayBuilder();
        PasskeyVerifier.ALGORITHMS.forEach(a ->
                params.add(JSON.createObjectBuilder().add("type", "public-key").add("alg", a)));
        return JSON.createObjectBuilder()
                .add("rp", JSON.createObjectBuilder().add("id", rpId).add("name", rpName))
                .add(
                        "user",
                        JSON.createObjectBuilder()
                                .add("id", base64url(userHandle(userId)))
                                .add("name", email)
                                .add("displayName", email))
                .add("challenge", base64url(challenge))
                .add("pubKeyCredParams", params)
                .add("timeout", PasskeyChallenges.SECONDS * 1000)
                .add("attestation", "none")
                .add(
                        "authenticatorSelection",
                        JSON.createObjectBuilder()
                                .add("residentKey", "required")
                                .add("requireResidentKey", true)
                                .add("userVerification", "preferred"))
                .add("excludeCredentials", descriptors(held))
                .build();
    }

    /**
     * Assertion options: {@code allowed} credentials (empty for a discoverable sign-in), user verification required
     * or preferred.
     */
    static JsonObject request(byte[] challenge, String rpId, List<String> allowed, boolean userVerification) {
        return JSON.createObjectBuilder()
                .add("challenge", base64url(challenge))
                .add("rpId", rpId)
                .add("timeout", PasskeyChallenges.SECONDS * 1000)
                .add("userVerification", userVerification ? "required" : "preferred")
                .add("allowCredentials", descriptors(allowed))
                .build();
    }

    /** The WebAuthn user handle of {@code userId}: its 8 bytes, big-endian (no personal data). */
    static byte[] userHandle(long userId) {
        return ByteBuffer.allocate(8).putLong(userId).array();
    }

    /** {@code bytes} in base64url without padding. */
    static String base64url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static JsonArrayBuilder descriptors(List<String> ids) {
        JsonArrayBuilder list = JSON.createArrayBuilder();
        ids.forEach(id ->
                list.add(JSON.createObjectBuilder().add("type", "public-key").add("id", id)));
        return list;
    }
}
