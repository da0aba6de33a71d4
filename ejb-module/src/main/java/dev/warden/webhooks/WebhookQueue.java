package dev.warden.webhooks;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The outbox (docs/webhooks.md, "Delivery"): events with their pending deliveries, claims and attempts, each written
 * a batch at a time (a few statements for the whole batch, whatever its size). Every method runs in the caller's
 * transaction; the delivery loop's claim takes due rows with {@code FOR UPDATE SKIP LOCKED} and moves them past a
 * lease, so each delivery is attempted by one loop of one node at a time.
 */
@Stateless
public class WebhookQueue {

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** An event to write with one pending delivery per subscription in {@code webhookIds}. */
    public record Event(String msgId, String type, String body, List<Long> webhookIds) {}

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
     * The outcome of one claimed attempt to record.
     *
     * @param statusCode the answer's status, null when none came
     * @param durationMs the attempt's duration
     * @param excerpt    the start of the answer or what went wrong (cut to {@value WebhookSender#EXCERPT_BYTES})
     * @param status     {@code delivered}, {@code failed} (no attempt left, or the target is gone), or {@code
     *                   pending} again after {@code retryAfter}
     * @param retryAfter the wait before the next attempt (pending only)
     */
    public record Finished(
            Claimed claimed, Integer statusCode, long durationMs, String excerpt, String status, Duration retryAfter) {}

    /**
     * Writes the events and their pending deliveries in the caller's transaction: one statement for the whole list.
     *
     * @param noFlush the transaction commits without waiting for the WAL flush ({@code SET LOCAL synchronous_commit =
     *                off}): only for a transaction that writes nothing else
     * @return the delivery ids, event by event and in each event's {@code webhookIds} order
     */
    public List<Long> enqueue(List<Event> events, boolean noFlush) {
        List<String> ids = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        List<String> deliveryMsg = new ArrayList<>();
        List<Long> deliveryHook = new ArrayList<>();
        for (Event e : events) {
            ids.add(e.msgId());
            types.add(e.type());
            bodies.add(e.body());
            for (Long hook : e.webhookIds()) {
                deliveryMsg.add(e.msgId());
                deliveryHook.add(hook);
            }
        }
        return Sql.with(dataSource, "Writing webhook events", c -> {
            // the event is durable once the node returns from here, but for a PostgreSQL crash in the next fraction
            // of a second (docs/decisions/webhooks-delivery-loops-and-cheap-outbox-write.md): no WAL flush on the write
            // path
            if (noFlush) {
                Sql.update(c, "SET LOCAL synchronous_commit = off");
            }
            return Sql.list(
                    c,
                    """
                    WITH e AS (INSERT INTO warden_webhook_events (msg_id, type, body)
                               SELECT * FROM unnest(?::text[], ?::text[], ?::text[]) RETURNING id, msg_id)
                    INSERT INTO warden_webhook_deliveries (webhook_id, event_id)
                    SELECT t.w, e.id FROM unnest(?::text[], ?::bigint[]) WITH ORDINALITY AS t(m, w, n)
                    JOIN e ON e.msg_id = t.m ORDER BY t.n RETURNING id""",
                    rs -> rs.getLong(1),
                    ids.toArray(String[]::new),
                    types.toArray(String[]::new),
                    bodies.toArray(String[]::new),
                    deliveryMsg.toArray(String[]::new),
                    deliveryHook.toArray(Long[]::new));
        });
    }

    /**
     * Claims up to {@code limit} due deliveries of enabled subscriptions: each gets its attempt number and is not due
     * again before {@code lease} passed, so another loop or node retries it if this one dies mid-delivery.
     */
    public List<Claimed> claim(int limit, Duration lease) {
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
     * Records a batch of attempts and their outcomes in three statements, and keeps each subscription's failure
     * streak as if the outcomes came one after the other: cleared by a success, started by the first failure after
     * one. An attempt whose delivery was claimed again since (its lease ran out) changes no delivery row.
     *
     * @return for each subscription whose last outcome in the batch failed, since when it has been failing
     */
    public Map<Long, Instant> finish(List<Finished> batch, String node) {
        Map<Long, Boolean> lastOk = new LinkedHashMap<>();
        Map<Long, Boolean> anyOk = new HashMap<>();
        int n = batch.size();
        Long[] delivery = new Long[n];
        Integer[] attempt = new Integer[n];
        Integer[] code = new Integer[n];
        Integer[] duration = new Integer[n];
        String[] excerpt = new String[n];
        String[] error = new String[n];
        String[] status = new String[n];
        Long[] retry = new Long[n];
        for (int i = 0; i < n; i++) {
            Finished f = batch.get(i);
            boolean ok = f.status().equals("delivered");
            lastOk.put(f.claimed().webhookId(), ok);
            anyOk.merge(f.claimed().webhookId(), ok, Boolean::logicalOr);
            String kept = f.excerpt() != null && f.excerpt().length() > WebhookSender.EXCERPT_BYTES
                    ? f.excerpt().substring(0, WebhookSender.EXCERPT_BYTES)
                    : f.excerpt();
            delivery[i] = f.claimed().deliveryId();
            attempt[i] = f.claimed().attempt();
            code[i] = f.statusCode();
            duration[i] = (int) Math.min(Integer.MAX_VALUE, f.durationMs());
            excerpt[i] = kept;
            error[i] = f.statusCode() == null ? kept : null;
            status[i] = f.status();
            retry[i] = f.retryAfter() == null ? 0L : f.retryAfter().toMillis();
        }
        Long[] hooks = lastOk.keySet().stream().sorted().toArray(Long[]::new);
        Boolean[] ok = new Boolean[hooks.length];
        Boolean[] restart = new Boolean[hooks.length];
        for (int i = 0; i < hooks.length; i++) {
            ok[i] = lastOk.get(hooks[i]);
            restart[i] = !ok[i] && anyOk.get(hooks[i]);
        }
        return Sql.with(dataSource, "Recording webhook attempts", c -> {
            // the subscriptions' rows first (locked in id order), as a DELETE of a subscription locks it before its
            // deliveries: one lock order, no deadlock with a delete or another loop; a success on a subscription
            // that is not failing touches nothing, so loops delivering to one target do not queue on its row
            Map<Long, Instant> failing = new HashMap<>();
            Sql.list(
                            c,
                            """
                            UPDATE warden_webhooks w SET failing_since = CASE WHEN t.ok THEN NULL
                                WHEN t.restart THEN now() ELSE coalesce(w.failing_since, now()) END
                            FROM unnest(?::bigint[], ?::boolean[], ?::boolean[]) AS t(id, ok, restart)
                            WHERE w.id = t.id AND w.id IN (SELECT w2.id FROM warden_webhooks w2
                                JOIN unnest(?::bigint[], ?::boolean[]) AS u(id, ok) ON u.id = w2.id
                                WHERE NOT u.ok OR w2.failing_since IS NOT NULL ORDER BY w2.id FOR UPDATE OF w2)
                            RETURNING w.id, w.failing_since""",
                            rs -> Map.entry(rs.getLong(1), java.util.Optional.ofNullable(WebhookRows.instant(rs, 2))),
                            hooks,
                            c.createArrayOf("boolean", ok),
                            c.createArrayOf("boolean", restart),
                            hooks,
                            c.createArrayOf("boolean", ok))
                    .forEach(e -> e.getValue().ifPresent(at -> failing.put(e.getKey(), at)));
            Sql.update(
                    c,
                    "INSERT INTO warden_webhook_attempts (delivery_id, attempt, status_code, duration_ms, excerpt, node) "
                            + "SELECT t.d, t.a, t.s, t.ms, t.x, ? "
                            + "FROM unnest(?::bigint[], ?::integer[], ?::integer[], ?::integer[], ?::text[]) "
                            + "AS t(d, a, s, ms, x) WHERE EXISTS (SELECT 1 FROM warden_webhook_deliveries WHERE id = t.d)",
                    node,
                    delivery,
                    attempt,
                    code,
                    duration,
                    excerpt);
            Sql.update(
                    c,
                    """
                    UPDATE warden_webhook_deliveries d SET status = t.st, last_status_code = t.s, last_error = t.err,
                        last_duration_ms = t.ms,
                        next_attempt_at = CASE WHEN t.st = 'pending' THEN now() + t.r * interval '1 millisecond'
                                          ELSE d.next_attempt_at END,
                        finished_at = CASE WHEN t.st = 'pending' THEN NULL ELSE now() END
                    FROM unnest(?::bigint[], ?::integer[], ?::text[], ?::integer[], ?::text[], ?::integer[],
                                ?::bigint[]) AS t(d, a, st, s, err, ms, r)
                    WHERE d.id = t.d AND d.attempts = t.a""",
                    delivery,
                    attempt,
                    status,
                    code,
                    error,
                    duration,
                    retry);
            return failing;
        });
    }
}
