package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.ServerLog;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The non-superuser deployment of docs/operations.md, "Database roles": {@code docs/db-roles.sql}
 * is applied to the test database (migrated by the deployment; its owner, {@code postgres} here, plays the migration
 * role) for a fresh application role, and a JDBC connection as that role may read, insert, prune and partition but
 * gets a permission error for every way of changing or removing the audit log's rows or its trigger.
 */
@SharedDeployment
class DatabaseRolesIT {

    private static String appRole;

    @BeforeAll
    static void roles() throws Exception {
        try (Connection c = TestDb.connect();
                Statement s = c.createStatement()) {
            String owner;
            try (ResultSet rs = s.executeQuery("SELECT current_database(), current_user")) {
                rs.next();
                appRole = ("warden_app_" + rs.getString(1))
                        .toLowerCase(Locale.ROOT)
                        .replaceAll("[^a-z0-9_]", "_");
                owner = rs.getString(2);
            }
            dropRole(s);
            s.execute("CREATE ROLE " + appRole + " LOGIN PASSWORD 'app-role-it'");
            String script = Files.readString(
                            Path.of(System.getProperty("warden.it.docs.dir", "../docs"), "db-roles.sql"))
                    .replace("${migration_role}", owner)
                    .replace("${app_role}", appRole);
            s.execute(script);
        }
    }

    private static void dropRole(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + appRole + "'")) {
            if (!rs.next()) {
                return;
            }
        }
        s.execute("DROP OWNED BY " + appRole + " CASCADE");
        s.execute("DROP ROLE " + appRole);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        try (Connection c = TestDb.connect();
                Statement s = c.createStatement()) {
            dropRole(s);
        }
    }

    private static Connection asApp() throws SQLException {
        return DriverManager.getConnection(
                System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it"),
                appRole,
                "app-role-it");
    }

    private static void refused(Connection c, String sql) {
        SQLException e = assertThrows(
                SQLException.class,
                () -> {
                    try (Statement s = c.createStatement()) {
                        s.execute(sql);
                    }
                },
                sql);
        assertEquals("42501", e.getSQLState(), sql + ": " + e.getMessage());
    }

    @Test
    void aServerConnectedAsASuperuserLogsOneWarningNamingTheFix() throws Exception {
        String user;
        boolean superuser;
        try (Connection c = TestDb.connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user")) {
            rs.next();
            user = rs.getString(1);
            superuser = rs.getBoolean(2);
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(superuser, "the test server connects as a superuser");
        String warning = dev.warden.schema.DatabaseRoles.superuserWarning(user, true, false)
                .orElseThrow();
        String log = ServerLog.since(0);
        assertTrue(log.contains(warning), "the server log names the fix: " + warning);
        assertTrue(warning.contains("docs/db-roles.sql") && warning.contains("WARDEN_DB_USER"), warning);
    }

    @Test
    void theApplicationRoleCannotTouchTheAuditTrailButDoesItsWork() throws Exception {
        try (Connection c = asApp();
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO warden_admin_audit (action, resource, payload) VALUES ('it.roles', 'users', '{}')");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM warden_admin_audit WHERE action = 'it.roles'")) {
                rs.next();
                assertTrue(rs.getLong(1) >= 1);
            }
            refused(c, "DROP TRIGGER warden_admin_audit_no_delete ON warden_admin_audit");
            refused(c, "ALTER TABLE warden_admin_audit DISABLE TRIGGER ALL");
            refused(c, "DROP TABLE warden_admin_audit");
            refused(c, "DELETE FROM warden_admin_audit WHERE action = 'it.roles'");
            refused(c, "UPDATE warden_admin_audit SET action = 'x' WHERE action = 'it.roles'");
            refused(c, "TRUNCATE warden_admin_audit");
            refused(c, "DROP FUNCTION warden_admin_audit_no_delete() CASCADE");
            refused(c, "CREATE TABLE it_roles_probe (id int)");

            try (ResultSet rs = s.executeQuery("SELECT warden_admin_audit_prune(now() - interval '200 years')")) {
                rs.next();
                assertEquals(0, rs.getLong(1), "the sanctioned prune works (nothing that old)");
            }
            try (ResultSet rs = s.executeQuery("SELECT warden_metric_samples_ensure_partition(current_date + 20)")) {
                rs.next();
            }
            try (ResultSet rs = s.executeQuery("SELECT warden_metric_samples_drop_partition("
                    + "'warden_metric_samples_p' || to_char(current_date + 20, 'YYYYMMDD'))")) {
                rs.next();
                assertTrue(rs.getBoolean(1), "the partition it created can be dropped through the function");
            }
            try (ResultSet rs = s.executeQuery("SELECT warden_metric_samples_drop_partition('warden_users')")) {
                rs.next();
                assertTrue(!rs.getBoolean(1), "only metric partitions");
            }
            s.execute("UPDATE warden_configs SET description = description WHERE false");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM warden_users")) {
                rs.next();
            }
        }
    }
}
