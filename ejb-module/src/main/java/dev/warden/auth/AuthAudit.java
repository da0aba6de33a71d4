package dev.warden.auth;

import dev.warden.panel.audit.AuditFailures;
import dev.warden.panel.audit.AuditLog;
import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Records the {@code auth.*} audit entries (docs/admin-api.md, "Events": {@code resource = auth}, payload
 * {@code {email?, ip, userAgent}}) through {@link AuditLog}'s own transaction, so a failed sign-in's entry
 * survives the rollback of the sign-in. A failed write is logged and counted, never thrown (the requirements: "The
 * panel's own endpoints log audit-write failures without propagating them").
 */
@ApplicationScoped
public class AuthAudit {

    @EJB
    AuditLog audit;

    @Inject
    AuditFailures failures;

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
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            failures.failed(entry, e);
        }
    }
}
