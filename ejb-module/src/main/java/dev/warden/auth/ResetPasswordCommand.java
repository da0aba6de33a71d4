package dev.warden.auth;

import dev.warden.common.sql.Sql;
import jakarta.enterprise.inject.Vetoed;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Base64;
import java.util.Map;

/**
 * The command line's way back into a panel account ("how to reset the demo admin's password
 * from the command line"), run by {@code scripts/reset-admin.sh <email>} outside any server, straight against
 * PostgreSQL: it sets a new password on the panel account with that email (case-insensitive), hashed by
 * {@link Passwords#hash(String, int)} (the server's own code and stored form), ends every session of the account
 * (token version bumped, session rows deleted, as {@code PasswordReset.complete} does) and writes the audit row
 * {@code auth.password_set_by_command} (no operator, no password in it).
 *
 * <p>Environment: {@code WARDEN_DB_URL} (default {@code jdbc:postgresql://127.0.0.1:5432/warden}),
 * {@code WARDEN_DB_USER} ({@code postgres}), {@code WARDEN_DB_PASSWORD} (empty), {@code WARDEN_PASSWORD_ITERATIONS}
 * ({@code 600000}, at least {@value Passwords#MIN_ITERATIONS}) and {@code WARDEN_NEW_PASSWORD} (the new password,
 * {@value Passwords#MIN_LENGTH} to {@value Accounts#MAX_PASSWORD} characters; when unset a random one is generated
 * and printed once). Exit status 0 on success, 1 when no panel account has that email (a player row without a role
 * is not one), 2 on a usage or database error. The password is printed only when generated.
 *
 * <p>With {@code WARDEN_RESET_MFA=true} it also removes the account's second factors (authenticator app, passkeys,
 * recovery codes, pending sign-ins) and writes the audit row {@code auth.mfa_reset} (no operator, resource
 * {@code users}): the way back for an admin who lost every factor (docs/operations.md, "An admin lost every second
 * factor").
 */
@Vetoed
public final class ResetPasswordCommand {

    /** The audit action of a password set from the command line. */
    public static final String AUDIT_ACTION = "auth.password_set_by_command";

    private static final SecureRandom RANDOM = new SecureRandom();

    private ResetPasswordCommand() {}

    /** What {@link #reset} did: the account's id and roles (comma-separated, e.g. {@code admin}). */
    public record Result(long userId, String roles) {}

    /**
     * Entry point: {@code ResetPasswordCommand <email>}, configured by the environment (see the class comment).
     */
    public static void main(String[] args) {
        System.exit(run(args, System.getenv()));
    }

    /**
     * Runs the command with {@code env} as its environment and returns the exit status (messages on stdout and
     * stderr).
     */
    public static int run(String[] args, Map<String, String> env) {
        if (args.length != 1 || args[0].isBlank() || args[0].startsWith("-")) {
            System.err.println("usage: scripts/reset-admin.sh <email>   (environment: WARDEN_DB_URL, WARDEN_DB_USER, "
                    + "WARDEN_DB_PASSWORD; WARDEN_NEW_PASSWORD to choose the password, else one is generated)");
            return 2;
        }
        String email = args[0].strip();
        String url = env.getOrDefault("WARDEN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/warden");
        String user = env.getOrDefault("WARDEN_DB_USER", "postgres");
        String dbPassword = env.getOrDefault("WARDEN_DB_PASSWORD", "");
        int iterations;
        try {
            iterations = Math.max(
                    Passwords.MIN_ITERATIONS,
                    Integer.parseInt(env.getOrDefault("WARDEN_PASSWORD_ITERATIONS", "600000")
                            .strip()));
        } catch (NumberFormatException e) {
            System.err.println("WARDEN_PASSWORD_ITERATIONS is not a number");
            return 2;
        }
        String chosen = env.get("WARDEN_NEW_PASSWORD");
        boolean generated = chosen == null || chosen.isEmpty();
        String password = generated ? generate() : chosen;
        if (password.length() < Passwords.MIN_LENGTH || password.length() > Accounts.MAX_PASSWORD) {
            System.err.println("WARDEN_NEW_PASSWORD must be " + Passwords.MIN_LENGTH + " to " + Accounts.MAX_PASSWORD
                    + " characters");
            return 2;
        }
        boolean resetFactors =
                "true".equalsIgnoreCase(env.getOrDefault("WARDEN_RESET_MFA", "").strip());
        try (Connection connection = DriverManager.getConnection(url, user, dbPassword)) {
            Result result = reset(connection, email, password, iterations, resetFactors);
            if (result == null) {
                System.err.println("No panel account has the email " + email
                        + " (a user without a role row is a player, not a panel account).");
                return 1;
            }
            System.out.println("Password of " + email + " (user " + result.userId() + ", roles " + result.roles()
                    + ") set; its sessions are ended."
                    + (resetFactors ? " Its second factors are removed: it enrols again at the next sign-in." : ""));
            if (generated) {
                System.out.println("New password: " + password);
            }
            return 0;
        } catch (SQLException e) {
            System.err.println("Cannot set the password: " + e.getMessage()
                    + " (check WARDEN_DB_URL, WARDEN_DB_USER and WARDEN_DB_PASSWORD)");
            return 2;
        }
    }

