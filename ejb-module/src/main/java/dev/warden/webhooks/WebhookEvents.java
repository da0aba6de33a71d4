package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.Recorded;
import dev.warden.panel.audit.Recording;
import dev.warden.panel.audit.RowChange;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns every audit entry into a webhook event (docs/webhooks.md, "Events") and writes it to the outbox for each
 * enabled subscription whose patterns match. The event is written inside the entry's own transaction ({@link
 * Recording}: after the change committed, never for a rolled-back one; one commit for the entry and its event,
 * docs/decisions/webhooks-outbox-in-the-audit-transaction.md); when that transaction failed, after it, in a
 * transaction of its own ({@link Recorded} not {@code queued}: {@link #queue}). A row change is named {@code
 * <resource>.created|updated|deleted} with {@code data {resource, id, operator_id, row}} ({@code changes} for an
 * update), anything else by its audit action with {@code data {action, resource, target_id, operator_id, payload}};
 * secrets, hashes and tokens are scrubbed as in the audit log.
 *
 * <p>The enabled subscriptions are cached for {@value #CACHE_MILLIS} ms per node and dropped on any change made on
 * this node, so a subscription made on another node starts matching within that time.
 */
@ApplicationScoped
public class WebhookEvents {

    /** How long this node reuses its list of enabled subscriptions, in milliseconds. */
    public static final long CACHE_MILLIS = 1000;

    private static final Logger LOG = Logger.getLogger(WebhookEvents.class.getName());

    @EJB
    WebhookOutbox outbox;

    @EJB
    WebhookQueue queue;

    @EJB
    WebhookDispatcher dispatcher;

    @EJB
    WebhookSubscriptions subscriptions;

    private volatile List<WebhookSubscriptions.Target> cached;
    private volatile long cachedAt;

    /** In the entries' transaction: writes their events there ({@link #enqueue}); a failure rolls it back. */
    void recording(@Observes Recording event) {
        enqueue(event.entries());
    }

    /** After an entry was handed to the audit log: writes its event now unless it was written with the entry. */
    void recorded(@Observes Recorded event) {
        if (event.queued()) {
            if (!targets().isEmpty()) {
                dispatcher.wake();
            }
            return;
        }
        try {
            List<WebhookQueue.Event> events = events(List.of(event));
            if (!events.isEmpty()) {
                outbox.write(events);
                dispatcher.wake();
            }
        } catch (RuntimeException e) {
            LOG.log(
                    Level.WARNING,
                    "Webhooks: the event of " + event.entry().action() + " on "
                            + event.entry().resource() + " could not be queued",
                    e);
        }
    }

    /**
     * Writes the events of {@code entries} (each with its row event, or null) for the matching enabled subscriptions
     * to the outbox <em>in the caller's transaction</em>, one statement for the whole list, in the entries' order
     * (for a caller that writes the entries in its own transaction: they commit or roll back together). Wake the
     * delivery loops after the commit ({@link WebhookDispatcher#wake}), or leave it to their poll.
     *
     * @return how many events were written (entries no subscription matches have none)
     * @throws RuntimeException when the outbox cannot be written (the caller's transaction must roll back)
     */
    public int enqueue(List<Recorded> entries) {
        List<WebhookQueue.Event> events = events(entries);
        if (!events.isEmpty()) {
            queue.enqueue(events, false);
        }
        return events.size();
    }

    /** The events of {@code entries} for the matching enabled subscriptions, in order; none without a match. */
    List<WebhookQueue.Event> events(List<Recorded> entries) {
        List<WebhookSubscriptions.Target> targets = targets();
        if (targets.isEmpty()) {
            return List.of();
        }
        Instant now = Instant.now();
        List<WebhookQueue.Event> events = new ArrayList<>();
        for (Recorded entry : entries) {
            String type = type(entry.entry(), entry.change());
            List<Long> ids = targets.stream()
                    .filter(t -> EventPatterns.matches(t.events(), type))
                    .map(WebhookSubscriptions.Target::id)
                    .toList();
            if (!ids.isEmpty()) {
                events.add(new WebhookQueue.Event(
                        newMessageId(), type, body(type, now, data(entry.entry(), entry.change())), ids));
            }
        }
        return events;
    }

    /**
     * Writes {@code event} to the outbox in a transaction of its own (one statement, committed without waiting for
     * the WAL flush: docs/decisions/webhooks-delivery-loops-and-cheap-outbox-write.md) and wakes this node's delivery loops.
     *
     * @return the delivery ids, in the event's {@code webhookIds} order
     */
    public List<Long> queue(WebhookQueue.Event event) {
        List<Long> ids = outbox.write(List.of(event));
        dispatcher.wake();
        return ids;
    }

    /** Forgets the cached subscriptions (after a change on this node). */
    public void changed() {
        cached = null;
    }

    private List<WebhookSubscriptions.Target> targets() {
        List<WebhookSubscriptions.Target> now = cached;
        long at = System.currentTimeMillis();
        if (now == null || at - cachedAt > CACHE_MILLIS) {
            now = subscriptions.enabled();
            cached = now;
            cachedAt = at;
        }
        return now;
    }

    /** The event name of an entry: {@code <resource>.<action>} for a row change, else the audit action. */
    public static String type(AuditRecord entry, RowChange change) {
        return change != null ? change.resource() + "." + change.action() : entry.action();
    }

    /** The event's {@code data}: the row (or changes) for a row change, the audit entry otherwise; scrubbed. */
    public static JsonObject data(AuditRecord entry, RowChange change) {
        JsonObjectBuilder out = JSON.createObjectBuilder();
        JsonValue payload = AuditPayloads.scrub(entry.payload());
        if (change != null) {
            out.add("resource", change.resource()).add("id", change.rowId());
            operator(out, entry);
            if (payload instanceof JsonObject object) {
                for (String key : List.of("row", "changes", "reverted_from")) {
                    if (object.containsKey(key)) {
                        out.add(key, object.get(key));
                    }
                }
            }
            return out.build();
        }
        out.add("action", entry.action()).add("resource", entry.resource());
        if (entry.targetId() == null) {
            out.addNull("target_id");
        } else {
            out.add("target_id", entry.targetId());
        }
        operator(out, entry);
        out.add("payload", payload == null ? JsonValue.NULL : payload);
        return out.build();
    }

    /** The delivered body: {@code {"type", "timestamp", "data"}}. */
    public static String body(String type, Instant timestamp, JsonObject data) {
        return JSON.createObjectBuilder()
                .add("type", type)
                .add("timestamp", timestamp.toString())
                .add("data", data)
                .build()
                .toString();
    }

    /** A new message id ({@code msg_} and 32 hex digits), the {@code webhook-id} of every attempt of the event. */
    public static String newMessageId() {
        return "msg_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static void operator(JsonObjectBuilder out, AuditRecord entry) {
        if (entry.operatorId() == null) {
            out.addNull("operator_id");
        } else {
            out.add("operator_id", String.valueOf(entry.operatorId()));
        }
    }
}
