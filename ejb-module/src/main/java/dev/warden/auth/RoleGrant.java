package dev.warden.auth;

/**
 * One row of {@code warden_roles}: a role granted to a user, with the resource key a mod row is scoped to.
 *
 * @param role     the granted role
 * @param resource the resource key of a {@link Role#MOD} row; null for the other roles
 */
public record RoleGrant(Role role, String resource) {}
