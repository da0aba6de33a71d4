package dev.warden.panel.extension;

import jakarta.json.JsonObject;

/** The body of a custom action (docs/admin-api.md, "Custom actions", {@code handler}). */
@FunctionalInterface
public interface ActionHandler {

    /**
     * Runs the action.
     *
     * @param row     the row as the API returns it, for a per-row action; null for a bulk action (rule 2)
     * @param context the invoking identity and the resource key
     * @return the result, JSON-serialized into the response's {@code result} and the audit payload
     * @throws Exception to fail the action
     */
    Object handle(JsonObject row, ActionContext context) throws Exception;
}
