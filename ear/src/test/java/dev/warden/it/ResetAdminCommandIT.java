package dev.warden.it;

import dev.warden.auth.ResetPasswordCommand;
import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resetting a panel account's password from the command line (issue 18, point 1; docs/configuration.md):
 * {@code scripts/reset-admin.sh} and the class it runs, {@link ResetPasswordCommand}, set a password the running
 * server accepts (same PBKDF2 form), end the account's sessions, audit the change, and refuse a player row.
 */
@SharedDeployment
class ResetAdminCommandIT {

    private static Map<String, String> env(String newPassword) {
        return Map.of("WARDEN_DB_URL", System.getProperty("warden.it.db.url"),
                "WARDEN_DB_USER", System.getProperty("warden.it.db.user", "postgres"),
                "WARDEN_DB_PASSWORD", System.getProperty("warden.it.db.password", ""),
                "WARDEN_PASSWORD_ITERATIONS", "1024",
                "WARDEN_NEW_PASSWORD", newPassword);
    }

    @Test
    void theCommandSetsAPasswordTheServerAcceptsAndEndsTheSessions() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String newPassword = "command line password " + TestDb.unique();

        int status = ResetPasswordCommand.run(new String[] {admin.email().toUpperCase()}, env(newPassword));

        assertEquals(0, status);
        Api.session(admin.cookie()).get("/admin-api/auth/me").then().statusCode(401);
        String cookie = Api.login(admin.email(), newPassword);
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200);
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE action = ? "
                + "AND payload->>'user_id' = ?", ResetPasswordCommand.AUDIT_ACTION, String.valueOf(admin.id())));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE payload::text LIKE ?",
                "%" + newPassword + "%"));
    }

    @Test
    void aPlayerRowIsNotAPanelAccount() throws Exception {
        String email = "player-" + TestDb.unique() + "@example.com";
        String oldPassword = "player password " + TestDb.unique();
        TestDb.user(email, "Player", oldPassword);

        assertEquals(1, ResetPasswordCommand.run(new String[] {email}, env("another password 123")));
        assertEquals(2, ResetPasswordCommand.run(new String[0], env("another password 123")));
        assertEquals(2, ResetPasswordCommand.run(new String[] {email}, env("short")));
        Api.anonymous().contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "another password 123"))
                .post("/admin-api/auth/login").then().statusCode(401);
    }

    @Test
    void theScriptPrintsAGeneratedPasswordThatSignsIn() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        Path script = Path.of(System.getProperty("user.dir")).resolve("../scripts/reset-admin.sh").normalize();
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), admin.email()).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.putAll(env(""));
        environment.remove("WARDEN_NEW_PASSWORD");

        String output = run(builder);

        Matcher printed = Pattern.compile("New password: (\\S+)").matcher(output);
        assertTrue(printed.find(), output);
        Api.session(Api.login(admin.email(), printed.group(1))).get("/admin-api/auth/me").then().statusCode(200);
    }

    private static String run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
        assertEquals(0, process.exitValue(), output);
        return output;
    }
}
