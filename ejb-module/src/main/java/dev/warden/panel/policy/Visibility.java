package dev.warden.panel.policy;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Set;

/**
 * What a row's {@code _labels} and a {@code _counts} answer may reveal: a label of a
 * target the caller may not read is omitted, and a count of a relation whose rows the caller may not read is
 * left out. {@code readable} is the set of resource keys the caller may read
 * ({@link AccessRules#readable}). Pure logic.
 */
public final class Visibility {

    private Visibility() {}

    /** {@code row} with only the {@code _labels} entries whose foreign key points at a readable resource. */
    public static JsonObject row(JsonObject row, ResourceDef resource, Set<String> readable) {
        JsonValue labels = row.get("_labels");
        if (!(labels instanceof JsonObject byColumn) || byColumn.isEmpty()) {
            return row;
        }
        JsonObjectBuilder kept = JSON.createObjectBuilder();
        boolean dropped = false;
        for (var entry : byColumn.entrySet()) {
            boolean visible = resource.relations().stream()
                    .anyMatch(r -> r.isOne() && entry.getKey().equals(r.fk()) && readable.contains(r.target()));
            if (visible) {
                kept.add(entry.getKey(), entry.getValue());
            } else {
                dropped = true;
            }
        }
        return dropped ? JSON.createObjectBuilder(row).add("_labels", kept).build() : row;
    }

    /** Every row of {@code rows} through {@link #row}. */
    public static JsonArray rows(JsonArray rows, ResourceDef resource, Set<String> readable) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        for (JsonValue row : rows) {
            out.add(row instanceof JsonObject object ? row(object, resource, readable) : row);
        }
        return out.build();
    }

    /** {@code counts} ({@code {"<relation>": n}}) without the relations whose target is not readable. */
    public static JsonObject counts(JsonObject counts, ResourceDef resource, Set<String> readable) {
        JsonObjectBuilder out = JSON.createObjectBuilder();
        counts.forEach((name, n) -> {
            boolean visible =
                    resource.relations().stream().anyMatch(r -> r.name().equals(name) && readable.contains(r.target()));
            if (visible) {
                out.add(name, n);
            }
        });
        return out.build();
    }
}
