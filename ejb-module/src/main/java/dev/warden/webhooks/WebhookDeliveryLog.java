package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;
import static dev.warden.webhooks.WebhookRows.DELIVERY;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The delivery log of a subscription (docs/webhooks.md, "Delivery log and replay"): its deliveries, one delivery with
 * its attempts, retrying one delivery and replaying a time range. Every method runs in the caller's transaction.
 */
@Stateless
public class WebhookDeliveryLog {

    /** Most deliveries one replay queues. */
    public static final int MAX_REPLAY = 10_000;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** The latest {@code limit} deliveries of a subscription, newest first. */
    public JsonArray deliveries(long webhookId, int limit) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Reading webhook deliveries",
                        "SELECT " + DELIVERY + " FROM warden_webhook_deliveries d "
                                + "JOIN warden_webhook_events e ON e.id = d.event_id "
                                + "WHERE d.webhook_id = ? ORDER BY d.id DESC LIMIT ?",
                        WebhookRows::delivery,
                        webhookId,
                        limit)
                .forEach(out::add);
        return out.build();
    }

    /** One delivery of a subscription with its attempts ({@code attempt_log}) and the event's body ({@code payload}). */
    public Optional<JsonObject> delivery(long webhookId, long deliveryId) {
        return Sql.with(dataSource, "Reading a webhook delivery", c -> {
            Optional<JsonObject> found = Sql.first(
                    c,
                    "SELECT " + DELIVERY + ", e.body FROM warden_webhook_deliveries d "
                            + "JOIN warden_webhook_events e ON e.id = d.event_id WHERE d.webhook_id = ? AND d.id = ?",
                    rs -> JSON.createObjectBuilder(WebhookRows.delivery(rs))
                            .add("payload", WebhookRows.parse(rs.getString(12)))
                            .build(),
                    webhookId,
                    deliveryId);
            if (found.isEmpty()) {
                return found;
            }
            JsonArrayBuilder attempts = JSON.createArrayBuilder();
            Sql.list(
                            c,
                            "SELECT attempt, at, status_code, duration_ms, excerpt, node FROM warden_webhook_attempts "
                                    + "WHERE delivery_id = ? ORDER BY attempt, id",
                            rs -> {
                                JsonObjectBuilder a = JSON.createObjectBuilder()
                                        .add("attempt", rs.getInt(1))
                                        .add("at", WebhookRows.instant(rs, 2).toString());
                                WebhookRows.integer(a, "status_code", rs, 3);
                                a.add("duration_ms", rs.getInt(4));
                                WebhookRows.nullable(a, "excerpt", rs.getString(5));
                                WebhookRows.nullable(a, "node", rs.getString(6));
                                return a.build();
                            },
                            deliveryId)
                    .forEach(attempts::add);
            return Optional.of(JSON.createObjectBuilder(found.get())
                    .add("attempt_log", attempts)
                    .build());
        });
    }

    /**
     * Makes a delivery due now for one more attempt (a failed one gets exactly one; a waiting one is tried early);
     * false when the subscription has no such delivery.
     */
    public boolean retry(long webhookId, long deliveryId) {
        return Sql.update(
                        dataSource,
                        "Retrying a webhook delivery",
                        "UPDATE warden_webhook_deliveries SET status = 'pending', next_attempt_at = now(), "
                                + "finished_at = NULL WHERE webhook_id = ? AND id = ?",
                        webhookId,
                        deliveryId)
                == 1;
    }

    /**
     * Queues a new delivery to the subscription of every event it was sent between {@code from} and {@code to}
     * (at most {@value #MAX_REPLAY}, the oldest first).
     *
     * @return how many were queued
     */
    public int replay(long webhookId, Instant from, Instant to) {
        return Sql.update(
                dataSource,
                "Replaying webhook deliveries",
                "INSERT INTO warden_webhook_deliveries (webhook_id, event_id) "
                        + "SELECT ?, event_id FROM (SELECT DISTINCT d.event_id FROM warden_webhook_deliveries d "
                        + "JOIN warden_webhook_events e ON e.id = d.event_id "
                        + "WHERE d.webhook_id = ? AND e.created_at >= ? AND e.created_at < ? "
                        + "ORDER BY d.event_id LIMIT ?) AS r",
                webhookId,
                webhookId,
                from,
                to,
                MAX_REPLAY);
    }
}
