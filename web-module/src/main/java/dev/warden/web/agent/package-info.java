/**
 * The instance agents' ingestion API under {@code /agent/v1} (docs/architecture.md, "Requirements: Hosting side"): the agent-secret filter and the
 * thin resource for what agents push. Validation and storage live in the EJBs of {@code dev.warden.hosting.agent};
 * this package must not hold domain rules or reach into persistence entities.
 */
package dev.warden.web.agent;
