/**
 * The extension API (DESIGN.md section 4): how an integrator adds custom tables to the admin panel and
 * customizes built-in ones. The spec's three configuration options map to three calls on
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
 */
package dev.warden.panel.extension;
