package dev.warden.demo;

import static dev.warden.demo.DemoJson.json;
import static dev.warden.demo.DemoJson.obj;

/**
 * The banner {@link DemoSeeder} logs once after seeding: where the admin panel is, the demo admin's and
 * moderator's credentials, the API token, and three ready-to-paste {@code curl} lines (sign in to the admin API as the
 * moderator, since the admin must enrol a second factor first,
 * list users with the session cookie, read the hosting API with the token). README.md quotes it: keep the two
 * in step.
 */
final class DemoBanner {

    private DemoBanner() {}

    /**
     * A seeded panel account as the banner shows it.
     *
     * @param email     the account's email
     * @param password  its password in plain text (printed once)
     * @param generated whether Warden generated the password (else it came from {@code configKey})
     * @param configKey the MicroProfile Config key that sets the password
     */
    record Account(String email, String password, boolean generated, String configKey) {}

    /**
     * The banner text (lines joined with the platform's line separator), with {@code publicUrl}'s trailing
     * slashes dropped.
     */
    static String text(Account admin, Account mod, String apiToken, String publicUrl) {
        return text(admin, mod, apiToken, publicUrl, false);
    }

    /**
     * {@link #text(Account, Account, String, String)} with the single sign-on demo's lines: how
     * to sign in through the demo provider when {@code ssoDemo} ({@code warden.sso.demo}, set by {@code run.sh}
     * with {@code WARDEN_SSO_DEMO=true}), else how to start it.
     */
    static String text(Account admin, Account mod, String apiToken, String publicUrl, boolean ssoDemo) {
        String url = publicUrl.trim();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        // the moderator: an admin needs a second factor first (warden.mfa.required-roles, default admin;
        // docs/decisions/mfa-it-and-demo.md), so the admin's password alone opens nothing a curl line could use
        String login = json(obj("email", mod.email(), "password", mod.password()));
        String rule = "=".repeat(78);
        String nl = System.lineSeparator();
        return String.join(
                nl,
                "",
                rule,
                "  Warden demo data is ready (warden.demo=true)",
                rule,
                "  Admin panel:  " + url + "/admin/",
                "  Admin:        " + admin.email(),
                "  Password:     " + admin.password() + origin(admin),
                "  Moderator:    " + mod.email() + " (mod of users and userNotes)",
                "  Mod password: " + mod.password() + origin(mod),
                "  API token:    " + apiToken + " (team Demo Studio; shown only here)",
                "",
                "  The admin enrols a second factor (authenticator app or passkey) at first sign-in:",
                "    warden.mfa.required-roles=admin (docs/security.md, Second factors and step-up)",
                "  Log in to the admin API as the moderator (keeps the session cookie in /tmp/warden.cookies):",
                "    curl -i -c /tmp/warden.cookies -H 'Content-Type: application/json' -d " + shellQuote(login) + " "
                        + url + "/admin-api/auth/login",
                "  List users with that session:",
                "    curl -i -b /tmp/warden.cookies '" + url + "/admin-api/users?_start=0&_end=10&_sort=id&_order=asc'",
                "  Read the hosting API with the token:",
                "    curl -i -H 'Authorization: Bearer " + apiToken + "' " + url + "/api/v1/applications",
                "",
                "  Lost the password? scripts/reset-admin.sh " + admin.email()
                        + " sets a new one (docs/configuration.md).",
                ssoDemo
                        ? "  Single sign-on: click 'Sign in with Demo SSO' on " + url
                                + "/admin/, then at the demo provider"
                        : "  Single sign-on demo: restart with WARDEN_SSO_DEMO=true ./run.sh (docs/sso.md, Demo)",
                ssoDemo
                        ? "    user name alice, claims {\"email\": \"alice@warden.local\", \"groups\": [\"warden-admins\"]} (admin)"
                        : "    to sign in to the panel through a demo OpenID Connect provider",
                ssoDemo
                        ? "    user name bob, claims {\"email\": \"bob@warden.local\", \"groups\": [\"support\"]} (mod)"
                        : "    (an admin group and a support group)",
                rule);
    }

    private static String origin(Account account) {
        return account.generated()
                ? "   (generated; set " + account.configKey() + " to choose one)"
                : "   (from " + account.configKey() + ")";
    }

    /** {@code value} in single quotes for a POSIX shell (a quote inside becomes {@code '\''}). */
    static String shellQuote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
