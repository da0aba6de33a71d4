/**
 * Egress per day: the hourly copy from the infrastructure provider (keeps the last figures on failure) and the
 * {@code /api/v1/.../egress} queries.
 */
package dev.warden.hosting.egress;
