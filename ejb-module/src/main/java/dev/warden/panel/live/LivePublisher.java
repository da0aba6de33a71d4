package dev.warden.panel.live;

import dev.warden.panel.audit.Audited;
import dev.warden.panel.audit.RowChange;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;

/**
 * Publishes the live lists' row events (docs/security.md, the {@code _events} row): the {@link RowChange} of an
 * {@link Audited} event, once the change committed ({@code AFTER_SUCCESS}; at once when fired outside a
 * transaction), through {@link LiveEvents#publish}, which never throws. The only caller of {@code publish}: a
 * use-case service hands its change to {@code dev.warden.panel.audit.AuditTrail#afterCommit}.
 */
@ApplicationScoped
public class LivePublisher {

    @EJB
    LiveEvents live;

    void committed(@Observes(during = TransactionPhase.AFTER_SUCCESS) Audited event) {
        RowChange change = event.change();
        if (change != null) {
            live.publish(change.resource(), change.action(), change.rowId());
        }
    }

    /**
     * Publishes the row events of a job's chunk once the chunk committed (docs/admin-api.md, "Jobs": its entries were
     * written in the chunk's transaction, so no {@link Audited} event reaches {@link #committed}); never throws.
     */
    public void committed(java.util.List<RowChange> changes) {
        live.publishAll(changes);
    }
}
