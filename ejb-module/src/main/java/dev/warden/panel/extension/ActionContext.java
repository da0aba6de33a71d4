package dev.warden.panel.extension;

/**
 * What an {@link ActionHandler} knows about its invocation (spec/admin-panel.md, "Custom actions", rule 2:
 * "a context holding userId and resource"). Implemented by the action endpoint.
 */
public interface ActionContext {

    /** The invoking identity's user id. */
    Long userId();

    /** The resource key the action belongs to. */
    String resource();
}
