/**
 * The hosting API's limits (docs/hosting-api.md, "Requirements: Limits"): the one declaration of its endpoints and their
 * Limits table ({@link dev.warden.hosting.limits.Endpoint}), which limits a request counts against
 * ({@link dev.warden.hosting.limits.LimitPolicy}), the rate-limit header values, and the one-at-a-time slots shared
 * by every node in PostgreSQL ({@link dev.warden.hosting.limits.InstanceSlots}). The counting itself is
 * {@code dev.warden.hosting.access.HostingAccess} over {@link dev.warden.common.WindowCounters}. It knows nothing of
 * HTTP requests (the web layer's filters call it) and must not depend on the hosting feature packages.
 */
package dev.warden.hosting.limits;
