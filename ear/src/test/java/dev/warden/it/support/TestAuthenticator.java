package dev.warden.it.support;

import com.webauthn4j.converter.AttestationObjectConverter;
import com.webauthn4j.converter.AuthenticatorDataConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.data.attestation.AttestationObject;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.authenticator.EC2COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A software passkey for the ITs (docs/security.md, "Passkeys"): a P-256 key, a random credential id and a sign
 * counter, answering registration ({@code none} attestation) and assertion challenges as a browser would send them
 * ({@code PublicKeyCredential} as JSON, byte fields base64url). The wire objects are built with webauthn4j's own data
 * classes and converters; the signature with the JDK.
 */
public final class TestAuthenticator {

    private static final ObjectConverter CONVERTER = new ObjectConverter();

    private final KeyPair keys;
    private final byte[] credentialId = new byte[16];
    /** The sign counter the next assertion reports (set it back to test a cloned authenticator). */
    public long counter = 1;

    /** A new passkey. */
    public TestAuthenticator() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        keys = generator.generateKeyPair();
        new SecureRandom().nextBytes(credentialId);
    }

    /** The credential id, base64url. */
    public String id() {
        return b64(credentialId);
    }

    /**
     * This passkey as Chromium's DevTools {@code WebAuthn.addCredential} takes it (standard base64): a resident
     * credential of {@code rpId} for the user {@code userHandle}, with its private key (PKCS #8) and counter.
     */
    public Map<String, Object> devToolsCredential(String rpId, byte[] userHandle) {
        Map<String, Object> credential = new LinkedHashMap<>();
        credential.put("credentialId", Base64.getEncoder().encodeToString(credentialId));
        credential.put("isResidentCredential", true);
        credential.put("rpId", rpId);
        credential.put(
                "privateKey",
                Base64.getEncoder().encodeToString(keys.getPrivate().getEncoded()));
        credential.put("userHandle", Base64.getEncoder().encodeToString(userHandle));
        credential.put("signCount", (int) counter);
        return credential;
    }

    /**
     * The answer to registration options (their {@code challenge}) for relying party {@code rpId} from {@code origin}.
     */
    public Map<String, Object> register(String challenge, String rpId, String origin) throws Exception {
        AttestedCredentialData attested = new AttestedCredentialData(
                AAGUID.ZERO,
                credentialId,
                EC2COSEKey.create((ECPublicKey) keys.getPublic(), COSEAlgorithmIdentifier.ES256));
        AuthenticatorData<com.webauthn4j.data.extension.authenticator.RegistrationExtensionAuthenticatorOutput> data =
                new AuthenticatorData<>(
                        sha256(rpId.getBytes(StandardCharsets.UTF_8)),
                        (byte) (AuthenticatorData.BIT_UP | AuthenticatorData.BIT_UV | AuthenticatorData.BIT_AT),
                        0,
                        attested);
        byte[] attestation = new AttestationObjectConverter(CONVERTER)
                .convertToBytes(new AttestationObject(data, new NoneAttestationStatement()));
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("clientDataJSON", b64(clientData("webauthn.create", challenge, origin)));
        response.put("attestationObject", b64(attestation));
        return credential(response);
    }

    /**
     * The answer to assertion options (their {@code challenge}) for {@code rpId} from {@code origin}, with user
     * verification when {@code verified}; the counter goes up by one first.
     */
    public Map<String, Object> assertion(String challenge, String rpId, String origin, boolean verified, byte[] user)
            throws Exception {
        counter++;
        byte flags = (byte) (AuthenticatorData.BIT_UP | (verified ? AuthenticatorData.BIT_UV : 0));
        byte[] authData = new AuthenticatorDataConverter(CONVERTER)
                .convert(new AuthenticatorData<>(sha256(rpId.getBytes(StandardCharsets.UTF_8)), flags, counter));
        byte[] clientData = clientData("webauthn.get", challenge, origin);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(keys.getPrivate());
        signer.update(authData);
        signer.update(sha256(clientData));
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("clientDataJSON", b64(clientData));
        response.put("authenticatorData", b64(authData));
        response.put("signature", b64(signer.sign()));
        if (user != null) {
            response.put("userHandle", b64(user));
        }
        return credential(response);
    }

    private Map<String, Object> credential(Map<String, Object> response) {
        Map<String, Object> credential = new LinkedHashMap<>();
        credential.put("id", id());
        credential.put("rawId", id());
        credential.put("type", "public-key");
        credential.put("response", response);
        return credential;
    }

    private static byte[] clientData(String type, String challenge, String origin) {
        return ("{\"type\":\"" + type + "\",\"challenge\":\"" + challenge + "\",\"origin\":\"" + origin
                        + "\",\"crossOrigin\":false}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] sha256(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