    /**
     * Sets {@code password} (hashed with {@code iterations}) on the panel account whose email is {@code email}, ends
     * its sessions and audits it, in one transaction on {@code connection}.
     *
     * @return the account and its roles, or null when no user with a role row has that email (nothing changed)
     * @throws SQLException when the database refuses a statement (the transaction is rolled back)
     */
    public static Result reset(Connection connection, String email, String password, int iterations)
            throws SQLException {
        return reset(connection, email, password, iterations, false);
    }

    /**
     * {@link #reset(Connection, String, String, int)}, and with {@code resetFactors} the account's second factors,
     * recovery codes and pending sign-ins deleted too, audited {@code auth.mfa_reset} (no operator, no secret).
     *
     * @return the account and its roles, or null when no user with a role row has that email (nothing changed)
     * @throws SQLException when the database refuses a statement (the transaction is rolled back)
     */
    public static Result reset(
            Connection connection, String email, String password, int iterations, boolean resetFactors)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            Result account = find(connection, email);
            if (account == null) {
                connection.rollback();
                return null;
            }
            Sql.update(
                    connection,
                    "UPDATE warden_users SET password_hash = ?, token_version = token_version + 1 WHERE id = ?",
                    Passwords.hash(password, iterations),
                    account.userId());
            Sql.update(connection, "DELETE FROM warden_sessions WHERE user_id = ?", account.userId());
            Sql.update(
                    connection,
                    "INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) "
                            + "VALUES (NULL, ?, 'auth', NULL, CAST(? AS jsonb))",
                    AUDIT_ACTION,
                    "{\"user_id\":" + account.userId() + ",\"changes\":{\"password\":\"(changed)\"}}");
            if (resetFactors) {
                int removed = 0;
                for (String table : new String[] {"warden_mfa_totp", "warden_mfa_passkeys"}) {
                    removed += Sql.update(connection, "DELETE FROM " + table + " WHERE user_id = ?", account.userId());
                }
                for (String table : new String[] {"warden_mfa_recovery_codes", "warden_mfa_pending"}) {
                    Sql.update(connection, "DELETE FROM " + table + " WHERE user_id = ?", account.userId());
                }
                Sql.update(
                        connection,
                        "INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) "
                                + "VALUES (NULL, 'auth.mfa_reset', 'users', ?, CAST(? AS jsonb))",
                        String.valueOf(account.userId()),
                        "{\"factorsRemoved\":" + removed + ",\"by\":\"command line\"}");
            }
            connection.commit();
            return account;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private static Result find(Connection connection, String email) throws SQLException {
        return Sql.first(
                        connection,
                        "SELECT u.id, string_agg(DISTINCT r.role, ',' ORDER BY r.role) FROM warden_users u "
                                + "JOIN warden_roles r ON r.user_id = u.id WHERE lower(u.email) = lower(?) GROUP BY u.id",
                        rs -> new Result(rs.getLong(1), rs.getString(2)),
                        email)
                .orElse(null);
    }

    /** 18 random bytes as 24 URL-safe base64 characters. */
    private static String generate() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
