package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.http.ContentType;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The password-reset link goes out by Jakarta Mail when SMTP is configured (docs/admin-api.md, password
 * reset row): the IT server points {@code warden.smtp.*} at a GreenMail SMTP server this test runs. The mailed
 * link works once; the link is not written to the log when mail is configured; unknown emails get no mail.
 */
@SharedDeployment
class PasswordResetMailIT {

    @RegisterExtension
    static final GreenMailExtension SMTP = new GreenMailExtension(
            new ServerSetup(Integer.getInteger("warden.it.smtp.port", 9125), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

    private static final Pattern LINK = Pattern.compile("(http\\S*/admin/password-reset\\?token=)(\\S+)");

    /** The mails GreenMail received so far whose first recipient is {@code address}. */
    private static List<MimeMessage> mailsTo(String address) throws Exception {
        List<MimeMessage> out = new ArrayList<>();
        for (MimeMessage m : SMTP.getReceivedMessages()) {
            if (address.equals(m.getAllRecipients()[0].toString())) {
                out.add(m);
            }
        }
        return out;
    }

    @Test
    void theResetLinkArrivesByMailAndWorksOnce() throws Exception {
        String email = "mailreset-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(email, "Mailed", "old password 123");
        String unknown = "nobody-" + TestDb.unique() + "@example.com";
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", unknown))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);

        // only this test's two addresses count: a mail another test's request left on its way is not this one's
        Wait.until(Duration.ofSeconds(15), "a reset mail to " + email, () -> !mailsTo(email)
                .isEmpty());
        List<MimeMessage> mine = mailsTo(email);
        assertEquals(1, mine.size(), "a reset mail arrives, one");
        assertEquals(List.of(), mailsTo(unknown), "none for the unknown address");
        MimeMessage mail = mine.get(0);
        assertEquals("warden-it@example.com", mail.getFrom()[0].toString());
        assertEquals("Reset your Warden password", mail.getSubject());
        Matcher link =
                LINK.matcher(GreenMailUtil.getBody(mail).replace("=\r\n", "").replace("=3D", "="));
        assertTrue(link.find(), "the body holds the link");
        String token = link.group(2);

        String log = Files.readString(Path.of(System.getProperty("warden.it.server.log")));
        assertFalse(log.contains(token), "with mail configured the link is not logged");

        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "password", "new password 456"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(204);
        Api.login(email, "new password 456");
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "password", "third password 789"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(422);
    }
}
