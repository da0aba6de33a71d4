package dev.warden.panel.crud;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Who may change an account and what a change of credentials does (docs/security.md, "Accounts and credentials").
 *
 * <ul>
 *   <li>A non-admin may not update, delete, ban, unban or revoke the sessions of a user who holds any role row
 *       ({@code admin}, {@code mod} or {@code user}: a panel account) (403), whatever the policies say.</li>
 *   <li>Only admins change credentials: a non-admin's update that writes a write-only field (the {@code password})
 *       or changes the {@code email} of any user, a player included, is refused (403).</li>
 *   <li>Changing a user's {@code password} (any write-only field) or {@code email} is audited with both values
 *       replaced by {@value #CHANGED} and ends that user's other sessions (token version bumped; the session making the
 *       change, when it is the user's own, stays valid).</li>
 * </ul>
 */
public final class UserAccountRules {

    /** The audit value of a credential column that changed. */
    public static final String CHANGED = "(changed)";
    /** The users resource's key. */
    public static final String USERS = "users";
    /** The users column that identifies the account (a password reset goes to it), audited without values. */
    public static final String EMAIL = "email";

    private UserAccountRules() {}

    /**
     * Refuses a change of user {@code userId} by a non-admin when the user holds any role row (a panel account).
     *
     * @throws ApiException 403 {@code forbidden}
     */
    public static void requireMayChange(Connection connection, Operator operator, long userId) throws SQLException {
        if (operator.isAdmin()) {
            return;
        }
        if (Sql.first(connection, "SELECT 1 FROM warden_roles WHERE user_id = ? LIMIT 1", rs -> true, userId)
                .isPresent()) {
            throw ApiException.forbidden("Only admins change panel accounts (users who hold a role)");
        }
    }

    /**
     * Refuses a credential change by a non-admin: {@code credentials} names the credential fields the write would
     * change (write-only fields it writes, the email when its value changes).
     *
     * @throws ApiException 403 {@code forbidden} naming the fields
     */
    public static void requireMayChangeCredentials(Operator operator, java.util.Set<String> credentials) {
        if (!operator.isAdmin() && !credentials.isEmpty()) {
            throw ApiException.forbidden("Only admins change a user's " + String.join(" and ", credentials));
        }
    }

    /**
     * Ends every session of user {@code userId} except {@code keepSessionId} (when it is one of the user's):
     * bumps the token version, deletes the other session rows and moves the kept one to the new version.
     *
     * @return the number of sessions ended
     */
    public static int endOtherSessions(Connection connection, long userId, String keepSessionId) throws SQLException {
        Optional<Integer> version = Sql.first(
                connection,
                "UPDATE warden_users SET token_version = token_version + 1 WHERE id = ? RETURNING token_version",
                rs -> rs.getInt(1),
                userId);
        if (version.isEmpty()) {
            return 0;
        }
        int closed = Sql.update(
                connection,
                "DELETE FROM warden_sessions WHERE user_id = ? AND id IS DISTINCT FROM ?",
                userId,
                keepSessionId);
        if (keepSessionId != null) {
            Sql.update(
                    connection,
                    "UPDATE warden_sessions SET token_version = ? WHERE id = ? AND user_id = ?",
                    version.get(),
                    keepSessionId,
                    userId);
        }
        return closed;
    }
}
