package dev.warden.panel.audit;

import jakarta.ejb.ApplicationException;

/**
 * An audit row could not be written (docs/admin-api.md, "Audit recording from own code": {@code audit.record}
 * "Throws on failure"). An EJB application exception, so callers see this type unwrapped; it rolls back only
 * the audit write's own {@code REQUIRES_NEW} transaction, never the caller's.
 */
@ApplicationException(rollback = true)
public class AuditWriteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what could not be written, safe to log (never the payload)
     * @param cause   the database error
     */
    public AuditWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
