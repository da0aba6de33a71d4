package dev.warden.auth;

import com.webauthn4j.WebAuthnManager;
import com.webauthn4j.converter.AttestedCredentialDataConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationData;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticationRequest;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.RegistrationRequest;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.server.ServerProperty;
import com.webauthn4j.verifier.exception.MaliciousCounterValueException;
import dev.warden.common.ApiException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Base64;
import java.util.List;
import java.util.Set;

/**
 * The WebAuthn checks of passkey ceremonies, done by webauthn4j (docs/decisions/passkeys-with-webauthn4j.md): the
 * client data's type, challenge and origin, the relying-party id hash, user presence (and user verification when
 * asked), the signature and the sign counter. Credentials travel as the browser's {@code PublicKeyCredential} in JSON
 * with base64url byte fields: {@code {id, response: {clientDataJSON, attestationObject}}} for a registration,
 * {@code {id, response: {clientDataJSON, authenticatorData, signature, userHandle}}} for an assertion.
 */
final class PasskeyVerifier {

    /** ES256, EdDSA and RS256: what platform authenticators and security keys sign with. */
    static final List<Long> ALGORITHMS = List.of(-7L, -8L, -257L);

    private static final ObjectConverter CONVERTER = new ObjectConverter();
    private static final WebAuthnManager MANAGER = WebAuthnManager.createNonStrictWebAuthnManager(CONVERTER);
    private static final AttestedCredentialDataConverter ATTESTED = new AttestedCredentialDataConverter(CONVERTER);
    /** The longest byte field taken from a client, base64url: bounds the work done for a hostile body. */
    private static final int MAX_FIELD = 16_384;

    private PasskeyVerifier() {}

    /** A verified registration: the credential id (base64url), the credential data to store and the counter. */
    record Registered(String credentialId, byte[] attested, long signCount) {}

    /** A verified assertion: the new counter and whether the authenticator verified the user. */
    record Asserted(long signCount, boolean userVerified) {}

    /** Why an assertion was refused. */
    static final class Refused extends Exception {
        private final boolean counterRegressed;

        Refused(String message, boolean counterRegressed) {
            super(message, null, false, false);
            this.counterRegressed = counterRegressed;
        }

        /** True when the signature was good but the sign counter went back (a cloned authenticator). */
        boolean counterRegressed() {
            return counterRegressed;
        }
    }

    /**
     * Verifies a registration against {@code challenge}.
     *
     * @throws ApiException 422 {@code invalid_request} (field {@code credential}) for a response that does not verify
     */
    static Registered register(JsonObject credential, byte[] challenge, String rpId, Set<Origin> origins) {
        JsonObject response = response(credential);
        RegistrationRequest request =
                new RegistrationRequest(bytes(response, "attestationObject"), bytes(response, "clientDataJSON"));
        List<PublicKeyCredentialParameters> params = ALGORITHMS.stream()
                .map(a -> new PublicKeyCredentialParameters(
                        PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.create(a)))
                .toList();
        try {
            RegistrationData data = MANAGER.verify(
                    request, new RegistrationParameters(server(challenge, rpId, origins), params, false, true));
            var authData = data.getAttestationObject().getAuthenticatorData();
            AttestedCredentialData attested = authData.getAttestedCredentialData();
            return new Registered(
                    PasskeyOptions.base64url(attested.getCredentialId()),
                    ATTESTED.convert(attested),
                    authData.getSignCount());
        } catch (RuntimeException e) {
            // webauthn4j's refusals (VerificationException, DataConversionException) and whatever a hostile body makes
            // its parsers throw: a refused answer, never a 500
            throw ApiException.invalid(
                    "credential",
                    "The passkey's answer does not verify: " + e.getClass().getSimpleName());
        }
    }

    /**
     * Verifies an assertion of the stored credential {@code attested} whose counter is {@code signCount}.
     *
     * @throws Refused when it does not verify (a wrong origin, relying party, challenge or signature, no user
     *                 verification when required, a counter that went back)
     */
    static Asserted assertion(
            JsonObject credential,
            byte[] challenge,
            String rpId,
            Set<Origin> origins,
            byte[] attested,
            long signCount,
            boolean userVerification)
            throws Refused {
        try {
            JsonObject response = response(credential);
            AuthenticationRequest request = new AuthenticationRequest(
                    Base64.getUrlDecoder().decode(field(credential, "id")),
                    optionalBytes(response, "userHandle"),
                    bytes(response, "authenticatorData"),
                    bytes(response, "clientDataJSON"),
                    null,
                    bytes(response, "signature"));
            CredentialRecordImpl record = new CredentialRecordImpl(
                    new NoneAttestationStatement(),
                    null,
                    null,
                    null,
                    signCount,
                    ATTESTED.convert(attested),
                    null,
                    null,
                    null,
                    null);
            AuthenticationData data = MANAGER.verify(
                    request,
                    new AuthenticationParameters(
                            server(challenge, rpId, origins), record, null, userVerification, true));
            var authData = data.getAuthenticatorData();
            return new Asserted(authData.getSignCount(), authData.isFlagUV());
        } catch (MaliciousCounterValueException e) {
            throw new Refused("The passkey's sign counter went back", true);
        } catch (RuntimeException e) {
            throw new Refused(e.getClass().getSimpleName(), false);
        }
    }

    /** The credential id of an assertion (base64url), or 422 without one. */
    static String credentialId(JsonObject credential) {
        String id = field(credential, "id");
        try {
            Base64.getUrlDecoder().decode(id);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("credential", "id is not base64url");
        }
        return id;
    }

    private static ServerProperty server(byte[] challenge, String rpId, Set<Origin> origins) {
        return ServerProperty.builder()
                .origins(origins)
                .rpId(rpId)
                .challenge(new DefaultChallenge(challenge))
                .build();
    }

    private static JsonObject response(JsonObject credential) {
        if (credential == null || !(credential.get("response") instanceof JsonObject response)) {
            throw ApiException.invalid("credential", "Send the passkey's answer as {id, response: {...}}");
        }
        return response;
    }

    private static String field(JsonObject object, String name) {
        JsonValue value = object == null ? null : object.get(name);
        if (!(value instanceof JsonString s)
                || s.getString().isEmpty()
                || s.getString().length() > MAX_FIELD) {
            throw ApiException.invalid("credential", "The passkey's answer lacks " + name);
        }
        return s.getString();
    }

    private static byte[] bytes(JsonObject object, String name) {
        try {
            return Base64.getUrlDecoder().decode(field(object, name));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("credential", name + " is not base64url");
        }
    }

    private static byte[] optionalBytes(JsonObject object, String name) {
        return object.get(name) instanceof JsonString ? bytes(object, name) : null;
    }
}
