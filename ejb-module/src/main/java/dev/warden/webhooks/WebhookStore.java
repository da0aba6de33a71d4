package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The webhook tables (docs/webhooks.md): subscriptions, the outbox of events and deliveries, and attempts. Every
 * method runs in the caller's transaction or its own; the delivery loop's claim takes due rows with {@code FOR UPDATE
 * SKIP LOCKED} and moves them past a lease, so each delivery is attempted by one node at a time.
 */
@Stateless
public class WebhookStore {

    /** Most subscriptions in all. */
    public static final int MAX_SUBSCRIPTIONS = 100;
    /** Most deliveries one replay queues. */
    public static final int MAX_REPLAY = 10_000;

    private static final String SUBSCRIPTION = "id, url, events, description, enabled, disabled_reason, "
            + "previous_secret_until, failing_since, created_at, updated_at";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** A subscription with its stored secrets, for signing. */
    public record Target(long id, String url, List<String> events, boolean enabled) {}

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
     * Inserts a subscription unless there are {@value #MAX_SUBSCRIPTIONS} already.
     *
     * @return the subscription (without secret), empty at the limit
     */
    public Optional<JsonObject> create(
            String url, List<String> events, String description, String sealedSecret, Long createdBy) {
        return Sql.first(
                dataSource,
                "Creating a webhook",
                "INSERT INTO warden_webhooks (url, events, description, secret, created_by) SELECT ?, ?, ?, ?, ? "
                        + "WHERE (SELECT count(*) FROM warden_webhooks) < ? RETURNING " + SUBSCRIPTION,
                WebhookStore::subscription,
                url,
                events.toArray(String[]::new),
                description,
                sealedSecret,
                createdBy,
                MAX_SUBSCRIPTIONS);
    }

    /** Every subscription, oldest first. */
    public JsonArray list() {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Reading webhooks",
                        "SELECT " + SUBSCRIPTION + " FROM warden_webhooks ORDER BY id",
                        WebhookStore::subscription)
                .forEach(out::add);
        return out.build();
    }

    /** One subscription. */
    public Optional<JsonObject> find(long id) {
        return Sql.first(
                dataSource,
                "Reading a webhook",
                "SELECT " + SUBSCRIPTION + " FROM warden_webhooks WHERE id = ?",
                WebhookStore::subscription,
                id);
    }

    /**
     * Changes the given fields (null: unchanged); re-enabling clears the disabling reason and the failure streak.
     *
     * @return the subscription after, empty when there is none
     */
    public Optional<JsonObject> update(
            long id, String url, List<String> events, String description, boolean clearDescription, Boolean enabled) {
        return Sql.first(
                dataSource,
                "Changing a webhook",
                "UPDATE warden_webhooks SET url = coalesce(?, url), events = coalesce(?, events), "
                        + "description = CASE WHEN ? THEN NULL ELSE coalesce(?, description) END, "
                        + "enabled = coalesce(?, enabled), "
                        + "disabled_reason = CASE WHEN ? THEN NULL ELSE disabled_reason END, "
                        + "failing_since = CASE WHEN ? THEN NULL ELSE failing_since END, updated_at = now() "
                        + "WHERE id = ? RETURNING " + SUBSCRIPTION,
                WebhookStore::subscription,
                url,
                events == null ? null : events.toArray(String[]::new),
                clearDescription,
                description,
                enabled,
                Boolean.TRUE.equals(enabled),
                Boolean.TRUE.equals(enabled),
                id);
    }

    /** Deletes a subscription with its deliveries; the subscription as it was, empty when there is none. */
    public Optional<JsonObject> delete(long id) {
        return Sql.first(
                dataSource,
                "Deleting a webhook",
                "DELETE FROM warden_webhooks WHERE id = ? RETURNING " + SUBSCRIPTION,
                WebhookStore::subscription,
                id);
    }

    /** Makes {@code sealedSecret} the signing secret; the current one keeps signing until {@code overlapUntil}. */
    public Optional<JsonObject> rotate(long id, String sealedSecret, Instant overlapUntil) {
        return Sql.first(
                dataSource,
                "Rotating a webhook secret",
                "UPDATE warden_webhooks SET previous_secret = secret, previous_secret_until = ?, secret = ?, "
                        + "updated_at = now() WHERE id = ? RETURNING " + SUBSCRIPTION,
                WebhookStore::subscription,
                overlapUntil,
                sealedSecret,
                id);
    }

    /** Disables a subscription for {@code reason}; true when it was enabled. */
    public boolean disable(long id, String reason) {
        return Sql.update(
                        dataSource,
                        "Disabling a webhook",
                        "UPDATE warden_webhooks SET enabled = false, disabled_reason = ?, updated_at = now() "
                                + "WHERE id = ? AND enabled",
                        reason,
                        id)
                == 1;
    }

