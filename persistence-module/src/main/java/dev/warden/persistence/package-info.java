/**
 * JPA converters shared by the entities (e.g. {@code Instant} to {@code timestamptz}). Nothing here knows a
 * table.
 */
package dev.warden.persistence;
