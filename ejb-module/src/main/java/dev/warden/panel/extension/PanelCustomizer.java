package dev.warden.panel.extension;

/**
 * An integrator's contribution to the panel (docs/extension.md). Implement it in a CDI bean
 * ({@code @ApplicationScoped}) in a jar of the EAR; the resource registry finds every such bean at
 * start-up and calls {@link #customize} once, after registering the built-in tables and before it reads
 * the database catalog.
 *
 * <p>Several customizers may exist. They run in order of their bean class's
 * {@code @jakarta.annotation.Priority} (lower first; none counts as {@code 0}), then by class name, so
 * the order is stable; the custom tables appear in the sidebar after the built-in ones in the order
 * they were registered.
 *
 * <p>An exception thrown here stops the application from starting (the message names the customizer);
 * so do invalid configuration errors such as a duplicate table key (see {@link PanelConfig}).
 */
@FunctionalInterface
public interface PanelCustomizer {

    /**
     * Registers tables, resource definitions and relations on {@code panel}. Called once, at start-up,
     * on the thread that builds the registry; {@code panel} must not be kept or used afterwards.
     */
    void customize(PanelConfig panel);
}
