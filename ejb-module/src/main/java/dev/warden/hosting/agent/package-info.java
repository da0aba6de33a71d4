/**
 * Ingestion of what instance agents push ({@code /agent/v1}): current-metrics reports and deploy progress,
 * validated and stored idempotently (spec hosting-api.md; DESIGN.md section 5).
 */
package dev.warden.hosting.agent;
