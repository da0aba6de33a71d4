package dev.warden.panel.audit;

import jakarta.json.JsonObject;

/**
 * One audit entry to write (docs/admin-api.md, "Audit entry record" and "Audit recording from own code":
 * {@code audit.record { operatorId, action, resource, targetId, payload }}). {@code created_at} is the
 * database's {@code now()} at insert time.
 *
 * @param operatorId who acted; null only for failed logins against unknown emails
 * @param action     an {@code AuditAction} value ({@code create}, {@code update}, {@code delete},
 *                   {@code auth.login}, ...; docs/admin-api.md, "Events")
 * @param resource   the canonical resource key ({@code users}, a custom key, {@code auth}, ...)
 * @param targetId   the affected row's {@code _id}, or null when there is none
 * @param payload    action-specific JSON (docs/admin-api.md, "Events"), or null; secrets are removed before
 *                   it is written ({@link AuditPayloads#scrub})
 */
public record AuditRecord(Long operatorId, String action, String resource, String targetId, JsonObject payload) {

    /** @throws IllegalArgumentException when {@code action} or {@code resource} is missing or blank */
    public AuditRecord {
        if (action == null || action.isBlank()) {
            throw new IllegalArgumentException("An audit entry needs an action");
        }
        if (resource == null || resource.isBlank()) {
            throw new IllegalArgumentException("An audit entry needs a resource");
        }
    }
}
