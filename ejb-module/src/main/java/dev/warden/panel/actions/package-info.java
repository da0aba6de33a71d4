/**
 * Custom actions of panel resources (spec/admin-panel.md, Custom actions): looking up and invoking an
 * integrator's action handler, gated by the action's own roles ({@link dev.warden.panel.actions.ActionRunner}).
 */
package dev.warden.panel.actions;
