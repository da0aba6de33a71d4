package dev.warden.panel.audit;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/**
 * Writes every audit entry of Warden's own code (docs/admin-api.md, "Audit recording from own code" rule 1): a
 * change's entry ({@link Audited}) after its transaction committed ({@code AFTER_SUCCESS}; CDI calls it at once when
 * the event was fired outside a transaction), an attempt's when {@link AuditTrail#evenOnRollback} hands it over. Each
 * row is written by {@link AuditLog#record} in a transaction of its own; a failure goes to {@link AuditFailures} (log
 * line, counter, metric) and never reaches the caller. Then it fires {@link Recorded} for the webhooks' outbox.
 */
@ApplicationScoped
public class AuditWriter {

    @EJB
    AuditLog audit;

    @Inject
    AuditFailures failures;

    @Inject
    Event<Recorded> recorded;

    void committed(@Observes(during = TransactionPhase.AFTER_SUCCESS) Audited event) {
        write(event.entry(), event.change());
    }

    /**
     * Writes {@code entry} now, in a transaction of its own; never throws. Public for {@link AuditTrail} only (a
     * client proxy calls public methods): use cases call {@code AuditTrail}.
     */
    public void write(AuditRecord entry) {
        write(entry, null);
    }

    private void write(AuditRecord entry, RowChange change) {
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            failures.failed(entry, e);
        }
        recorded.fire(new Recorded(entry, change));
    }
}
