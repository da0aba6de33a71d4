package dev.warden.panel.extension;

/** Create behaviour ({@code create} in docs/admin-api.md, "Resource definition"). */
public interface CreateBuilder {

    /**
     * Server-side defaults merged into the body before every INSERT; the request body wins per column
     * (rule 3). The function receives a {@link CreateContext} and returns a {@code Map<String, ?>}, a
     * {@code CompletionStage} of one (waited for up to 10 seconds), or null for no defaults. Keys may be
     * SQL column names or entity attribute names: both are normalized to SQL columns, unknown keys dropped
     * (logged at FINE). A later call replaces the function.
     */
    CreateBuilder defaults(DefaultsFunction defaults);
}
