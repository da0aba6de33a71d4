/**
 * {@code /applications/{slug}/instances/{id}/logs} (spec/hosting-api.md, Endpoints, Parameters, Errors): finds the
 * team's instance, asks its agent for output and trims it to the spec's text rules. Rate limits and the
 * one-at-a-time slot are not its job (the web layer's filters apply {@code dev.warden.hosting.limits}); it must not
 * hold a database connection while the agent answers.
 */
package dev.warden.hosting.logs;
