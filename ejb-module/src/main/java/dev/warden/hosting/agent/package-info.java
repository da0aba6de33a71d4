/**
 * Ingestion of what instance agents push ({@code /agent/v1}): current-metrics reports and deploy progress,
 * validated and stored idempotently (docs/hosting-api.md, "Requirements"; docs/architecture.md, "Requirements: Hosting side").
 */
package dev.warden.hosting.agent;
