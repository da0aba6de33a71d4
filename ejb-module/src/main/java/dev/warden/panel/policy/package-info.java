/**
 * Who may do what in the panel (docs/admin-api.md, "Authentication" rules 3 to 7): the standard role rule,
 * the resources' policies and read-only flags ({@code AccessRules}), and moderator scopes
 * ({@code Moderation}, the requirements' {@code moderation} object).
 *
 * <p>It owns access decisions for {@link dev.warden.panel.extension.Operation}s. It must not hard-code
 * particular resources' policies (a resource declares them through the extension API) nor run the CRUD
 * itself; one exception for now: role user's default on Warden's hosting resources
 * ({@code AccessRules.OPERATORS_ONLY}). {@code Visibility} keeps a row's {@code _labels} and
 * a {@code _counts} answer to the resources the caller may read.
 */
package dev.warden.panel.policy;
