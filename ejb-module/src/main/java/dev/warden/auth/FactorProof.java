package dev.warden.auth;

import dev.warden.common.ApiException;
import jakarta.json.JsonObject;

/**
 * A proof of a second factor as the second step of sign-in and step-up take it (docs/security.md, "Second factors
 * and step-up"): {@code {method: totp|recovery, code}} or {@code {method: webauthn, credential}}.
 *
 * @param method     {@code totp}, {@code recovery} or {@code webauthn}
 * @param code       the code of {@code totp} and {@code recovery}
 * @param credential the browser's assertion for {@code webauthn} ({@link Passkeys})
 */
public record FactorProof(String method, String code, JsonObject credential) {

    /** True for a passkey's assertion. */
    public boolean passkey() {
        return "webauthn".equals(method);
    }

    /**
     * Checks the shape: a known method with its code or credential.
     *
     * @return the method
     * @throws ApiException 422 {@code invalid_request} for another method or a missing code or credential
     */
    String requireShape() {
        if (passkey()) {
            if (credential == null) {
                throw ApiException.invalid("credential", "Send the passkey's answer");
            }
            return method;
        }
        String kind = FactorChecks.requireCodeMethod(method);
        Accounts.requireField("code", code);
        return kind;
    }
}
