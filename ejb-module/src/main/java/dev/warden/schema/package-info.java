/**
 * Schema migration at start-up: Flyway over an explicit migration index (never classpath scanning), from a
 * {@code @Startup @Singleton} EJB that fails loudly when the index is empty.
 */
package dev.warden.schema;
