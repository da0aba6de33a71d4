package dev.warden.panel.audit;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.ArrayList;
import java.util.List;

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
 *
 * <p>A job's chunk (docs/admin-api.md, "Jobs": one transaction per chunk) calls {@link #collectInTransaction} first:
 * the entries of its transaction are then kept, not deferred, and the chunk writes them all in that same transaction
 * ({@link AuditLog#recordAll}), so the rows, their entries and their items' states commit together.
 */
@ApplicationScoped
public class AuditTrail {

    @Inject
    Event<Audited> events;

    @Inject
    AuditWriter writer;

    /** The key of a chunk's list of entries among its transaction's resources. */
    private static final Object COLLECTED = new Object() {
        @Override
        public String toString() {
            return "warden.audit.collected";
        }
    };

    @Resource
    TransactionSynchronizationRegistry transactions;

    /**
     * From now on until the caller's transaction ends, {@link #afterCommit} keeps its entries for
     * {@link #collected} instead of writing them after the commit (docs/admin-api.md, "Jobs": a job's chunk).
     */
    public void collectInTransaction() {
        transactions.putResource(COLLECTED, new ArrayList<Recorded>());
    }

    /**
     * The entries kept in the caller's transaction since {@link #collectInTransaction}, in order, each marked
     * {@code queued} (the caller writes them with {@link AuditLog#recordAll}, which runs the {@link Recording}
     * observers in the same transaction); empty when none were kept.
     */
    @SuppressWarnings("unchecked")
    public List<Recorded> collected() {
        Object kept = transactions.getResource(COLLECTED);
        return kept == null ? List.of() : (List<Recorded>) kept;
    }

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
        if (transactions != null
                && transactions.getTransactionKey() != null
                && transactions.getResource(COLLECTED) instanceof List<?> kept) {
            @SuppressWarnings("unchecked")
            List<Recorded> chunk = (List<Recorded>) kept;
            chunk.add(new Recorded(entry, change, true));
            return;
        }
        events.fire(new Audited(entry, change));
    }

    /** Records {@code entry} at once, in a transaction of its own: it stays whether the caller's commits or not. */
    public void evenOnRollback(AuditRecord entry) {
        writer.write(entry);
    }
}
