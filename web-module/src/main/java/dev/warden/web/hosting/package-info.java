/**
 * The hosting API under {@code /api/v1} (docs/hosting-api.md, "Requirements"): thin JAX-RS resources, one line each, the
 * request's team, and the filters applied to every method annotated {@link dev.warden.web.hosting.HostingEndpoint}:
 * the access check (token and rate limits, one decision of {@link dev.warden.hosting.access.HostingAccess} mapped to
 * 401, 429 or the rate-limit headers), then the response cache, then the one-at-a-time-per-instance slot. Numbers and
 * rules come from {@link dev.warden.hosting.limits.Endpoint} and the EJBs of {@code dev.warden.hosting.*}; this package
 * must not hold domain rules or reach into persistence entities.
 */
package dev.warden.web.hosting;
