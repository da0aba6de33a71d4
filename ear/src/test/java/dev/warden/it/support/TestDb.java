package dev.warden.it.support;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Direct JDBC access to the integration-test database: fixtures with unique keys, and the SQL truth that
 * tests compare API answers with.
 */
public final class TestDb {

    private TestDb() {}

    /** A new connection (auto-commit) to the test database; the caller closes it. */
    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(
                System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it"),
                System.getProperty("warden.it.db.user", "postgres"),
                System.getProperty("warden.it.db.password", ""));
    }

    /** At most this many idle connections are kept for the helpers below; more are closed when returned. */
    private static final int IDLE = 4;

    /**
     * Idle auto-commit connections the helpers below reuse: a new PostgreSQL connection costs about 30 ms (a backend
     * process) against 0.05 ms for a statement, and fixtures run many statements (docs/decisions/it-database-helpers-reuse-connections.md).
     */
    private static final ConcurrentLinkedDeque<Connection> IDLE_CONNECTIONS = new ConcurrentLinkedDeque<>();

    /** An idle connection that still answers (a test may have ended its backend), else a new one. */
    private static Connection borrow() throws SQLException {
        for (Connection c; (c = IDLE_CONNECTIONS.pollFirst()) != null; ) {
            if (c.isValid(5)) {
                return c;
            }
            closeQuietly(c);
        }
        Connection c = connect();
        // no server-side prepared statements: a kept connection must not hold a plan of a table a test changed since
        c.unwrap(org.postgresql.PGConnection.class).setPrepareThreshold(0);
        return c;
    }

    /** Keeps {@code c} for the next helper call, unless enough are kept already. */
    private static void giveBack(Connection c) {
        if (IDLE_CONNECTIONS.size() < IDLE) {
            IDLE_CONNECTIONS.offerFirst(c);
        } else {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // a connection whose backend is gone
        }
    }

    /** A short unique suffix for emails, slugs and names. */
    public static String unique() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    /** Runs an update with parameters and returns the first column of the first row it returns, if any. */
    public static Long insert(String sql, Object... params) throws SQLException {
        Connection c = borrow();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            if (sql.toUpperCase().contains("RETURNING")) {
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : null;
                }
            }
            ps.executeUpdate();
            return null;
        } finally {
            giveBack(c);
        }
    }

    /** Runs an update with parameters; returns the row count. */
    public static int update(String sql, Object... params) throws SQLException {
        Connection c = borrow();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return ps.executeUpdate();
        } finally {
            giveBack(c);
        }
    }

    /** The first column of every row of a query, as text. */
    public static List<String> column(String sql, Object... params) throws SQLException {
        Connection c = borrow();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        } finally {
            giveBack(c);
        }
    }

    /** The single long value of a query. */
    public static long scalar(String sql, Object... params) throws SQLException {
        return Long.parseLong(column(sql, params).get(0));
    }

    /**
     * A user with {@code password}, hashed in Jakarta Security's Pbkdf2PasswordHash format
     * ({@code PBKDF2WithHmacSHA256:iterations:salt:hash}, base64), so the server verifies it as its own.
     */
    public static long user(String email, String displayName, String password) throws SQLException {
        return insert(
                "INSERT INTO warden_users (email, display_name, password_hash) VALUES (?, ?, ?) RETURNING id",
                email,
                displayName,
                password == null ? null : pbkdf2(password));
    }

    /**
     * Takes every admin role away and re-opens bootstrap, as the documented re-open command does
     * (docs/operations.md): bootstrap stays closed once an admin has ever existed.
     */
    public static void reopenBootstrap() throws SQLException {
        update("DELETE FROM warden_roles WHERE role = 'admin'");
        update("UPDATE warden_setup SET closed_at = NULL");
    }

    /**
     * A panel account with role {@code user}: a user row plus the explicit {@code user} grant (a row with no
     * role is a player and cannot sign in).
     */
    public static long panelUser(String email, String displayName, String password) throws SQLException {
        long id = user(email, displayName, password);
        insert("INSERT INTO warden_roles (user_id, role) VALUES (?, 'user') RETURNING id", id);
        return id;
    }

    /** A user with a panel role ({@code admin}, {@code user}, or {@code mod} with {@code resource}). */
    public static long userWithRole(String email, String password, String role, String resource) throws SQLException {
        long id = user(email, "Test " + role, password);
        insert("INSERT INTO warden_roles (user_id, role, resource) VALUES (?, ?, ?)", id, role, resource);
        return id;
    }

    /** Lower-case hex SHA-256, as tokens are stored. */
    public static String sha256Hex(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pbkdf2(String password) {
        try {
            byte[] salt = new byte[32];
            new SecureRandom().nextBytes(salt);
            int iterations = 1024;
            byte[] hash = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256))
                    .getEncoded();
            Base64.Encoder b64 = Base64.getEncoder();
            return "PBKDF2WithHmacSHA256:" + iterations + ":" + b64.encodeToString(salt) + ":"
                    + b64.encodeToString(hash);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
