/**
 * Panel identities (docs/admin-api.md, "Sign-in"): sign-in ({@link dev.warden.auth.SignIn}), sessions
 * ({@link dev.warden.auth.Sessions}), the first-admin bootstrap ({@link dev.warden.auth.Bootstrap}), password
 * reset ({@link dev.warden.auth.PasswordReset}), password hashing, sign-in throttling, and the one role loader
 * ({@link dev.warden.auth.OperatorLoader}) that turns {@code warden_roles} rows into an
 * {@link dev.warden.auth.Operator} with a {@link dev.warden.auth.Role}.
 *
 * <p>Dependencies point one way: the panel ({@code dev.warden.panel.policy}, {@code .crud}, {@code .registry},
 * {@code .users}, {@code .actions}) depends on this package's {@code Operator}, {@code Role} and
 * {@code Passwords}; this package never uses them. It uses {@code dev.warden.common}, the entities
 * ({@code dev.warden.auth.model}, {@code dev.warden.panel.users.model}) and the audit log's one recording path
 * ({@code dev.warden.panel.audit.AuditTrail}, through {@link dev.warden.auth.AuthAudit}; the audit package depends on
 * nothing of the panel).
 */
package dev.warden.auth;
