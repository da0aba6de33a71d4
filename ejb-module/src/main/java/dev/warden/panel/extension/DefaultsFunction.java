package dev.warden.panel.extension;

/**
 * The requirements' {@code create.defaults}: "function (ctx) returning an object (or a promise of one)". One
 * method for both shapes, so {@code ctx -> Map.of(...)} and {@code ctx -> future} both compile.
 */
@FunctionalInterface
public interface DefaultsFunction {

    /**
     * Computes defaults for one INSERT.
     *
     * @return a {@code Map<String, ?>} keyed by SQL column or entity attribute name, a
     *         {@code CompletionStage<? extends Map<String, ?>>}, or null; any other type fails the create
     * @throws Exception to fail the create (the caller reports a server error)
     */
    Object defaults(CreateContext context) throws Exception;
}
