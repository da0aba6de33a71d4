package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;
import static dev.warden.webhooks.WebhookRows.SUBSCRIPTION;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The subscriptions table (docs/webhooks.md, "Admin API"): create, read, change, delete, rotate the secret, disable,
 * and the enabled ones for matching events. Every method runs in the caller's transaction or its own; no answer
 * carries a secret.
 */
@Stateless
public class WebhookSubscriptions {

    /** Most subscriptions in all. */
    public static final int MAX_SUBSCRIPTIONS = 100;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** An enabled subscription's id, URL and event patterns, for matching events. */
    public record Target(long id, String url, List<String> events, boolean enabled) {}

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
                WebhookRows::subscription,
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
                        WebhookRows::subscription)
                .forEach(out::add);
        return out.build();
    }

    /** One subscription. */
    public Optional<JsonObject> find(long id) {
        return Sql.first(
                dataSource,
                "Reading a webhook",
                "SELECT " + SUBSCRIPTION + " FROM warden_webhooks WHERE id = ?",
                WebhookRows::subscription,
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
                WebhookRows::subscription,
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
                WebhookRows::subscription,
                id);
    }

    /** Makes {@code sealedSecret} the signing secret; the current one keeps signing until {@code overlapUntil}. */
    public Optional<JsonObject> rotate(long id, String sealedSecret, Instant overlapUntil) {
        return Sql.first(
                dataSource,
                "Rotating a webhook secret",
                "UPDATE warden_webhooks SET previous_secret = secret, previous_secret_until = ?, secret = ?, "
                        + "updated_at = now() WHERE id = ? RETURNING " + SUBSCRIPTION,
                WebhookRows::subscription,
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
                rs -> new Target(rs.getLong(1), rs.getString(2), WebhookRows.texts(rs.getArray(3)), rs.getBoolean(4)));
    }
}
