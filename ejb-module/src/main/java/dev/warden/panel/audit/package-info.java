/**
 * The panel's append-only audit log (docs/admin-api.md, "Events"): writing entries in their own transaction
 * ({@link dev.warden.panel.audit.AuditLog}), the payload shapes and the scrubbing of secrets
 * ({@link dev.warden.panel.audit.AuditPayloads}), and the handling of failed writes. Depends on no other panel
 * package, so every feature (the auth beans included) may record entries.
 */
package dev.warden.panel.audit;
