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
 * row is written by {@link AuditLog#record(AuditRecord, RowChange)} in a transaction of its own, with the rows the
 * observers of {@link Recording} add (the webhooks' outbox: one commit for both,
 * docs/decisions/webhooks-outbox-in-the-audit-transaction.md). When that transaction fails, the entry is written
 * alone ({@link AuditLog#record(AuditRecord)}); a failure of that goes to {@link AuditFailures} (log line, counter,
 * metric) and never reaches the caller. Then it fires {@link Recorded}, marked {@code queued} when the observers'
 * rows committed with the entry, so that the outbox is written once either way.
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
        boolean queued = false;
        try {
            audit.record(entry, change);
            queued = true;
        } catch (RuntimeException together) {
            // nothing of that transaction was written: the entry alone, and the outbox after it (Recorded)
            try {
                audit.record(entry);
            } catch (RuntimeException e) {
                e.addSuppressed(together);
                failures.failed(entry, e);
            }
        }
        recorded.fire(new Recorded(entry, change, queued));
    }
}
