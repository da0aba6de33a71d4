/**
 * The extension API (docs/extension.md): how an integrator adds custom tables to the admin panel and
 * customizes built-in ones. The requirements' three configuration options map to three calls on
 * {@link dev.warden.panel.extension.PanelConfig}:
 *
 * <ul>
 *   <li>{@code tables} (which tables exist in the panel): {@link dev.warden.panel.extension.PanelConfig#table};</li>
 *   <li>{@code resources} (how each one looks and behaves): {@link dev.warden.panel.extension.PanelConfig#resource};</li>
 *   <li>{@code relations} (relations the database does not declare): {@link dev.warden.panel.extension.PanelConfig#relation}.</li>
 * </ul>
 *
 * <p>An integrator's jar in the EAR's {@code lib/} ships JPA-annotated entity classes (the registry reads
 * their {@code @Table} and column annotations), Flyway migrations listed in its own
 * {@code META-INF/warden-migrations.txt}, and a CDI bean implementing
 * {@link dev.warden.panel.extension.PanelCustomizer}. {@code docs/extension.md} has a complete example.
 *
 * <p>The package is self-contained: it depends only on the JDK, Jakarta (JSON-P) and its own types, never on
 * the rest of Warden (the registry reads its builders, not the other way round), so it can move into a jar of
 * its own in the EAR's {@code lib/}. Warden's built-in tables use it too ({@code dev.warden.panel.builtin}).
 */
package dev.warden.panel.extension;
