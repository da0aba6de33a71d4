/**
 * JPA entity of an audit entry ({@code warden_admin_audit}): append-only, never updated. Entities only; writing
 * goes through {@code dev.warden.panel.audit.AuditLog}.
 */
package dev.warden.panel.audit.model;
