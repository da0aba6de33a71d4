/**
 * The admin API's JAX-RS application ({@code /admin-api}): the catalog and CRUD routes
 * ({@link dev.warden.web.panel.PanelResource}), the user-moderation, history, export, saved-view, audit-chain and
 * hosting-dashboard routes beside it. Thin (docs/architecture.md, "Requirements: Layout" rule 3): a route parses the
 * request, calls one method of an EJB-module use-case service (which authorises, does the work and records the audit
 * entry) and maps the answer; nothing here depends on {@code panel.policy} or {@code panel.audit}
 * ({@code ArchitectureTest}).
 */
package dev.warden.web.panel;
