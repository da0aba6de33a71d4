/**
 * The admin API's JAX-RS application ({@code /admin-api}): the catalog and CRUD routes
 * ({@link dev.warden.web.panel.PanelResource}), the user-moderation routes
 * ({@link dev.warden.web.panel.UserModerationResource}) and the recording of their audit entries after the
 * change committed ({@link dev.warden.web.panel.PanelAudit}). Thin: the logic is in {@code dev.warden.panel.*}.
 */
package dev.warden.web.panel;
