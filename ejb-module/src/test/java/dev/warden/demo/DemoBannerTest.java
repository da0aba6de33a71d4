package dev.warden.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link DemoBanner}: credentials, the curl lines, shell quoting. */
class DemoBannerTest {

    private static DemoBanner.Account admin(String email, String password, boolean generated) {
        return new DemoBanner.Account(email, password, generated, "warden.demo.admin-password");
    }

    private static DemoBanner.Account mod(String password, boolean generated) {
        return new DemoBanner.Account(PlayerSeeder.MOD_EMAIL, password, generated, "warden.demo.mod-password");
    }

    /** The whole text, line by line: README.md quotes it, so a change here is a change there. */
    @Test
    void bannerTextIsTheDocumentedOne() {
        String banner = DemoBanner.text(
                admin("admin@warden.local", "adminPW", true), mod("modPW", false), "wdn_T", "http://localhost:9080");
        String rule = "=".repeat(78);
        assertEquals(
                List.of(
                        "",
                        rule,
                        "  Warden demo data is ready (warden.demo=true)",
                        rule,
                        "  Admin panel:  http://localhost:9080/admin/",
                        "  Admin:        admin@warden.local",
                        "  Password:     adminPW   (generated; set warden.demo.admin-password to choose one)",
                        "  Moderator:    mod@warden.local (mod of users and userNotes)",
                        "  Mod password: modPW   (from warden.demo.mod-password)",
                        "  API token:    wdn_T (team Demo Studio; shown only here)",
                        "",
                        "  The admin enrols a second factor (authenticator app or passkey) at first sign-in:",
                        "    warden.mfa.required-roles=admin (docs/security.md, Second factors and step-up)",
                        "  Log in to the admin API as the moderator (keeps the session cookie in /tmp/warden.cookies):",
                        "    curl -i -c /tmp/warden.cookies -H 'Content-Type: application/json' -d "
                                + "'{\"email\":\"mod@warden.local\",\"password\":\"modPW\"}' "
                                + "http://localhost:9080/admin-api/auth/login",
                        "  List users with that session:",
                        "    curl -i -b /tmp/warden.cookies 'http://localhost:9080/admin-api/users?_start=0&_end=10&_sort=id&_order=asc'",
                        "  Read the hosting API with the token:",
                        "    curl -i -H 'Authorization: Bearer wdn_T' http://localhost:9080/api/v1/applications",
                        "",
                        "  Lost the password? scripts/reset-admin.sh admin@warden.local sets a new one (docs/configuration.md).",
                        "  Single sign-on demo: restart with WARDEN_SSO_DEMO=true ./run.sh (docs/sso.md, Demo)",
                        "    to sign in to the panel through a demo OpenID Connect provider",
                        "    (an admin group and a support group)",
                        rule),
                List.of(banner.split(System.lineSeparator(), -1)));
    }

    @Test
    void withTheSsoDemoTheBannerSaysHowToSignInThroughIt() {
        String banner = DemoBanner.text(
                admin("admin@warden.local", "adminPW", true),
                mod("modPW", false),
                "wdn_T",
                "http://localhost:9080",
                true);
        assertTrue(banner.contains("click 'Sign in with Demo SSO' on http://localhost:9080/admin/"), banner);
        assertTrue(
                banner.contains(
                        "user name alice, claims {\"email\": \"alice@warden.local\", \"groups\": [\"warden-admins\"]} (admin)"),
                banner);
        assertTrue(
                banner.contains(
                        "user name bob, claims {\"email\": \"bob@warden.local\", \"groups\": [\"support\"]} (mod)"),
                banner);
    }

    @Test
    void bannerHasTheThreeCurlLines() {
        String banner = DemoBanner.text(
                admin("admin@warden.local", "s3cret-Pass_word", true),
                mod("m0d-Pass_word", true),
                "wdn_TOKEN123",
                "http://localhost:9080/");
        assertTrue(
                banner.contains("curl -i -c /tmp/warden.cookies -H 'Content-Type: application/json' -d "
                        + "'{\"email\":\"mod@warden.local\",\"password\":\"m0d-Pass_word\"}' "
                        + "http://localhost:9080/admin-api/auth/login"),
                banner);
        assertTrue(
                banner.contains("curl -i -b /tmp/warden.cookies "
                        + "'http://localhost:9080/admin-api/users?_start=0&_end=10&_sort=id&_order=asc'"),
                banner);
        assertTrue(
                banner.contains("curl -i -H 'Authorization: Bearer wdn_TOKEN123' "
                        + "http://localhost:9080/api/v1/applications"),
                banner);
        assertTrue(banner.contains("admin@warden.local"));
        assertTrue(banner.contains("s3cret-Pass_word"));
        assertTrue(banner.contains("mod@warden.local"));
        assertTrue(banner.contains("m0d-Pass_word"));
        assertTrue(banner.contains("generated"));
        assertFalse(banner.contains("9080//"), "trailing slash of the public URL is dropped");
    }

    @Test
    void bannerUsesThePublicUrl() {
        String banner = DemoBanner.text(
                admin("ops@example.org", "configured-pw", false),
                mod("mod-pw", false),
                "wdn_abc",
                "https://warden.example.org");
        assertTrue(banner.contains(" https://warden.example.org/admin-api/auth/login"));
        assertTrue(banner.contains("'https://warden.example.org/admin-api/users?_start=0"));
        assertTrue(banner.contains(" https://warden.example.org/api/v1/applications"));
        assertTrue(banner.contains("from warden.demo.admin-password"));
    }

    @Test
    void bannerQuotesAwkwardPasswordsForTheShell() {
        String banner = DemoBanner.text(admin("a@b.c", "a", false), mod("it's \"x\"", false), "wdn_t", "http://h");
        assertTrue(
                banner.contains(
                        "-d '{\"email\":\"mod@warden.local\",\"password\":\"it'\\''s \\\"x\\\"\"}' http://h/admin-api"),
                banner);
    }

    @Test
    void shellQuoteEscapesSingleQuotes() {
        assertEquals("'plain'", DemoBanner.shellQuote("plain"));
        assertEquals("'it'\\''s'", DemoBanner.shellQuote("it's"));
    }
}
