package dev.warden.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import javax.sql.DataSource;

/**
 * An operator's passkeys (docs/security.md, "Passkeys"): registration (options, then the browser's answer), rename,
 * removal, and the check of an assertion that the second step of sign-in, step-up and the passwordless sign-in share.
 * At most {@value #MAX_PER_OPERATOR} passkeys each, names of at most {@value #MAX_NAME} characters.
 *
 * <p>Audit (resource {@code auth}, payload {@code {email, ip, userAgent, method: webauthn}}; never a key or a
 * challenge): {@code auth.mfa_enrolled}, {@code auth.mfa_removed}, {@code auth.mfa_failed} with
 * {@code reason: sign_counter} for a counter that went back (the passkey may be cloned).
 */
@Stateless
public class Passkeys {

    /** Passkeys per operator. */
    public static final int MAX_PER_OPERATOR = 20;
    /** Characters of a passkey's name. */
    public static final int MAX_NAME = 100;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    MfaSettings settings;

    @EJB
    PasskeyChallenges challenges;

    @EJB
    FactorEnrolment enrolment;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    /**
     * {@code POST /auth/mfa/webauthn/options}: registration options for the current session's operator (one
     * challenge per session, the newest wins).
     *
     * @throws ApiException 409 for a bearer token (no session) or at {@value #MAX_PER_OPERATOR} passkeys
     */
    public JsonObject registrationOptions(Operator operator) {
        requireSession(operator);
        List<String> held = credentialIds(operator.userId());
        if (held.size() >= MAX_PER_OPERATOR) {
            throw ApiException.conflict("You hold " + MAX_PER_OPERATOR + " passkeys already; remove one first");
        }
        byte[] challenge = challenges.issue("webauthn-register:" + operator.sessionId(), operator.userId());
        return PasskeyOptions.creation(
                challenge, settings.rpId(), settings.issuer(), operator.userId(), operator.email(), held);
    }

