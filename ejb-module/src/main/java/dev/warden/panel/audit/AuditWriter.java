package dev.warden.panel.audit;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/**
 * Writes the entries of {@link Audited} events (docs/admin-api.md, "Audit recording from own code" rule 1): a
 * change's entry after its transaction committed ({@code AFTER_SUCCESS}), an attempt's after its transaction ended
 * either way ({@code AFTER_COMPLETION}); CDI calls both at once when the event was fired outside a transaction.
 * Each row is written by {@link AuditLog#record} in a transaction of its own; a failure goes to
 * {@link AuditFailures} (log line, counter, metric) and never reaches the caller.
 */
@ApplicationScoped
public class AuditWriter {

    @EJB
    AuditLog audit;

    @Inject
    AuditFailures failures;

    void committed(@Observes(during = TransactionPhase.AFTER_SUCCESS) Audited event) {
        if (!event.evenOnRollback()) {
            write(event.entry());
        }
    }

    void completed(@Observes(during = TransactionPhase.AFTER_COMPLETION) Audited event) {
        if (event.evenOnRollback()) {
            write(event.entry());
        }
    }

    private void write(AuditRecord entry) {
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            failures.failed(entry, e);
        }
    }
}
