package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The webhook use cases (docs/webhooks.md; docs/security.md, the {@code _webhooks} rows), for admins only (403 for
 * everyone else): subscriptions (create with a secret shown once, list, read, change, delete, rotate the secret with
 * an overlap), the delivery log (list, read with attempts, retry one), replay of a time range and a test event. Each
 * change is audited as {@code webhook.create|update|delete|rotate|retry|replay|test} through {@link AuditTrail};
 * no audit payload or answer other than create's and rotate's carries a secret.
 */
@Stateless
public class Webhooks {

    /** The audit entries' resource. */
    public static final String RESOURCE = "webhooks";
    /** Longest description, in characters. */
    public static final int MAX_DESCRIPTION = 500;
    /** Deliveries a log page shows at most. */
    public static final int MAX_DELIVERIES = 200;
    /** Longest rotation overlap, in hours. */
    public static final int MAX_OVERLAP_HOURS = 168;

    private static final Set<String> PATCHABLE = Set.of("url", "events", "description", "enabled");

    @EJB
    WebhookSubscriptions subscriptions;

    @EJB
    WebhookDeliveryLog log;

    @EJB
    WebhookDispatcher dispatcher;

    @Inject
    WebhookEvents events;

    @Inject
    AuditTrail trail;

    /** Every subscription, without secrets. @throws ApiException 403 for a non-admin */
    public JsonArray list(Operator operator) {
        adminOnly(operator);
        return subscriptions.list();
    }

    /** One subscription. @throws ApiException 403 for a non-admin; 404 no such subscription */
    public JsonObject read(Operator operator, String id) {
        adminOnly(operator);
        return subscriptions.find(id(id)).orElseThrow(() -> missing(id));
    }

    /**
     * Creates a subscription from {@code {url, events, description?}} (read after the access check): the answer
     * carries the new {@code secret} ({@code whsec_...}), shown this once.
     *
     * @throws ApiException 400 bad body; 403 for a non-admin; 422 a refused URL, malformed events or description,
     *                      or {@value WebhookSubscriptions#MAX_SUBSCRIPTIONS} subscriptions already
     */
    public JsonObject create(Operator operator, Supplier<JsonObject> body) {
        adminOnly(operator);
        JsonObject in = body.get();
        String url = url(in.get("url"));
        List<String> patterns = EventPatterns.parse(in.get("events"));
        String description = description(in.get("description"));
        String secret = WebhookSecrets.generate();
        JsonObject created = subscriptions
                .create(url, patterns, description, secrets().seal(secret), operator.userId())
                .orElseThrow(() -> ApiException.invalid(
                        "url", "at most " + WebhookSubscriptions.MAX_SUBSCRIPTIONS + " webhooks; delete one first"));
        events.changed();
        trail.afterCommit(new AuditRecord(
                operator.userId(), "webhook.create", RESOURCE, created.getString("id"), audited(created)));
        return JSON.createObjectBuilder(created).add("secret", secret).build();
    }

    /** What {@link #change} does to a subscription. */
    public enum Change {
        /** {@code PATCH}: the fields given. */
        UPDATE,
        /** {@code POST .../rotate}: a new secret. */
        ROTATE
    }

    /**
     * Changes a subscription (docs/webhooks.md, "Admin API"), one path for both kinds of change: {@link
     * Change#UPDATE} sets {@code url}, {@code events}, {@code description} (null clears it) or {@code enabled}
     * (enabling clears the disabling reason and the failure streak) and answers the subscription; {@link
     * Change#ROTATE} gives it a new secret (in the answer's {@code secret}, shown once) while the old one keeps signing
     * beside it for {@code overlap_hours} (body, default 24, 0 to {@value #MAX_OVERLAP_HOURS}). The body is read after
     * the access check.
     *
     * @throws ApiException 400 bad body; 403 for a non-admin; 404 no such subscription; 422 a bad or unknown field, or
     *                      a bad {@code overlap_hours}
     */
    public JsonObject change(Operator operator, String id, Change change, Supplier<JsonObject> body) {
        adminOnly(operator);
        long key = id(id);
        JsonObject in = body.get();
        return change == Change.ROTATE ? rotate(operator, key, id, in) : update(operator, key, id, in);
    }

