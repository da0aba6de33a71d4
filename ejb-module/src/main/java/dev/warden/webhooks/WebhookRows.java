package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of the webhook tables as the admin API answers them (docs/webhooks.md, "Admin API"): a subscription (never its
 * secrets) and a delivery; shared by {@link WebhookSubscriptions} and {@link WebhookDeliveryLog}.
 */
final class WebhookRows {

    /** The columns {@link #subscription} reads. */
    static final String SUBSCRIPTION = "id, url, events, description, enabled, disabled_reason, "
            + "previous_secret_until, failing_since, created_at, updated_at";

    /** The columns {@link #delivery} reads, in order, from {@code d} (deliveries) joined with {@code e} (events). */
    static final String DELIVERY = "d.id, e.type, d.status, d.attempts, d.last_status_code, d.last_duration_ms, "
            + "d.next_attempt_at, d.created_at, d.finished_at, e.msg_id, d.last_error";

    private WebhookRows() {}

    /** A subscription row (columns {@link #SUBSCRIPTION}) without secrets. */
    static JsonObject subscription(ResultSet rs) throws SQLException {
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

    /** A delivery row (columns {@link #DELIVERY}). */
    static JsonObject delivery(ResultSet rs) throws SQLException {
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("id", String.valueOf(rs.getLong(1)))
                .add("event", rs.getString(2))
                .add("status", rs.getString(3))
                .add("attempts", rs.getInt(4));
        integer(out, "last_status_code", rs, 5);
        integer(out, "last_duration_ms", rs, 6);
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

    /** Adds column {@code column} as a number, or null. */
    static void integer(JsonObjectBuilder out, String name, ResultSet rs, int column) throws SQLException {
        int value = rs.getInt(column);
        if (rs.wasNull()) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }

    /** Adds {@code value}, or null. */
    static void nullable(JsonObjectBuilder out, String name, String value) {
        if (value == null) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }

    /** A text array column as a list (empty for null). */
    static List<String> texts(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    /** A timestamp column, or null. */
    static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    /** A timestamp column, or null. */
    static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    /** JSON text to a value. */
    static JsonValue parse(String text) {
        try (var reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }
}
