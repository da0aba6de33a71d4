/**
 * Metrics: current figures and history at minute and day resolution (aggregation rules of docs/hosting-api.md, "Requirements",
 * Metrics), and the day partitions of the samples table with the 35-day retention.
 */
package dev.warden.hosting.metrics;
