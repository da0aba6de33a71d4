/**
 * Warden's own panel tables (docs/admin-api.md, "Built-in resources"), declared by one
 * {@link dev.warden.panel.extension.PanelCustomizer} through the same extension API integrators use,
 * special rules included ({@code users}' write-only password, {@code userNotes}' author, the audit log's
 * admin-only, read-only access).
 *
 * <p>It owns those declarations. It must not reach into the registry's or the CRUD engine's internals: a
 * rule the extension API cannot express is added to the API (documented in docs/extension.md), not
 * special-cased here or in the engine.
 */
package dev.warden.panel.builtin;
