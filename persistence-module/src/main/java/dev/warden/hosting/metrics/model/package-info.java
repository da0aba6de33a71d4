/**
 * JPA entity of a metric sample (the table is range-partitioned by day; partitions are managed in {@code
 * dev.warden.hosting.metrics}). Entities only.
 */
package dev.warden.hosting.metrics.model;
