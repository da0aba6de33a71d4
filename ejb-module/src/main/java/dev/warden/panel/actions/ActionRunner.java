package dev.warden.panel.actions;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.ActionContext;
import dev.warden.panel.registry.ResourceDef;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbException;
import java.io.StringReader;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Invokes custom actions: {@code POST /admin-api/:resource/_action/:name} (docs/admin-api.md, "Custom actions" rules 2, 5 and 6).
 *
 * <ul>
 *   <li>{@code roles} is checked literally: a non-empty list never includes admins implicitly; an empty one
 *       lets any signed-in identity invoke the action. Policies and mod scopes never apply.</li>
 *   <li>A per-row action gets the row addressed by the body's {@code id} (its {@code _id}); a bulk action gets
 *       null. The context holds {@code userId} and {@code resource}.</li>
 *   <li>The handler's return value is serialised with JSON-B into {@code result}.</li>
 * </ul>
 */
@Stateless
public class ActionRunner {

    private static final Logger LOG = Logger.getLogger(ActionRunner.class.getName());
    private static final Jsonb JSONB = JsonbBuilder.create();

    @EJB
    ResourceRows rows;

    /**
     * Runs action {@code name} of {@code resource} for {@code operator}.
     *
     * @param body the request body: {@code {id}} for a per-row action, {@code {}} for a bulk one
     * @return the handler's result as JSON ({@code null} when it returned nothing)
     * @throws ApiException 404 for an unknown action or row; 403 when the operator's role is not listed;
     *                      422 when a per-row action gets no {@code id}; 501 for an action without a
     *                      handler; 500 {@code server_error} (with an incident id, no internals) when the
     *                      handler throws
     */
    public JsonValue invoke(ResourceDef resource, String name, JsonObject body, Operator operator) {
        Action action = resource.action(name)
                .orElseThrow(() -> ApiException.notFound("No action '" + name + "' on " + resource.key()));
        if (!action.allowedRoles().isEmpty()
                && !action.allowedRoles().contains(operator.role().wire())) {
            throw ApiException.forbidden("Action '" + name + "' is for " + String.join(", ", action.allowedRoles()));
        }
        if (action.handler() == null) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "Action '" + name + "' has no handler");
        }
        JsonObject row = action.perRow() ? rows.read(resource, rowId(body)) : null;
        ActionContext context = new ActionContext() {
            @Override
            public Long userId() {
                return operator.userId();
            }

            @Override
            public String resource() {
                return resource.key();
            }

            @Override
            public JsonObject args() {
                return body;
            }
        };
        Object result;
        try {
            result = action.handler().handle(row, context);
        } catch (ApiException e) {
            throw e;
        } catch (Exception e) {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "Action " + resource.key() + "/" + name + " failed, incident " + incident, e);
            throw new ApiException(
                    ErrorCode.SERVER_ERROR, "The action '" + name + "' failed (incident " + incident + ")");
        }
        return toJson(result);
    }

    /** The {@code id} of a per-row action's body, as text. */
    static String rowId(JsonObject body) {
        JsonValue id = body.get("id");
        if (id instanceof JsonString text && !text.getString().isBlank()) {
            return text.getString();
        }
        if (id instanceof JsonNumber number) {
            return number.toString();
        }
        throw ApiException.invalid("id", "a per-row action needs the row's id");
    }

    /** A handler's return value as JSON: JSON values as they are, anything else through JSON-B. */
    static JsonValue toJson(Object result) {
        if (result == null) {
            return JsonValue.NULL;
        }
        if (result instanceof JsonValue json) {
            return json;
        }
        try (var reader = JSON.createReader(new StringReader(JSONB.toJson(result)))) {
            return reader.readValue();
        } catch (JsonbException e) {
            throw new IllegalStateException("The action's result cannot be written as JSON: " + e.getMessage(), e);
        }
    }
}
