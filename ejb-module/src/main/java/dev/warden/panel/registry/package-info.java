/**
 * The panel's resource registry (docs/admin-api.md, "What the panel does" rules 1 and 2; docs/extension.md):
 * collects the {@code tables}, {@code resources} and {@code relations} settings the
 * {@link dev.warden.panel.extension.PanelCustomizer}s give ({@code PanelSettings}, {@code ResourceSettings}),
 * reads each table from the PostgreSQL catalog ({@code CatalogReader}), derives relations
 * ({@code RelationGraph}) and assembles the immutable {@code ResourceDef}s ({@code ResourceAssembler}) that
 * {@code ResourceRegistry} serves.
 *
 * <p>It owns the resource model. It depends only on the extension API, Jakarta and the JDK: it must not know
 * any particular table (the built-in ones are declared in {@code dev.warden.panel.builtin}), check access
 * (that is {@code dev.warden.panel.policy}), render the catalog ({@code dev.warden.panel.catalog}) or run
 * SQL beyond reading the catalog.
 */
package dev.warden.panel.registry;
