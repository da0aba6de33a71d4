/**
 * The users resource's own use cases (docs/admin-api.md, "Users"): ban, unban, revoke-sessions and the live
 * sessions ({@link dev.warden.panel.users.UserModeration}: each takes the operator, authorises through
 * {@code panel.policy}, does the work and records its audit entry through {@code panel.audit.AuditTrail}), and a
 * user's row as the resource shows it ({@link dev.warden.panel.users.UserRows}).
 */
package dev.warden.panel.users;
