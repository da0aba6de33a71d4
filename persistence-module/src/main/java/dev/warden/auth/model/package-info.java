/**
 * JPA entity of a sign-in session ({@code warden_sessions}): one row per panel cookie or player token, keyed by
 * the hash of its value. Entities only: no queries, no business rules.
 */
package dev.warden.auth.model;