    private JsonObject update(Operator operator, long key, String id, JsonObject in) {
        for (String field : in.keySet()) {
            if (!PATCHABLE.contains(field)) {
                throw ApiException.invalid(field, "not a field of a webhook (url, events, description, enabled)");
            }
        }
        String url = in.containsKey("url") ? url(in.get("url")) : null;
        List<String> patterns = in.containsKey("events") ? EventPatterns.parse(in.get("events")) : null;
        boolean clear = in.containsKey("description") && in.get("description") == JsonValue.NULL;
        String description = in.containsKey("description") ? description(in.get("description")) : null;
        Boolean enabled = null;
        if (in.containsKey("enabled")) {
            JsonValue value = in.get("enabled");
            if (value != JsonValue.TRUE && value != JsonValue.FALSE) {
                throw ApiException.invalid("enabled", "true or false");
            }
            enabled = value == JsonValue.TRUE;
        }
        JsonObject before = subscriptions.find(key).orElseThrow(() -> missing(id));
        JsonObject after = subscriptions
                .update(key, url, patterns, description, clear, enabled)
                .orElseThrow(() -> missing(id));
        events.changed();
        trail.afterCommit(new AuditRecord(
                operator.userId(),
                "webhook.update",
                RESOURCE,
                id,
                dev.warden.panel.audit.AuditPayloads.changes(audited(before), audited(after))));
        return after;
    }

    private JsonObject rotate(Operator operator, long key, String id, JsonObject in) {
        int hours = 24;
        if (in.containsKey("overlap_hours")) {
            if (!(in.get("overlap_hours") instanceof JsonNumber n)
                    || !n.isIntegral()
                    || n.intValue() < 0
                    || n.intValue() > MAX_OVERLAP_HOURS) {
                throw ApiException.invalid("overlap_hours", "a whole number of hours from 0 to " + MAX_OVERLAP_HOURS);
            }
            hours = n.intValue();
        }
        String secret = WebhookSecrets.generate();
        Instant until = Instant.now().plus(Duration.ofHours(hours));
        JsonObject rotated =
                subscriptions.rotate(key, secrets().seal(secret), until).orElseThrow(() -> missing(id));
        trail.afterCommit(new AuditRecord(
                operator.userId(),
                "webhook.rotate",
                RESOURCE,
                id,
                JSON.createObjectBuilder()
                        .add("overlap_until", until.toString())
                        .build()));
        return JSON.createObjectBuilder(rotated).add("secret", secret).build();
    }

    /** Deletes a subscription and its deliveries. @throws ApiException 403 non-admin; 404 no such subscription */
    public JsonObject delete(Operator operator, String id) {
        adminOnly(operator);
        JsonObject deleted = subscriptions.delete(id(id)).orElseThrow(() -> missing(id));
        events.changed();
        trail.afterCommit(new AuditRecord(operator.userId(), "webhook.delete", RESOURCE, id, audited(deleted)));
        return deleted;
    }

    /**
     * The subscription's latest deliveries, newest first ({@code limit} 1 to {@value #MAX_DELIVERIES}, default 50).
     *
     * @throws ApiException 403 non-admin; 404 no such subscription; 422 bad limit
     */
    public JsonArray deliveries(Operator operator, String id, String limit) {
        adminOnly(operator);
        long key = id(id);
        int n = 50;
        if (limit != null) {
            try {
                n = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > MAX_DELIVERIES) {
                throw ApiException.invalid("_limit", "a number from 1 to " + MAX_DELIVERIES);
            }
        }
        subscriptions.find(key).orElseThrow(() -> missing(id));
        return log.deliveries(key, n);
    }

    /** One delivery with its attempts and payload. @throws ApiException 403 non-admin; 404 no such delivery */
    public JsonObject delivery(Operator operator, String id, String delivery) {
        adminOnly(operator);
        return log.delivery(id(id), id(delivery)).orElseThrow(() -> missing(id + "/" + delivery));
    }

    /** Makes one delivery due now for one more attempt. @throws ApiException 403 non-admin; 404 no such delivery */
    public void retry(Operator operator, String id, String delivery) {
        adminOnly(operator);
        if (!log.retry(id(id), id(delivery))) {
            throw missing(id + "/" + delivery);
        }
        trail.afterCommit(new AuditRecord(
                operator.userId(),
                "webhook.retry",
                RESOURCE,
                id,
                JSON.createObjectBuilder().add("delivery_id", delivery).build()));
    }

