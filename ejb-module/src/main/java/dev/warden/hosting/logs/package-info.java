/**
 * {@code /applications/{slug}/instances/{id}/logs} (docs/hosting-api.md, "Requirements: Endpoints" and "Requirements: Parameters" and "Requirements: Errors"): finds the
 * team's instance, asks its agent for output and trims it to the requirements' text rules. Rate limits and the
 * one-at-a-time slot are not its job (the web layer's filters apply {@code dev.warden.hosting.limits}); it must not
 * hold a database connection while the agent answers.
 */
package dev.warden.hosting.logs;
