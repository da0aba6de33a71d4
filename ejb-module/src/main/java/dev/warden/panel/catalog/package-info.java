/**
 * The catalog endpoint's document ({@code GET /admin-api}; docs/admin-api.md, "Catalog"): every resource
 * the operator may list, as JSON, with the operator's {@code can} flags.
 *
 * <p>It owns the catalog's wire shape only: it reads the registry and asks {@code dev.warden.panel.policy}
 * for the flags, and must not decide access itself or change resources.
 */
package dev.warden.panel.catalog;
