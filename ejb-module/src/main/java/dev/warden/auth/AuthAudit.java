package dev.warden.auth;

import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Builds the {@code auth.*} audit entries
 * (docs/admin-api.md, "Events": {@code resource = auth}, payload {@code {email?, ip, userAgent}})
 * and records them through the one audit path, {@link AuditTrail}: a sign-in
 * event once its transaction committed, {@code auth.login_failed} whatever the sign-in's transaction does (it rolls
 * back on 401/403, the entry survives). A failed write is logged and counted, never thrown
 * (docs/admin-api.md, "Audit recording from own code" rule 1).
 */
@ApplicationScoped
public class AuthAudit {

    /** The attempt whose entry survives the rollback of the sign-in that records it. */
    static final String LOGIN_FAILED = "auth.login_failed";

    /** A refused second-factor code: its entry, too, survives the refusal's rollback. */
    static final String MFA_FAILED = "auth.mfa_failed";

    @Inject
    AuditTrail trail;

    /**
     * Records {@code action} for user {@code userId} (null when no user is known, e.g. an unknown email).
     *
     * @param email the email as sent or the user's email, cut to {@value Accounts#MAX_EMAIL} characters; may be null
     */
    public void record(String action, Long userId, String email, String ip, String userAgent) {
        record(action, userId, email, ip, userAgent, java.util.Map.of());
    }

    /**
     * {@link #record(String, Long, String, String, String)} with further payload fields ({@code method} {@code password} or {@code sso}, {@code provider}, a failure's {@code reason}). Never a
     * token, code or secret: keys naming one are dropped ({@link AuditPayloads#isSecret}).
     */
    public void record(
            String action,
            Long userId,
            String email,
            String ip,
            String userAgent,
            java.util.Map<String, String> extra) {
        AuditRecord entry = new AuditRecord(
                userId,
                action,
                "auth",
                null,
                AuditPayloads.auth(Accounts.truncate(email, Accounts.MAX_EMAIL), ip, userAgent, extra));
        if (LOGIN_FAILED.equals(action) || MFA_FAILED.equals(action)) {
            trail.evenOnRollback(entry);
        } else {
            trail.afterCommit(entry);
        }
    }
}
