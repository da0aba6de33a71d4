package dev.warden.panel.catalog;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.AccessRules;
import dev.warden.panel.policy.FieldAccess;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * The catalog {@code GET /admin-api} (docs/admin-api.md, "Catalog" and "Payloads"):
 * every resource the operator may list, with columns, list/form/show layout, relations, actions and the
 * operator's {@code can} flags.
 *
 * <p>{@code form.fields} is the configured form (create and edit); {@code form.create_fields} is the same
 * list without primary-key columns and columns with a database default, which the create form hides
 * (docs/admin-api.md, "Resource definition", {@code form.fields}). {@code actions} lists each custom
 * action as {@code {name, label, per_row, confirm}} ({@code confirm} omitted when the action has none, else {@code {title, description?}}); a column's {@code link_to}
 * is omitted when it links nowhere (never {@code null}: openapi/warden-admin.yaml, docs/decisions/README.md).
 *
 * <p>Each resource is described as the operator sees it ({@code FieldAccess.view}): columns
 * they may not read are absent everywhere, and a column's {@code read_only} is true when they may not write it
 * (a column write policy) or nobody writes it through the panel ({@code ColumnBuilder.readOnly}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class CatalogService {

    @EJB
    ResourceRegistry registry;

    /**
     * {@code GET /admin-api}: the catalog as {@code operator} sees it.
     *
     * @throws dev.warden.common.ApiException 403 {@code forbidden} for role user (docs/admin-api.md, "Authentication" rule 8)
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED) // a refusal outside a global transaction logs WLTC0017E
    public JsonObject catalog(Operator operator) {
        if (!operator.isOperator()) {
            throw dev.warden.common.ApiException.forbidden("The panel is for admins and moderators");
        }
        JsonArrayBuilder resources = JSON.createArrayBuilder();
        for (ResourceDef resource : registry.all()) {
            if (AccessRules.allows(operator, Operation.LIST, resource)) {
                resources.add(describe(
                        FieldAccess.view(
                                operator, resource, key -> registry.find(key).orElse(null)),
                        operator));
            }
        }
        JsonArrayBuilder scopes = JSON.createArrayBuilder();
        operator.scopes().forEach(scopes::add);
        return JSON.createObjectBuilder()
                .add(
                        "operator",
                        JSON.createObjectBuilder()
                                .add("id", operator.userId())
                                .add("role", operator.role().wire())
                                .add("scopes", scopes))
                .add("resources", resources)
                .build();
    }

    private static JsonObject describe(ResourceDef r, Operator operator) {
        JsonArrayBuilder primaryKey = JSON.createArrayBuilder();
        r.primaryKey().forEach(primaryKey::add);
        JsonArrayBuilder columns = JSON.createArrayBuilder();
        for (ColumnDef c : r.columns()) {
            JsonObjectBuilder column = JSON.createObjectBuilder()
                    .add("name", c.name())
                    .add("label", c.label())
                    .add("type", c.type().wireName())
                    .add("nullable", c.nullable())
                    .add("has_default", c.hasDefault())
                    .add("primary_key", c.primaryKey())
                    .add(
                            "read_only",
                            r.lockedColumns().contains(c.name())
                                    || r.readOnlyColumns().contains(c.name()));
            if (c.linkTo() != null) {
                column.add("link_to", JSON.createObjectBuilder().add("resource", c.linkTo()));
            } else if (c.linkFromColumn() != null) {
                column.add("link_to", JSON.createObjectBuilder().add("resourceFromColumn", c.linkFromColumn()));
            }
            columns.add(column);
        }
        JsonArrayBuilder relations = JSON.createArrayBuilder();
        for (RelationDef rel : r.relations()) {
            relations.add(JSON.createObjectBuilder()
                    .add("name", rel.name())
                    .add("label", rel.label())
                    .add("target", rel.target())
                    .add("kind", rel.kind().wireName())
                    .add("fk", rel.fk()));
        }
        JsonObjectBuilder can = JSON.createObjectBuilder();
        AccessRules.ACTIONS.forEach(action -> can.add(action.wireName(), AccessRules.allows(operator, action, r)));
        return JSON.createObjectBuilder()
                .add("key", r.key())
                .add("label", r.label())
                .add("icon", r.icon().wireName())
                .add("table", r.table())
                .add("primary_key", primaryKey)
                .add("columns", columns)
                .add(
                        "list",
                        JSON.createObjectBuilder()
                                .add("columns", strings(r.listColumns()))
                                .add(
                                        "default_sort",
                                        JSON.createObjectBuilder()
                                                .add("field", r.defaultSort().field())
                                                .add(
                                                        "order",
                                                        r.defaultSort().order().wireName())))
                .add(
                        "form",
                        JSON.createObjectBuilder()
                                .add("fields", strings(r.formFields()))
                                .add("create_fields", strings(r.createFields())))
                .add("show", JSON.createObjectBuilder().add("fields", strings(r.showFields())))
                .add("relations", relations)
                .add("actions", actions(r))
                .add("can", can)
                .build();
    }

    /** {@code [{name, label, per_row, confirm?: {title, description?}}]} in definition order ({@code confirm} omitted when none). */
    private static JsonArrayBuilder actions(ResourceDef r) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        for (Action action : r.actions()) {
            JsonObjectBuilder a = JSON.createObjectBuilder()
                    .add("name", action.name())
                    .add("label", action.label())
                    .add("per_row", action.perRow());
            if (action.confirm() != null) {
                JsonObjectBuilder confirm =
                        JSON.createObjectBuilder().add("title", action.confirm().title());
                if (action.confirm().description() != null) {
                    confirm.add("description", action.confirm().description());
                }
                a.add("confirm", confirm);
            }
            out.add(a);
        }
        return out;
    }

    private static JsonArrayBuilder strings(java.util.List<String> values) {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        values.forEach(out::add);
        return out;
    }
}
