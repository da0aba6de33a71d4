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
}
