/**
 * Hosting API tokens: resolving a bearer token to its team (SHA-256 lookup), creating (shown once) and revoking
 * tokens, and who may do so (DESIGN.md section 5).
 */
package dev.warden.hosting.tokens;
