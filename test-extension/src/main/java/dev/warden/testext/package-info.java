/**
 * An integrator's jar used by the integration tests: custom entities, their migration and a {@code
 * PanelCustomizer}. Never part of warden.ear.
 */
package dev.warden.testext;
