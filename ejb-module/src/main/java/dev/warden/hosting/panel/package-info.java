/**
 * Registers the hosting tables as admin-panel resources through the same extension API an integrator uses
 * ({@code PanelCustomizer}).
 */
package dev.warden.hosting.panel;