    /**
     * Queues again, to this subscription, every event it was sent from {@code from} (inclusive) to {@code to}
     * (exclusive), ISO 8601 instants in the body; at most {@value WebhookDeliveryLog#MAX_REPLAY}.
     *
     * @return {@code {queued}}
     * @throws ApiException 400 bad body; 403 non-admin; 404 no such subscription; 422 bad or reversed times
     */
    public JsonObject replay(Operator operator, String id, Supplier<JsonObject> body) {
        adminOnly(operator);
        long key = id(id);
        JsonObject in = body.get();
        Instant from = instant(in, "from");
        Instant to = instant(in, "to");
        if (!from.isBefore(to)) {
            throw ApiException.invalid("to", "must be after from");
        }
        subscriptions.find(key).orElseThrow(() -> missing(id));
        int queued = log.replay(key, from, to);
        trail.afterCommit(new AuditRecord(
                operator.userId(),
                "webhook.replay",
                RESOURCE,
                id,
                JSON.createObjectBuilder()
                        .add("from", from.toString())
                        .add("to", to.toString())
                        .add("queued", queued)
                        .build()));
        return JSON.createObjectBuilder().add("queued", queued).build();
    }

    /**
     * Queues a {@code webhook.test} event to this subscription only, whatever its patterns.
     *
     * @return {@code {delivery_id}}
     * @throws ApiException 403 non-admin; 404 no such subscription
     */
    public JsonObject test(Operator operator, String id) {
        adminOnly(operator);
        long key = id(id);
        subscriptions.find(key).orElseThrow(() -> missing(id));
        JsonObject data = JSON.createObjectBuilder()
                .add("webhook_id", id)
                .add("message", "A test event sent from the panel")
                .add("operator_id", String.valueOf(operator.userId()))
                .build();
        List<Long> ids = events.queue(new WebhookQueue.Event(
                WebhookEvents.newMessageId(),
                "webhook.test",
                WebhookEvents.body("webhook.test", Instant.now(), data),
                List.of(key)));
        trail.afterCommit(new AuditRecord(operator.userId(), "webhook.test", RESOURCE, id, null));
        return JSON.createObjectBuilder()
                .add("delivery_id", String.valueOf(ids.get(0)))
                .build();
    }

    private WebhookSecrets secrets() {
        return new WebhookSecrets(dispatcher.settings().secretKey());
    }

    private String url(JsonValue raw) {
        if (!(raw instanceof JsonString s) || s.getString().isBlank()) {
            throw ApiException.invalid("url", "required: an http or https URL");
        }
        String url = s.getString().strip();
        if (url.length() > TargetPolicy.MAX_URL) {
            throw ApiException.invalid("url", "at most " + TargetPolicy.MAX_URL + " characters");
        }
        new TargetPolicy(dispatcher.settings().privateTargets()).refusal(url).ifPresent(why -> {
            throw ApiException.invalid("url", why);
        });
        return url;
    }

    private static String description(JsonValue raw) {
        if (raw == null || raw == JsonValue.NULL) {
            return null;
        }
        if (!(raw instanceof JsonString s) || s.getString().length() > MAX_DESCRIPTION) {
            throw ApiException.invalid("description", "a string of at most " + MAX_DESCRIPTION + " characters");
        }
        return s.getString();
    }

    private static Instant instant(JsonObject in, String field) {
        if (!(in.get(field) instanceof JsonString s)) {
            throw ApiException.invalid(field, "required: an ISO 8601 instant such as 2026-01-31T12:00:00Z");
        }
        try {
            return Instant.parse(s.getString());
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(field, "an ISO 8601 instant such as 2026-01-31T12:00:00Z");
        }
    }

    /** The subscription's fields an audit entry keeps: no dates, never a secret. */
    private static JsonObject audited(JsonObject subscription) {
        JsonObjectBuilder out = JSON.createObjectBuilder();
        for (String field : List.of("url", "events", "description", "enabled")) {
            out.add(field, subscription.getOrDefault(field, JsonValue.NULL));
        }
        return out.build();
    }

    private static long id(String id) {
        try {
            long value = Long.parseLong(id);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw missing(id);
    }

    private static ApiException missing(String id) {
        return ApiException.notFound("No webhook '" + id + "'");
    }

    private static void adminOnly(Operator operator) {
        if (!operator.isAdmin()) {
            throw ApiException.forbidden("Only admins manage webhooks");
        }
    }
}
