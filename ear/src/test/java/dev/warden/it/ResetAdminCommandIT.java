package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Resetting a panel account's password from the command line (docs/configuration.md):
 * {@code scripts/reset-admin.sh} and the class it runs, {@code dev.warden.auth.ResetPasswordCommand}, set a password
 * the running server accepts (same PBKDF2 form), end the account's sessions, audit the change, and refuse a player
 * row.
 */
@SharedDeployment
class ResetAdminCommandIT {

    static Map<String, String> env(String newPassword) {
        return Map.of(
                "WARDEN_DB_URL",
                System.getProperty("warden.it.db.url"),
                "WARDEN_DB_USER",
                System.getProperty("warden.it.db.user", "postgres"),
                "WARDEN_DB_PASSWORD",
                System.getProperty("warden.it.db.password", ""),
                "WARDEN_PASSWORD_ITERATIONS",
                "1024",
                "WARDEN_NEW_PASSWORD",
                newPassword);
    }

    /** The audit action of {@code dev.warden.auth.ResetPasswordCommand}. */
    private static final String AUDIT_ACTION = "auth.password_set_by_command";

    @Test
    void theCommandSetsAPasswordTheServerAcceptsAndEndsTheSessions() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String newPassword = "command line password " + TestDb.unique();

        String output = script(env(newPassword), 0, admin.email().toUpperCase());

        assertTrue(!output.contains(newPassword), "a chosen password is never printed: " + output);
        Api.session(admin.cookie()).get("/admin-api/auth/me").then().statusCode(401);
        String cookie = Api.login(admin.email(), newPassword);
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = ? " + "AND payload->>'user_id' = ?",
                        AUDIT_ACTION,
                        String.valueOf(admin.id())));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE payload::text LIKE ?", "%" + newPassword + "%"));
    }

    @Test
    void aPlayerRowIsNotAPanelAccount() throws Exception {
        String email = "player-" + TestDb.unique() + "@example.com";
        String oldPassword = "player password " + TestDb.unique();
        TestDb.user(email, "Player", oldPassword);

        script(env("another password 123"), 1, email);
        script(env("another password 123"), 2);
        script(env("short"), 2, email);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "another password 123"))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401);
    }

    @Test
    void theScriptPrintsAGeneratedPasswordThatSignsIn() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        Map<String, String> environment = new java.util.HashMap<>(env(""));
        environment.remove("WARDEN_NEW_PASSWORD");

        String output = script(environment, 0, admin.email());

        Matcher printed = Pattern.compile("New password: (\\S+)").matcher(output);
        assertTrue(printed.find(), output);
        Api.session(Api.login(admin.email(), printed.group(1)))
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200);
    }

    /** Runs {@code scripts/reset-admin.sh args} with {@code environment} added, asserts its exit status, returns its output. */
    static String script(Map<String, String> environment, int expectedStatus, String... args)
            throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("user.dir"))
                .resolve("../scripts/reset-admin.sh")
                .normalize();
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("bash", script.toString()));
        command.addAll(java.util.List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("WARDEN_NEW_PASSWORD");
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
        assertEquals(expectedStatus, process.exitValue(), output);
        return output;
    }
}
