package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Step-up (docs/security.md, "Second factors and step-up"): the current session proves a factor again, so that the
 * step-up routes pass for {@code warden.mfa.step-up-seconds}; 5 attempts per session in 5 minutes.
 *
 * <p>Audit: {@code auth.step_up {method}}, {@code auth.mfa_failed} for a wrong code.
 */
@Stateless
public class StepUp {

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    MfaSettings settings;

    @EJB
    MfaAttempts attempts;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    @EJB
    SecondFactors factors;

    @EJB
    FactorChecks checks;

    @EJB
    Passkeys passkeys;

    /**
     * Step-up: proves a factor again for the current session (a code, or a passkey answering {@link #passkeyOptions}),
     * 5 attempts per session in 5 minutes.
     *
     * @return until when step-up routes pass
     * @throws ApiException 401 {@code invalid_code}; 429 past the attempts; 409 when the operator holds no factor
     *                      or signed in by a bearer token; 422 for another method or a missing code or credential
     */
    public Instant stepUp(Operator operator, FactorProof proof, String ip, String userAgent) {
        String kind = proof.requireShape();
        requireSession(operator);
        if (factors.methods(operator.userId()).isEmpty()) {
            throw ApiException.conflict("You hold no second factor; enrol one on the Security page first");
        }
        if (!attempts.countStepUp(operator.sessionId(), operator.userId())) {
            throw new ApiException(ErrorCode.RATE_LIMITED, "Too many wrong codes; try again in a few minutes")
                    .withHeaders(Map.of("Retry-After", "300"));
        }
        if (!checks.check(operator.userId(), challengeId(operator), proof, operator.email(), ip, userAgent)) {
            checks.fail(operator.userId(), operator.email(), kind, ip, userAgent);
        }
        return proved(operator, kind, ip, userAgent);
    }

    /**
     * {@code POST /auth/step-up/options}: a passkey challenge for step-up, bound to the current session (one use).
     *
     * @return the options for {@code navigator.credentials.get()}
     * @throws ApiException 409 for a bearer token or an operator without a passkey
     */
    public JsonObject passkeyOptions(Operator operator) {
        requireSession(operator);
        return passkeys.assertionOptions(operator.userId(), challengeId(operator));
    }

    private static String challengeId(Operator operator) {
        return "webauthn-stepup:" + operator.sessionId();
    }

    private static void requireSession(Operator operator) {
        if (operator.sessionId() == null) {
            throw ApiException.conflict("Step-up needs a session; a bearer token cannot step up");
        }
    }

    /** Marks the session as having proved a factor now, audits {@code auth.step_up}; the end of the window. */
    Instant proved(Operator operator, String method, String ip, String userAgent) {
        Sql.update(
                dataSource,
                "Ending step-up attempts",
                "DELETE FROM warden_mfa_pending WHERE id = ?",
                "stepup:" + operator.sessionId());
        sessions.markFactor(operator.sessionId());
        audit.record("auth.step_up", operator.userId(), operator.email(), ip, userAgent, Map.of("method", method));
        return Instant.now().plus(settings.stepUpWindow());
    }
}
