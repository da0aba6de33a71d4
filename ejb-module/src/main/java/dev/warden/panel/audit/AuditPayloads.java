package dev.warden.panel.audit;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Builds and cleans audit payloads (docs/admin-api.md, "Events": {@code create {row}},
 * {@code update {changes: {<column>: {before, after}}}} with changed columns only, {@code delete {row}},
 * {@code auth.* {email?, ip, userAgent}}). Pure functions, no I/O.
 *
 * <p>Secrets never reach an audit row: {@link #scrub} drops {@code password}, {@code password_hash},
 * {@code token_hash}, {@code agent_secret_hash} and every key containing {@code secret} or {@code token}
 * (case-insensitive) except {@code token_version}, at any depth. {@link AuditLog} applies it to every payload
 * it writes, whoever built it.
 */
public final class AuditPayloads {

    /** Keys a row carries beside its columns (docs/admin-api.md, "Rows"); never part of a payload row or diff. */
    private static final Set<String> RESERVED = Set.of("_id", "_labels");
    /** Kept current by a trigger on every UPDATE, so it would appear in every diff without saying anything. */
    private static final String UPDATED_AT = "updated_at";

    private static final Set<String> SECRET_KEYS =
            Set.of("password", "password_hash", "token_hash", "agent_secret_hash");
    private static final String TOKEN_VERSION = "token_version";

    /** The value a redacted column shows in an audit payload. */
    public static final String REDACTED = "(changed)";

    private static final JsonObject REDACTED_CHANGE = JSON.createObjectBuilder()
            .add("before", REDACTED)
            .add("after", REDACTED)
            .build();

    private AuditPayloads() {}

    /** True when a payload key names a secret (see the class comment). */
    public static boolean isSecret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.equals(TOKEN_VERSION)) {
            return false;
        }
        return SECRET_KEYS.contains(k) || k.contains("secret") || k.contains("token");
    }

    /**
     * {@code value} with every secret key removed from every object, recursively (arrays included). A secret key
     * whose value is the redacted change {@code {"before": "(changed)", "after": "(changed)"}} stays: it says
     * that the secret changed, not what it is.
     */
    public static JsonValue scrub(JsonValue value) {
        if (value == null) {
            return null;
        }
        switch (value.getValueType()) {
            case OBJECT -> {
                JsonObjectBuilder out = JSON.createObjectBuilder();
                value.asJsonObject().forEach((key, v) -> {
                    if (!isSecret(key)) {
                        out.add(key, scrub(v));
                    } else if (REDACTED_CHANGE.equals(v)) {
                        out.add(key, v);
                    }
                });
                return out.build();
            }
            case ARRAY -> {
                JsonArrayBuilder out = JSON.createArrayBuilder();
                value.asJsonArray().forEach(v -> out.add(scrub(v)));
                return out.build();
            }
            default -> {
                return value;
            }
        }
    }

    /** {@code {row}} for {@code create} and {@code delete}: the row's columns, without {@code _id} and {@code _labels}. */
    public static JsonObject row(JsonObject row) {
        JsonObjectBuilder columns = JSON.createObjectBuilder();
        row.forEach((key, value) -> {
            if (!RESERVED.contains(key)) {
                columns.add(key, value);
            }
        });
        return JSON.createObjectBuilder().add("row", columns).build();
    }

    /**
     * {@code {changes: {<column>: {before, after}}}} for {@code update}: only the columns whose value differs
     * between the two rows (a column missing on one side counts as null); {@code _id}, {@code _labels} and
     * {@code updated_at} are ignored. Columns keep the order of {@code before}, then new ones of {@code after}.
     */
    public static JsonObject changes(JsonObject before, JsonObject after) {
        JsonObject from = before == null ? JsonValue.EMPTY_JSON_OBJECT : before;
        JsonObject to = after == null ? JsonValue.EMPTY_JSON_OBJECT : after;
        Set<String> columns = new LinkedHashSet<>(from.keySet());
        columns.addAll(to.keySet());
        JsonObjectBuilder changes = JSON.createObjectBuilder();
        for (String column : columns) {
            if (RESERVED.contains(column) || UPDATED_AT.equals(column)) {
                continue;
            }
            JsonValue was = from.getOrDefault(column, JsonValue.NULL);
            JsonValue is = to.getOrDefault(column, JsonValue.NULL);
            if (!was.equals(is)) {
                changes.add(
                        column, JSON.createObjectBuilder().add("before", was).add("after", is));
            }
        }
        return JSON.createObjectBuilder().add("changes", changes).build();
    }

    /**
     * {@link #changes(JsonObject, JsonObject)} with the columns of {@code redacted} shown as changed without their
     * values: {@code {"before": "(changed)", "after": "(changed)"}} (a user's password and email). A redacted column is listed even when it is not part of the rows (a write-only password).
     */
    public static JsonObject changes(JsonObject before, JsonObject after, Set<String> redacted) {
        JsonObject plain = changes(before, after).getJsonObject("changes");
        JsonObjectBuilder changes = JSON.createObjectBuilder();
        JsonObject changed = REDACTED_CHANGE;
        plain.forEach((column, change) -> changes.add(column, redacted.contains(column) ? changed : change));
        redacted.stream().filter(column -> !plain.containsKey(column)).forEach(column -> changes.add(column, changed));
        return JSON.createObjectBuilder().add("changes", changes).build();
    }

    /** {@code {email?, ip, userAgent}} for {@code auth.*} events; {@code email} is left out when null. */
    public static JsonObject auth(String email, String ip, String userAgent) {
        JsonObjectBuilder payload = JSON.createObjectBuilder();
        if (email != null) {
            payload.add("email", email);
        }
        return payload.add("ip", text(ip)).add("userAgent", text(userAgent)).build();
    }

    /**
     * {@link #auth(String, String, String)} plus {@code extra} string fields ({@code method},
     * {@code provider}, {@code reason}); null values are left out, and so is any key {@link #isSecret} names.
     */
    public static JsonObject auth(String email, String ip, String userAgent, java.util.Map<String, String> extra) {
        JsonObjectBuilder payload = JSON.createObjectBuilder(auth(email, ip, userAgent));
        extra.forEach((key, value) -> {
            if (value != null && !isSecret(key)) {
                payload.add(key, value);
            }
        });
        return payload.build();
    }

    private static JsonValue text(String value) {
        return value == null ? JsonValue.NULL : JSON.createValue(value);
    }
}
