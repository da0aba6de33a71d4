package dev.warden.panel.audit;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The one way to record an audit entry from Warden's own code
 * (docs/admin-api.md, "Audit recording from own code" rule 1 and "Events" rule 1):
 * a use-case service calls it inside its transaction, and the entry is written once
 * that transaction completed, in a transaction of its own, by {@link AuditWriter}; a failed write is logged and
 * counted ({@link AuditFailures}), never thrown, so it never blocks the change it records. Without a transaction
 * the entry is written at once. Never throws.
 *
 * <ul>
 *   <li>{@link #afterCommit}: a change; written only when the caller's transaction commits (a rolled-back change
 *       leaves no entry), with an optional {@link RowChange} for the live lists;</li>
 *   <li>{@link #evenOnRollback}: an attempt whose entry must survive the rollback of the caller's transaction
 *       ({@code auth.login_failed}, a custom action whose handler failed): written at once, in a transaction of its
 *       own, by the same {@link AuditWriter}. Not deferred, because the caller's transaction may already be marked
 *       for rollback, and a transaction in that state takes no new synchronization.</li>
 * </ul>
 */
@ApplicationScoped
public class AuditTrail {

    @Inject
    Event<Audited> events;

    @Inject
    AuditWriter writer;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** Records {@code entry} once the caller's transaction committed (at once without one). */
    public void afterCommit(AuditRecord entry) {
        afterCommit(entry, null);
    }

    /**
     * Records {@code entry} once the caller's transaction committed, and then publishes {@code change} (null: none)
     * to the live lists (docs/security.md, the {@code _events} row).
     */
    public void afterCommit(AuditRecord entry, RowChange change) {
        if (transactions != null && transactions.getTransactionStatus() == Status.STATUS_MARKED_ROLLBACK) {
            // the change will roll back, so it gets no entry; and such a transaction takes no new synchronization,
            // so firing would throw (e.g. a custom action's handler that caught an exception of a nested EJB)
            return;
        }
        events.fire(new Audited(entry, change));
    }

    /** Records {@code entry} at once, in a transaction of its own: it stays whether the caller's commits or not. */
    public void evenOnRollback(AuditRecord entry) {
        writer.write(entry);
    }
}
