package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * no secret reaches any log line at any level. Self-contained (the IT order is not fixed): the
 * test signs in (a right and a wrong password, the session cookie), creates an API token in the panel and uses it,
 * and runs a password reset through the mailed link (GreenMail) to a new password; then every file in the IT
 * server's {@code logs/} folder ({@code messages.log}, {@code trace.log} — the IT server logs {@code dev.warden.*} at
 * FINE — {@code console.log}, the access log {@code http_access.log}, FFDC files; on WildFly its {@code log/} folder,
 * {@code server.log} at INFO) must hold none of those exact values.
 */
@SharedDeployment
class LogSecretsIT {

    @RegisterExtension
    static final GreenMailExtension SMTP = new GreenMailExtension(
            new ServerSetup(Integer.getInteger("warden.it.smtp.port", 9125), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

    private static final Pattern LINK = Pattern.compile("/admin/password-reset\\?token=(\\S+)");

    @Test
    void noPasswordTokenCookieOrResetTokenInAnyLog() throws Exception {
        Map<String, String> secrets = new LinkedHashMap<>();
        String tag = TestDb.unique();
        String email = "secrets-" + tag + "@example.com";
        String password = "first-secret-pw-" + tag;
        String wrong = "wrong-secret-pw-" + tag;
        String renewed = "renewed-secret-pw-" + tag;
        secrets.put("password", password);
        secrets.put("wrong password", wrong);
        secrets.put("new password", renewed);
        long user = TestDb.userWithRole(email, password, "admin", null);

        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", wrong))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401);
        Response login = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/admin-api/auth/login");
        login.then().statusCode(200);
        String cookie = login.cookie("warden_session");
        secrets.put("session cookie", cookie);

        HostingTeam.Owned team = HostingTeam.teamWithOwner(tag);
        long membership = TestDb.scalar(
                "SELECT id FROM warden_team_members WHERE team_id = ? AND user_id = ?", team.team(), team.owner());
        Response created = Api.session(cookie)
                .contentType(ContentType.JSON)
                .body("{\"id\":\"" + membership + "\",\"name\":\"log check\"}")
                .post("/admin-api/teamMembers/_action/createToken");
        created.then().statusCode(200);
        String token = created.jsonPath().getString("result.token");
        secrets.put("API token", token);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        Api.bearer(token + "x").get("/api/v1/applications").then().statusCode(401);
        secrets.put("wrong API token", token + "x");
        Api.session(cookie).post("/admin-api/auth/logout").then().statusCode(204);

        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        assertTrue(SMTP.waitForIncomingEmail(15_000, 1), "a reset mail arrives");
        Matcher link = LINK.matcher(GreenMailUtil.getBody(SMTP.getReceivedMessages()[0])
                .replace("=\r\n", "")
                .replace("=3D", "="));
        assertTrue(link.find(), "the mail holds the link");
        String resetToken = link.group(1);
        secrets.put("reset token", resetToken);
        Api.anonymous().get("/admin/password-reset?token=" + resetToken).then().statusCode(200);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", resetToken, "password", renewed))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(204);
        Api.login(email, renewed);
        assertTrue(user > 0);

        Path serverLog = Path.of(System.getProperty("warden.it.server.log"));
        Path logs = serverLog.getParent();
        List<String> found = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(logs)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.contains(serverLog), serverLog + " among " + files);
        for (Path file : files) {
            String text = read(file);
            secrets.forEach((what, value) -> {
                if (text.contains(value)) {
                    found.add(what + " in " + logs.relativize(file));
                }
            });
        }
        assertEquals(List.of(), found, "secrets written to the logs (searched " + files.size() + " files)");
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "";
        }
    }
}
