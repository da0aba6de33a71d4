/**
 * Small shared building blocks of the domain logic: the documented error codes ({@link dev.warden.common.ErrorCode},
 * the one table of docs/admin-api.md and docs/hosting-api.md, "Requirements: Errors"), the failure that carries one
 * ({@link dev.warden.common.ApiException}), JSON, time and hashing helpers, and the one fixed-window counter store
 * every request limit counts in ({@link dev.warden.common.WindowCounters}, docs/architecture.md, "Counting requests").
 * It owns no feature; it must not depend on any feature package, on JAX-RS or on persistence entities, so every
 * other package may use it.
 */
package dev.warden.common;
