package dev.warden.webhooks;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;

/**
 * Writes events to the outbox in a transaction of their own (docs/decisions/webhooks-outbox-after-the-audit-row.md):
 * called after the change committed and its audit entry was written, so it never joins (nor is rolled back with) the
 * caller's transaction.
 */
@Stateless
public class WebhookOutbox {

    @EJB
    WebhookQueue store;

    /**
     * Writes the event and one pending delivery per subscription in {@code webhookIds}.
     *
     * @return the delivery ids, in {@code webhookIds} order
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<Long> enqueue(String msgId, String type, String body, List<Long> webhookIds) {
        return store.enqueue(msgId, type, body, webhookIds);
    }
}