    /**
     * {@code POST /auth/mfa/webauthn {name, credential}}: verifies the browser's answer to this session's registration
     * challenge and stores the passkey; the session has then proved a factor. The operator's first factor comes with
     * a set of recovery codes.
     *
     * @return {@code {id, name}} and, for a first factor, {@code recovery_codes} (shown once)
     * @throws ApiException 409 without a live registration challenge (one use) or for a passkey registered already;
     *                      422 for a missing or long name or an answer that does not verify
     */
    public JsonObject register(Operator operator, String name, JsonObject credential, String ip, String userAgent) {
        requireSession(operator);
        String label = name(name);
        PasskeyChallenges.Taken taken = challenges
                .take("webauthn-register:" + operator.sessionId())
                .filter(t -> t.userId() != null && t.userId() == operator.userId())
                .orElseThrow(() -> ApiException.conflict("The passkey request has ended; add the passkey again"));
        var registered = PasskeyVerifier.register(credential, taken.challenge(), settings.rpId(), origins());
        boolean first = !enrolment.holdsFactor(operator.userId());
        long id = Sql.first(
                        dataSource,
                        "Storing a passkey",
                        """
                        INSERT INTO warden_mfa_passkeys (user_id, credential_id, name, attested, sign_count)
                        VALUES (?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING RETURNING id""",
                        rs -> rs.getLong(1),
                        operator.userId(),
                        registered.credentialId(),
                        label,
                        registered.attested(),
                        registered.signCount())
                .orElseThrow(() -> ApiException.conflict("This passkey is registered already"));
        sessions.markFactor(operator.sessionId());
        audit.record(
                "auth.mfa_enrolled", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "webauthn"));
        JsonObjectBuilder answer = JSON.createObjectBuilder().add("id", id).add("name", label);
        if (first) {
            answer.add("recovery_codes", enrolment.issueRecoveryCodes(operator.userId()));
        }
        return answer.build();
    }

    /**
     * {@code PATCH /auth/mfa/webauthn/:id {name}}: renames one of the operator's own passkeys.
     *
     * @return {@code {id, name}}
     * @throws ApiException 404 for a passkey that is not the operator's; 422 for a missing or long name
     */
    public JsonObject rename(Operator operator, String id, String name) {
        String label = name(name);
        long key = key(id);
        if (Sql.update(
                        dataSource,
                        "Renaming a passkey",
                        "UPDATE warden_mfa_passkeys SET name = ? WHERE id = ? AND user_id = ?",
                        label,
                        key,
                        operator.userId())
                == 0) {
            throw ApiException.notFound("No passkey of yours with id '" + id + "'");
        }
        return JSON.createObjectBuilder().add("id", key).add("name", label).build();
    }

    /**
     * {@code DELETE /auth/mfa/webauthn/:id} (a step-up route): removes one of the operator's own passkeys, and the
     * recovery codes when no factor is left. Audited {@code auth.mfa_removed {method: webauthn}}.
     *
     * @throws ApiException 404 for a passkey that is not the operator's
     */
    public void remove(Operator operator, String id, String ip, String userAgent) {
        if (Sql.update(
                        dataSource,
                        "Removing a passkey",
                        "DELETE FROM warden_mfa_passkeys WHERE id = ? AND user_id = ?",
                        key(id),
                        operator.userId())
                == 0) {
            throw ApiException.notFound("No passkey of yours with id '" + id + "'");
        }
        enrolment.dropRecoveryCodesWhenAlone(operator.userId());
        audit.record(
                "auth.mfa_removed", operator.userId(), operator.email(), ip, userAgent, Map.of("method", "webauthn"));
    }

    /**
     * Issues an assertion challenge under {@code challengeId} for {@code userId}'s passkeys (user verification
     * preferred): the second step of sign-in and step-up.
     *
     * @return the options for {@code navigator.credentials.get()}
     * @throws ApiException 409 when the user holds no passkey
     */
    public JsonObject assertionOptions(long userId, String challengeId) {
        List<String> held = credentialIds(userId);
        if (held.isEmpty()) {
            throw ApiException.conflict("You hold no passkey; use a code");
        }
        return PasskeyOptions.request(challenges.issue(challengeId, userId), settings.rpId(), held, false);
    }

    /**
     * Checks an assertion of {@code userId} against the challenge under {@code challengeId} (taken: one use) and
     * records the passkey's use.
     *
     * @return true when it verifies; false for a missing or used challenge, another user's or an unknown passkey, a
     *         wrong origin, relying party or signature, or a sign counter that went back (audited then)
     */
    public boolean prove(
            long userId, String challengeId, JsonObject credential, String email, String ip, String userAgent) {
        Optional<PasskeyChallenges.Taken> taken = challenges.take(challengeId);
        if (taken.isEmpty() || taken.get().userId() == null || taken.get().userId() != userId) {
            return false;
        }
        OptionalLong owner = verify(taken.get().challenge(), credential, false, ip, userAgent);
        return owner.isPresent() && owner.getAsLong() == userId;
    }

    /**
     * Checks an assertion against {@code challenge}, whoever's passkey it is, and records its use (counter, last use).
     *
     * @param userVerification true to refuse an assertion without user verification
     * @return the passkey's owner when it verifies; empty otherwise (a counter that went back is audited)
     */
    public OptionalLong verify(
            byte[] challenge, JsonObject credential, boolean userVerification, String ip, String userAgent) {
        String credentialId = PasskeyVerifier.credentialId(credential);
        Optional<Stored> stored = Sql.first(
                dataSource,
                "Reading a passkey",
                """
                SELECT p.id, p.user_id, p.attested, p.sign_count, u.email FROM warden_mfa_passkeys p
                JOIN warden_users u ON u.id = p.user_id WHERE p.credential_id = ?""",
                rs -> new Stored(rs.getLong(1), rs.getLong(2), rs.getBytes(3), rs.getLong(4), rs.getString(5)),
                credentialId);
        if (stored.isEmpty()) {
            return OptionalLong.empty();
        }
        Stored key = stored.get();
        try {
            var asserted = PasskeyVerifier.assertion(
                    credential,
                    challenge,
                    settings.rpId(),
                    origins(),
                    key.attested(),
                    key.signCount(),
                    userVerification);
            Sql.update(
                    dataSource,
                    "Recording a passkey's use",
                    "UPDATE warden_mfa_passkeys SET sign_count = GREATEST(sign_count, ?), last_used_at = now()"
                            + " WHERE id = ?",
                    asserted.signCount(),
                    key.id());
            return OptionalLong.of(key.userId());
        } catch (PasskeyVerifier.Refused refused) {
            if (refused.counterRegressed()) {
                audit.record(
                        "auth.mfa_failed",
                        key.userId(),
                        key.email(),
                        ip,
                        userAgent,
                        Map.of("method", "webauthn", "reason", "sign_counter", "passkey", String.valueOf(key.id())));
            }
            return OptionalLong.empty();
        }
    }

    /** The owner of the passkey with {@code credentialId} (base64url), if it is registered. */
    public Optional<Long> owner(String credentialId) {
        return Sql.first(
                dataSource,
                "Reading a passkey's owner",
                "SELECT user_id FROM warden_mfa_passkeys WHERE credential_id = ?",
                rs -> rs.getLong(1),
                credentialId);
    }

    private record Stored(long id, long userId, byte[] attested, long signCount, String email) {}

    private List<String> credentialIds(long userId) {
        return Sql.list(
                dataSource,
                "Listing passkey ids",
                "SELECT credential_id FROM warden_mfa_passkeys WHERE user_id = ? ORDER BY id",
                rs -> rs.getString(1),
                userId);
    }

    private Set<com.webauthn4j.data.client.Origin> origins() {
        return Set.of(new com.webauthn4j.data.client.Origin(settings.origin()));
    }

    private static void requireSession(Operator operator) {
        if (operator.sessionId() == null) {
            throw ApiException.conflict("Passkeys are added in a signed-in session; a bearer token cannot add one");
        }
    }

    private static String name(String name) {
        Accounts.requireField("name", name);
        String label = name.strip();
        if (label.isEmpty() || label.length() > MAX_NAME) {
            throw ApiException.invalid("name", "Give the passkey a name of 1 to " + MAX_NAME + " characters");
        }
        return label;
    }

    private static long key(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No passkey of yours with id '" + id + "'");
        }
    }
}
