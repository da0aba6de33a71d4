/**
 * MicroProfile REST clients of the upstream providers (infrastructure, billing, instance agents) with their
 * fault-tolerance settings, and the payload types they return (docs/architecture.md, "Requirements: Hosting side").
 */
package dev.warden.hosting.provider;
