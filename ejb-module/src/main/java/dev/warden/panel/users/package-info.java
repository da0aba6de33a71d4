/**
 * The users resource's own operations (docs/admin-api.md, "Users"): ban, unban, revoke-sessions and the
 * live sessions ({@link dev.warden.panel.users.UserModeration}, which also builds their audit entries), and a
 * user's row as the resource shows it ({@link dev.warden.panel.users.UserRows}).
 */
package dev.warden.panel.users;
