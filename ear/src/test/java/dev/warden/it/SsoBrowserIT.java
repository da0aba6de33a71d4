package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.BrowserScript;
import dev.warden.it.support.BrowserTests;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.MockIdp;
import dev.warden.it.support.TestDb;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Single sign-on end to end in headless Chromium ("the browser test signs in through the SSO
 * button"): {@code web-module/src/main/ui/tests/sso.test.mjs} opens the panel, clicks "Sign in with Mock IdP",
 * passes through mock-oauth2-server (in this JVM, non-interactive) and lands in the panel as the admin its groups
 * map to, then signs out through the SSO logout route. Checks the audit rows it leaves.
 */
@ExtendWith(ArquillianExtension.class)
@BrowserScript("liberty")
class SsoBrowserIT {

    private static MockIdp idp;

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        idp = new MockIdp();
        return Deployments.wardenWithConfig("it-sso-browser.jar", idp.config("warden.sso.mode=both"));
    }

    @AfterAll
    static void stopProvider() {
        if (idp != null) {
            idp.close();
        }
    }

    @Test
    void signInAndOutThroughTheSsoButton() throws Exception {
        // an admin exists, so the login page is not replaced by the first-run page whatever ran before
        TestDb.userWithRole(
                "sso-browser-admin-" + TestDb.unique() + "@example.com", "a long enough password", "admin", null);
        String email = "sso-browser-" + TestDb.unique() + "@example.com";
        idp.next("sub-" + UUID.randomUUID(), email, List.of("warden-admins"), Map.of("name", "Browser Admin"));

        BrowserTests.Result result = BrowserTests.run(
                "tests/sso.test.mjs", "{\"provider\": \"Mock IdP\", \"issuer\": \"" + idp.issuer() + "\"}", 5);
        System.out.println("[SsoBrowserIT]\n" + result.output());
        assertEquals(
                0,
                result.exit(),
                "the SSO browser test failed (screenshots in ear/target/ui-screenshots):\n" + result.output());

        long user = TestDb.scalar("SELECT id FROM warden_users WHERE email = ?", email);
        assertEquals(
                List.of("sso"),
                TestDb.column(
                        "SELECT payload->>'method' FROM warden_admin_audit "
                                + "WHERE action = 'auth.login' AND operator_id = ? ORDER BY id",
                        user));
        assertEquals(
                1L,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.logout' " + "AND operator_id = ?",
                        user),
                "sign-out is audited");
        assertEquals(
                0L,
                TestDb.scalar("SELECT count(*) FROM warden_sessions WHERE user_id = ? AND expires_at > now()", user),
                "no live session after sign-out");
    }
}
