/**
 * Custom actions of panel resources (docs/admin-api.md, "Custom actions"): looking up and invoking an
 * integrator's action handler, gated by the action's own roles ({@link dev.warden.panel.actions.ActionRunner}).
 */
package dev.warden.panel.actions;
