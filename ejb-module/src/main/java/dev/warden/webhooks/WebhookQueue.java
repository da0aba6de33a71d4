package dev.warden.webhooks;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;

/**
 * The outbox (docs/webhooks.md, "Delivery"): events with their pending deliveries, claims and attempts. Every method
 * runs in the caller's transaction; the delivery loop's claim takes due rows with {@code FOR UPDATE SKIP LOCKED} and
 * moves them past a lease, so each delivery is attempted by one node at a time.
 */
@Stateless
public class WebhookQueue {

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** A delivery claimed for one attempt. */
    public record Claimed(
            long deliveryId,
            long webhookId,
            int attempt,
            String msgId,
            String body,
            String url,
            String secret,
            String previousSecret,
            Instant previousUntil) {}

    /**
     * Writes one event and a pending delivery of it to each of {@code webhookIds}, in one transaction.
     *
     * @return the delivery ids, in {@code webhookIds} order
     */
    public List<Long> enqueue(String msgId, String type, String body, List<Long> webhookIds) {
        return Sql.with(dataSource, "Writing a webhook event", c -> {
            long eventId = Sql.first(
                            c,
                            "INSERT INTO warden_webhook_events (msg_id, type, body) VALUES (?, ?, ?) RETURNING id",
                            rs -> rs.getLong(1),
                            msgId,
                            type,
                            body)
                    .orElseThrow();
            return Sql.list(
                    c,
                    "INSERT INTO warden_webhook_deliveries (webhook_id, event_id) "
                            + "SELECT w, ? FROM unnest(?::bigint[]) WITH ORDINALITY AS t(w, n) ORDER BY n RETURNING id",
                    rs -> rs.getLong(1),
                    eventId,
                    webhookIds.toArray(Long[]::new));
        });
    }

    /**
     * Claims up to {@code limit} due deliveries of enabled subscriptions: each gets its attempt number and is not due
     * again before {@code lease} passed, so another node retries it if this one dies mid-delivery.
     */
    public List<Claimed> claim(int limit, java.time.Duration lease) {
        return Sql.list(
                dataSource,
                "Claiming webhook deliveries",
                """
                UPDATE warden_webhook_deliveries d
                SET attempts = d.attempts + 1, next_attempt_at = now() + ? * interval '1 millisecond'
                FROM warden_webhook_events e, warden_webhooks w
                WHERE d.id IN (SELECT d2.id FROM warden_webhook_deliveries d2
                               JOIN warden_webhooks w2 ON w2.id = d2.webhook_id AND w2.enabled
                               WHERE d2.status = 'pending' AND d2.next_attempt_at <= now()
                               ORDER BY d2.next_attempt_at LIMIT ? FOR UPDATE OF d2 SKIP LOCKED)
                  AND e.id = d.event_id AND w.id = d.webhook_id
                RETURNING d.id, d.webhook_id, d.attempts, e.msg_id, e.body, w.url, w.secret, w.previous_secret,
                          w.previous_secret_until""",
                rs -> new Claimed(
                        rs.getLong(1),
                        rs.getLong(2),
                        rs.getInt(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getString(8),
                        WebhookRows.instant(rs, 9)),
                lease.toMillis(),
                limit);
    }

    /**
     * Records attempt {@code attempt} of a delivery and its outcome: {@code delivered}, {@code failed} (no attempt
     * left, or the target is gone), or pending again after {@code retryAfter}. Also keeps the subscription's failure
     * streak: cleared by a success, started by the first failure.
     *
     * @return when the subscription has been failing since (null when this attempt succeeded)
     */
    public Instant finish(
            Claimed claimed,
            Integer statusCode,
            long durationMs,
            String excerpt,
            String node,
            String status,
            java.time.Duration retryAfter) {
        String kept = excerpt != null && excerpt.length() > WebhookSender.EXCERPT_BYTES
                ? excerpt.substring(0, WebhookSender.EXCERPT_BYTES)
                : excerpt;
        return Sql.with(dataSource, "Recording a webhook attempt", c -> {
            // the subscription's row first, as a DELETE of the subscription locks it before its deliveries: one lock
            // order, no deadlock with a delete while an attempt ends
            boolean ok = status.equals("delivered");
            Instant failingSince = Sql.first(
                            c,
                            "UPDATE warden_webhooks SET failing_since = CASE WHEN ? THEN NULL "
                                    + "ELSE coalesce(failing_since, now()) END WHERE id = ? RETURNING failing_since",
                            rs -> WebhookRows.instant(rs, 1),
                            ok,
                            claimed.webhookId())
                    .orElse(null);
            Sql.update(
                    c,
                    "INSERT INTO warden_webhook_attempts (delivery_id, attempt, status_code, duration_ms, excerpt, node) "
                            + "SELECT id, ?, ?, ?, ?, ? FROM warden_webhook_deliveries WHERE id = ?",
                    claimed.attempt(),
                    statusCode,
                    (int) Math.min(Integer.MAX_VALUE, durationMs),
                    kept,
                    node,
                    claimed.deliveryId());
            Sql.update(
                    c,
                    "UPDATE warden_webhook_deliveries SET status = ?, last_status_code = ?, last_error = ?, "
                            + "last_duration_ms = ?, next_attempt_at = CASE WHEN ? = 'pending' "
                            + "THEN now() + ? * interval '1 millisecond' ELSE next_attempt_at END, "
                            + "finished_at = CASE WHEN ? = 'pending' THEN NULL ELSE now() END "
                            + "WHERE id = ? AND attempts = ?",
                    status,
                    statusCode,
                    statusCode == null ? kept : null,
                    (int) Math.min(Integer.MAX_VALUE, durationMs),
                    status,
                    retryAfter == null ? 0L : retryAfter.toMillis(),
                    status,
                    claimed.deliveryId(),
                    claimed.attempt());
            return failingSince;
        });
    }
}
