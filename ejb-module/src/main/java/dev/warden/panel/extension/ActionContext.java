package dev.warden.panel.extension;

/**
 * What an {@link ActionHandler} knows about its invocation (docs/admin-api.md, "Custom actions" rule 2:
 * "a context holding userId and resource"). Implemented by the action endpoint.
 */
public interface ActionContext {

    /** The invoking identity's user id. */
    Long userId();

    /** The resource key the action belongs to. */
    String resource();

    /**
     * The request body the action was invoked with ({@code {id, ...}} for a per-row action, {@code {...}} for a
     * bulk one), so an action can take arguments such as a name; empty when there is none. The body is
     * recorded in the audit log's {@code args}: never expect secrets in it.
     */
    default jakarta.json.JsonObject args() {
        return jakarta.json.JsonValue.EMPTY_JSON_OBJECT;
    }
}
