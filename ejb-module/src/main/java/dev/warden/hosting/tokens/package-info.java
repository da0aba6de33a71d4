/**
 * Hosting API tokens: resolving a bearer token to its team (SHA-256 lookup), creating (shown once) and revoking
 * tokens, and who may do so (docs/architecture.md, "Requirements: Hosting side").
 */
package dev.warden.hosting.tokens;
