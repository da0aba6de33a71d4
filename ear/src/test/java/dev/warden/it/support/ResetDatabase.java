package dev.warden.it.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Drops and re-creates the integration-test database before the test server starts, so every run
 * begins from an empty database that Flyway migrates (run by the ear module in pre-integration-test).
 *
 * <p>Arguments: admin JDBC URL, user, password, database name ({@code [a-z0-9_]+}). A build that runs no tests
 * ({@code -DskipTests} or {@code -DskipITs}, e.g. {@code mvn verify -DskipTests} to package) leaves the database
 * alone: it may be the one another build's integration tests are using on this machine (README.md, "Tests").
 */
public final class ResetDatabase {

    private ResetDatabase() {}

    public static void main(String[] args) throws SQLException {
        String url = args[0];
        String user = args[1];
        String password = args.length > 2 ? args[2] : "";
        String name = args[3];
        if (Boolean.getBoolean("skipTests") || Boolean.getBoolean("skipITs")) {
            System.out.println("[warden-it] no tests in this build: database " + name + " left as it is");
            return;
        }
        if (!name.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("Test database name must match [a-z0-9_]+: " + name);
        }
        // the driver itself, not DriverManager: exec:java runs each execution (Liberty's database, then WildFly's)
        // in a class loader of its own within one JVM, and DriverManager offers only the first one's driver
        Properties login = new Properties();
        login.setProperty("user", user);
        login.setProperty("password", password == null ? "" : password);
        try (Connection connection = new org.postgresql.Driver().connect(url, login);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            statement.execute("CREATE DATABASE " + name);
        }
        System.out.println("[warden-it] fresh database " + name + " at " + url);
    }
}
