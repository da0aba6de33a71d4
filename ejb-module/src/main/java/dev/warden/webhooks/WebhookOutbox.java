package dev.warden.webhooks;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;

/**
 * Writes events to the outbox in a transaction of their own (docs/decisions/webhooks-outbox-after-the-audit-row.md):
 * for an event not written with its audit entry (docs/decisions/webhooks-outbox-in-the-audit-transaction.md: the
 * entry's transaction failed), a test event, a replay; it never joins (nor is rolled back with) the caller's
 * transaction. The transaction commits without waiting for PostgreSQL's WAL flush ({@code synchronous_commit
 * = off}): a Warden node killed after it returned loses nothing; a PostgreSQL crash may lose the events of its last
 * fraction of a second.
 */
@Stateless
public class WebhookOutbox {

    @EJB
    WebhookQueue queue;

    /**
     * Writes the events and one pending delivery per subscription of each, in one transaction.
     *
     * @return the delivery ids, event by event and in each event's {@code webhookIds} order
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<Long> write(List<WebhookQueue.Event> events) {
        return queue.enqueue(events, true);
    }
}
