/**
 * The hosting API's response cache (docs/hosting-api.md, "Requirements: Limits" rule 6): the pure rules (time to live from
 * {@link dev.warden.hosting.limits.Endpoint}'s "Refreshes every", request key, entity tag) and the store shared by
 * every node in PostgreSQL. It caches answers as text and must not know how any endpoint computes them.
 */
package dev.warden.hosting.cache;