    /**
     * The enabled subscriptions, for matching events; in a transaction of its own, since it is called once the
     * caller's transaction completed.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<Target> enabled() {
        return Sql.list(
                dataSource,
                "Reading enabled webhooks",
                "SELECT id, url, events, enabled FROM warden_webhooks WHERE enabled",
                rs -> new Target(rs.getLong(1), rs.getString(2), texts(rs.getArray(3)), rs.getBoolean(4)));
    }

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
                        instant(rs, 9)),
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
                            rs -> instant(rs, 1),
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

    /** The latest {@code limit} deliveries of a subscription, newest first. */
    public JsonArray deliveries(long webhookId, int limit) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Reading webhook deliveries",
                        "SELECT d.id, e.type, d.status, d.attempts, d.last_status_code, d.last_duration_ms, "
                                + "d.next_attempt_at, d.created_at, d.finished_at, e.msg_id, d.last_error "
                                + "FROM warden_webhook_deliveries d JOIN warden_webhook_events e ON e.id = d.event_id "
                                + "WHERE d.webhook_id = ? ORDER BY d.id DESC LIMIT ?",
                        WebhookStore::delivery,
                        webhookId,
                        limit)
                .forEach(out::add);
        return out.build();
    }

    /** One delivery of a subscription with its attempts and the event's body. */
    public Optional<JsonObject> delivery(long webhookId, long deliveryId) {
        return Sql.with(dataSource, "Reading a webhook delivery", c -> {
            Optional<JsonObject> found = Sql.first(
                    c,
                    "SELECT d.id, e.type, d.status, d.attempts, d.last_status_code, d.last_duration_ms, "
                            + "d.next_attempt_at, d.created_at, d.finished_at, e.msg_id, d.last_error, e.body "
                            + "FROM warden_webhook_deliveries d JOIN warden_webhook_events e ON e.id = d.event_id "
                            + "WHERE d.webhook_id = ? AND d.id = ?",
                    rs -> JSON.createObjectBuilder(delivery(rs))
                            .add("payload", JsonBodies.parse(rs.getString(12)))
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
                                        .add("at", instant(rs, 2).toString());
                                int code = rs.getInt(3);
                                if (rs.wasNull()) {
                                    a.addNull("status_code");
                                } else {
                                    a.add("status_code", code);
                                }
                                a.add("duration_ms", rs.getInt(4));
                                nullable(a, "excerpt", rs.getString(5));
                                nullable(a, "node", rs.getString(6));
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

    private static JsonObject subscription(ResultSet rs) throws SQLException {
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("id", String.valueOf(rs.getLong("id")))
                .add("url", rs.getString("url"))
                .add("events", JSON.createArrayBuilder(texts(rs.getArray("events"))));
        nullable(out, "description", rs.getString("description"));
        out.add("enabled", rs.getBoolean("enabled"));
        nullable(out, "disabled_reason", rs.getString("disabled_reason"));
        Instant overlap = instant(rs, "previous_secret_until");
        nullable(out, "previous_secret_until", overlap == null ? null : overlap.toString());
        Instant failing = instant(rs, "failing_since");
        nullable(out, "failing_since", failing == null ? null : failing.toString());
        out.add("created_at", instant(rs, "created_at").toString());
        out.add("updated_at", instant(rs, "updated_at").toString());
        return out.build();
    }

    private static JsonObject delivery(ResultSet rs) throws SQLException {
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("id", String.valueOf(rs.getLong(1)))
                .add("event", rs.getString(2))
                .add("status", rs.getString(3))
                .add("attempts", rs.getInt(4));
        int code = rs.getInt(5);
        if (rs.wasNull()) {
            out.addNull("last_status_code");
        } else {
            out.add("last_status_code", code);
        }
        int duration = rs.getInt(6);
        if (rs.wasNull()) {
            out.addNull("last_duration_ms");
        } else {
            out.add("last_duration_ms", duration);
        }
        String status = rs.getString(3);
        Instant next = instant(rs, 7);
        nullable(out, "next_attempt_at", status.equals("pending") ? next.toString() : null);
        out.add("created_at", instant(rs, 8).toString());
        Instant finished = instant(rs, 9);
        nullable(out, "finished_at", finished == null ? null : finished.toString());
        out.add("message_id", rs.getString(10));
        nullable(out, "last_error", rs.getString(11));
        return out.build();
    }

    private static void nullable(JsonObjectBuilder out, String name, String value) {
        if (value == null) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }

    private static List<String> texts(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    /** JSON text to a value. */
    static final class JsonBodies {
        private JsonBodies() {}

        static jakarta.json.JsonValue parse(String text) {
            try (var reader = JSON.createReader(new java.io.StringReader(text))) {
                return reader.readValue();
            }
        }
    }
}
