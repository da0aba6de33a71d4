package dev.warden.panel.policy;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Field-level permissions: the column read and write policies of the extension API
 * ({@code ColumnBuilder.read}/{@code write}) applied to one caller. Pure logic.
 *
 * <p>{@link #view} is the resource as the caller sees it: every panel route works on it (it is what
 * {@link Moderation#authorize} answers), so an unreadable column is never selected, listed, labelled or shown in
 * the catalog, and a filter, sort or {@code _q} on it is an unknown column (422), exactly like a column that does
 * not exist. {@link #checkBody} refuses a body that writes a column the caller may not write (403 naming the
 * column). A column policy is evaluated like a resource policy: roles literally (admin not implied), everyone,
 * deny. Mod scopes are checked first by the resource's own rules.
 */
public final class FieldAccess {

    private FieldAccess() {}

    /** True when {@code policy} (null: no column policy) lets {@code operator} in. */
    public static boolean allows(Operator operator, Policy policy) {
        if (policy == null) {
            return true;
        }
        return switch (policy.kind()) {
            case EVERYONE -> true;
            case DENY -> false;
            case ROLES -> policy.allowedRoles().contains(operator.role().wire());
        };
    }

    /**
     * {@code resource} without the columns {@code operator} may not read, knowing which ones they may not write, and
     * without the {@code many} relations whose foreign key (a column of the related resource) {@code operator} may
     * not read there: filtering related rows on a hidden column would reveal it (docs/security.md, "Field
     * permissions").
     *
     * @param targets the full definition of a related resource by key (null when unknown)
     */
    public static ResourceDef view(
            Operator operator, ResourceDef resource, java.util.function.Function<String, ResourceDef> targets) {
        Set<String> unreadableRelations = new LinkedHashSet<>();
        for (var relation : resource.relations()) {
            ResourceDef target = relation.isMany() ? targets.apply(relation.target()) : null;
            if (target != null && !allows(operator, target.columnReadPolicies().get(relation.fk()))) {
                unreadableRelations.add(relation.name());
            }
        }
        if (!resource.hasColumnPolicies() && unreadableRelations.isEmpty()) {
            return resource;
        }
        Set<String> hidden = new LinkedHashSet<>();
        resource.columnReadPolicies().forEach((column, policy) -> {
            if (!allows(operator, policy)) {
                hidden.add(column);
            }
        });
        Set<String> locked = new LinkedHashSet<>();
        resource.columnWritePolicies().forEach((column, policy) -> {
            if (!allows(operator, policy)) {
                locked.add(column);
            }
        });
        return resource.restrictedTo(hidden, locked, unreadableRelations);
    }

    /** True when {@code view} shows its label column to its caller (or it has none to hide). */
    public static boolean labelVisible(ResourceDef full, ResourceDef view) {
        return full.labelColumn().equals(view.labelColumn());
    }

    /**
     * The body a create or update may go on with: a key naming a column the caller may not
     * read, or a column they may not write, is 403 {@code forbidden} naming the column; on update
     * ({@code current} the row as the caller reads it), a not-writable but readable column whose value equals the
     * current one is dropped instead (a whole row sent back).
     *
     * @param view    the resource as the caller sees it ({@link #view})
     * @param body    the request body
     * @param current the row before the update, or null on create
     * @throws ApiException 403 naming the first such column
     */
    public static JsonObject checkBody(ResourceDef view, JsonObject body, JsonObject current) {
        if (view.hiddenColumns().isEmpty() && view.lockedColumns().isEmpty()) {
            return body;
        }
        JsonObjectBuilder kept = JSON.createObjectBuilder();
        for (Map.Entry<String, JsonValue> entry : body.entrySet()) {
            String name = entry.getKey();
            if (view.hiddenColumns().contains(name)) {
                throw forbidden(view, name);
            }
            if (view.lockedColumns().contains(name)) {
                if (current != null && same(entry.getValue(), current.get(name))) {
                    continue;
                }
                throw forbidden(view, name);
            }
            kept.add(name, entry.getValue());
        }
        return kept.build();
    }

    /** True when {@code body} names a column the caller may not write (the update then needs the current row). */
    public static boolean namesLocked(ResourceDef view, JsonObject body) {
        return body.keySet().stream().anyMatch(view.lockedColumns()::contains);
    }

    private static ApiException forbidden(ResourceDef view, String column) {
        return ApiException.forbidden("You may not write the column '" + column + "' of " + view.key());
    }

    private static boolean same(JsonValue a, JsonValue b) {
        if (b == null) {
            return a == null || a == JsonValue.NULL;
        }
        if (a instanceof JsonNumber x && b instanceof JsonNumber y) {
            return x.bigDecimalValue().compareTo(y.bigDecimalValue()) == 0;
        }
        return a.equals(b);
    }
}
