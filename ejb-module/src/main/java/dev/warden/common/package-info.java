/**
 * Small shared building blocks of the domain logic: the documented error codes ({@link dev.warden.common.ErrorCode},
 * the one table of docs/admin-api.md and docs/hosting-api.md, "Requirements: Errors"), the failure that carries one
 * ({@link dev.warden.common.ApiException}), JSON, time and hashing helpers. It owns no feature and no state; it must
 * not depend on any feature package, on JAX-RS or on persistence, so every other package may use it.
 */
package dev.warden.common;
