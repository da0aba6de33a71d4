package dev.warden.panel.history;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * What a history entry may show its reader ("Write-only and unreadable columns are never
 * revealed by the history"). Pure logic. Only columns of the reader's view of the resource are kept: a column they
 * may not read, a write-only field ({@code password}), a hidden column ({@code password_hash}) and a credential
 * change ({@code "(changed)"}) never appear. {@code create}/{@code delete} keep {@code {row}}, {@code update} keeps
 * {@code {changes}}, both with {@code reverted_from} when present; a custom action keeps its {@code name} (and
 * {@code error}): its arguments and result are free-form; any other entry keeps nothing.
 */
public final class HistoryPayloads {

    private HistoryPayloads() {}

    /** The payload of an entry with {@code action} as the reader of {@code view} may see it. */
    public static JsonObject visible(String action, JsonValue payload, ResourceDef view) {
        JsonObjectBuilder out = JSON.createObjectBuilder();
        if (!(payload instanceof JsonObject object)) {
            return out.build();
        }
        switch (action) {
            case "create", "delete" -> {
                if (object.get("row") instanceof JsonObject row) {
                    out.add("row", columns(row, view, false));
                }
            }
            case "update" -> {
                if (object.get("changes") instanceof JsonObject changes) {
                    out.add("changes", columns(changes, view, true));
                }
            }
            case "custom" -> {
                if (object.get("name") instanceof JsonString name) {
                    out.add("name", name);
                }
                if (object.get("error") instanceof JsonString error) {
                    out.add("error", error);
                }
            }
            default -> {
                return out.build();
            }
        }
        if (object.get("reverted_from") != null) {
            out.add("reverted_from", object.get("reverted_from"));
        }
        return out.build();
    }

    private static JsonObject columns(JsonObject values, ResourceDef view, boolean changes) {
        JsonObjectBuilder kept = JSON.createObjectBuilder();
        values.forEach((column, value) -> {
            if (view.column(column).isEmpty() || (changes && redacted(value))) {
                return;
            }
            kept.add(column, value);
        });
        return kept.build();
    }

    /** True for a credential change recorded as {@code {"before": "(changed)", "after": "(changed)"}}. */
    static boolean redacted(JsonValue change) {
        return change instanceof JsonObject c && (isRedacted(c.get("before")) || isRedacted(c.get("after")));
    }

    private static boolean isRedacted(JsonValue value) {
        return value instanceof JsonString s && AuditPayloads.REDACTED.equals(s.getString());
    }
}
