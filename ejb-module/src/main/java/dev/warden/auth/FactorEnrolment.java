package dev.warden.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * An operator's own enrolment of TOTP and recovery codes (docs/security.md, "Second factors and step-up"): start and
 * confirm an authenticator app, remove it, regenerate the recovery codes.
 *
 * <p>Audit (resource {@code auth}, payload {@code {email, ip, userAgent, method}}; never a secret or a code):
 * {@code auth.mfa_enrolled}, {@code auth.mfa_removed}.
 */
@Stateless
public class FactorEnrolment {

    /** Recovery codes per set. */
    public static final int RECOVERY_CODES = 10;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    SecretBox box;

    @Inject
    MfaSettings settings;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    @EJB
    SecondFactors factors;

    /**
     * {@code POST /auth/mfa/totp}: a new secret, pending until confirmed (replacing an unconfirmed one).
     *
     * @return {@code {secret, otpauth_uri}}
     * @throws ApiException 409 while a confirmed TOTP exists (remove it first)
     */
    public JsonObject startTotp(Operator operator) {
        byte[] secret = Totp.newSecret();
        int changed = Sql.update(
                dataSource,
                "Starting TOTP enrolment",
                """
                INSERT INTO warden_mfa_totp (user_id, secret, confirmed) VALUES (?, ?, false)
                ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = 0, created_at = now()
                WHERE NOT warden_mfa_totp.confirmed""",
                operator.userId(),
                box.seal(secret));
        if (changed == 0) {
            throw ApiException.conflict("An authenticator app is enrolled already; remove it first");
        }
        return JSON.createObjectBuilder()
                .add("secret", Totp.base32(secret))
                .add("otpauth_uri", Totp.uri(settings.issuer(), operator.email(), secret))
                .build();
    }

    /**
     * {@code POST /auth/mfa/totp/confirm {code}}: confirms the pending secret with a first code; the session has then
     * proved a factor. Audited {@code auth.mfa_enrolled {method: totp}}.
     *
     * @return {@code {recovery_codes: [10 strings]}}, shown once (a new set replaces any older one)
     * @throws ApiException 409 without a pending secret; 422 {@code invalid_request} for a wrong code
     */
    public JsonObject confirmTotp(Operator operator, String code, String ip, String userAgent) {
        Accounts.requireField("code", code);
        Optional<byte[]> secret = Sql.first(
                dataSource,
                "Reading a pending TOTP",
                "SELECT secret FROM warden_mfa_totp WHERE user_id = ? AND NOT confirmed",
                rs -> rs.getBytes(1),
                operator.userId());
        if (secret.isEmpty()) {
            throw ApiException.conflict("No authenticator app is waiting for confirmation; start again");
        }
        OptionalLong step = Totp.match(box.open(secret.get()), code, FactorChecks.nowStep(), 0);
        if (step.isEmpty()) {
            throw ApiException.invalid("code", "The code does not match; check the app's clock and try the next code");
        }
        Sql.update(
                dataSource,
                "Confirming TOTP",
                "UPDATE warden_mfa_totp SET confirmed = true, last_step = ? WHERE user_id = ?",
                step.getAsLong(),
                operator.userId());
        List<String> codes = newRecoveryCodes(operator.userId());
        if (operator.sessionId() != null) {
            sessions.markFactor(operator.sessionId());
        }
        audit.record("auth.mfa_enrolled", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "totp"));
        return recoveryCodes(codes);
    }

    /**
     * {@code POST /auth/mfa/recovery-codes}: a new set of recovery codes, the old set void. Audited
     * {@code auth.mfa_enrolled {method: recovery}}.
     *
     * @throws ApiException 409 when the operator holds no factor (codes back one up)
     */
    public JsonObject regenerateRecoveryCodes(Operator operator, String ip, String userAgent) {
        if (!holdsFactor(operator.userId())) {
            throw ApiException.conflict("Enrol an authenticator app or a passkey first");
        }
        List<String> codes = newRecoveryCodes(operator.userId());
        audit.record(
                "auth.mfa_enrolled", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "recovery"));
        return recoveryCodes(codes);
    }

    /**
     * {@code DELETE /auth/mfa/totp}: removes the authenticator app (and the recovery codes when no factor is left).
     * Audited {@code auth.mfa_removed {method: totp}}.
     *
     * @throws ApiException 404 when none is enrolled
     */
    public void deleteTotp(Operator operator, String ip, String userAgent) {
        int removed = Sql.update(
                dataSource,
                "Removing TOTP",
                "DELETE FROM warden_mfa_totp WHERE user_id = ? AND confirmed",
                operator.userId());
        if (removed == 0) {
            throw ApiException.notFound("No authenticator app is enrolled");
        }
        dropRecoveryCodesWhenAlone(operator.userId());
        audit.record("auth.mfa_removed", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "totp"));
    }

    /** Deletes the recovery codes of a user who holds no factor any more. */
    public void dropRecoveryCodesWhenAlone(long userId) {
        Sql.update(
                dataSource,
                "Dropping recovery codes",
                """
                DELETE FROM warden_mfa_recovery_codes WHERE user_id = ?
                  AND NOT EXISTS (SELECT 1 FROM warden_mfa_totp WHERE user_id = ? AND confirmed)
                  AND NOT EXISTS (SELECT 1 FROM warden_mfa_passkeys WHERE user_id = ?)""",
                userId,
                userId,
                userId);
    }

    /** True when {@code userId} holds an authenticator app or a passkey. */
    public boolean holdsFactor(long userId) {
        List<String> held = factors.methods(userId);
        return held.contains("totp") || held.contains("webauthn");
    }

    /** A new set of recovery codes for {@code userId} (the old set void), as a JSON array shown once. */
    public JsonArray issueRecoveryCodes(long userId) {
        return recoveryCodes(newRecoveryCodes(userId)).getJsonArray("recovery_codes");
    }

    private List<String> newRecoveryCodes(long userId) {
        List<String> codes = new ArrayList<>();
        Sql.with(dataSource, "Storing recovery codes", c -> {
            Sql.update(c, "DELETE FROM warden_mfa_recovery_codes WHERE user_id = ?", userId);
            for (int i = 0; i < RECOVERY_CODES; i++) {
                String code = recoveryCode();
                codes.add(code);
                Sql.update(
                        c,
                        "INSERT INTO warden_mfa_recovery_codes (user_id, code_hash) VALUES (?, ?)",
                        userId,
                        Hashing.sha256Hex(normalise(code)));
            }
            return null;
        });
        return codes;
    }

    private static JsonObject recoveryCodes(List<String> codes) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        codes.forEach(array::add);
        return JSON.createObjectBuilder().add("recovery_codes", array).build();
    }

    /** A recovery code: two groups of five characters (about 49 bits), e.g. {@code k7m2p-x9qrt}. */
    static String recoveryCode() {
        StringBuilder code = new StringBuilder(11);
        for (int i = 0; i < 10; i++) {
            if (i == 5) {
                code.append('-');
            }
            code.append(CODE_ALPHABET.charAt(RANDOM.nextInt(CODE_ALPHABET.length())));
        }
        return code.toString();
    }

    /** A recovery code as stored: lower case, without dashes or spaces. */
    static String normalise(String code) {
        return code.strip().toLowerCase(Locale.ROOT).replace("-", "").replace(" ", "");
    }
}
