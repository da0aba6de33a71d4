/**
 * JPA entity of a hosting API token: the SHA-256 of the token, never the token. Entities only.
 */
package dev.warden.hosting.tokens.model;
