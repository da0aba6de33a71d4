package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.BrowserScript;
import dev.warden.it.support.BrowserTests;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.WebhookReceiver;
import io.restassured.response.Response;
import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The admin panel UI under {@code /admin} (docs/admin-api.md, "What the panel does" rule 3 and "Authentication" rule 3):
 * how the server serves it (index fallback for client routes, cache headers, 403 for
 * role user) and, in headless Debian Chromium driven by playwright-core, every page of it
 * ({@code web-module/src/main/ui/tests/admin-ui.test.mjs}, run with the machine's {@code node}). Deploys the
 * EAR with the test extension, so the custom resources appear with no UI code. Screenshots go to
 * {@code ear/target/ui-screenshots}.
 *
 * <p>Bootstrap only works while no admin exists, and other ITs share this database and leave admins behind:
 * the browser test takes the admin role rows away for its run (nothing else runs meanwhile: failsafe runs the
 * classes one after the other) and puts them back afterwards.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
class PanelUiIT {

    private static final String PASSWORD = "a long enough password";

    @Test
    void adminRedirectsToTheAppAndClientRoutesAnswerIndexWithNoCache() {
        Api.anonymous().get("/admin").then().statusCode(302);
        for (String path : List.of(
                "/admin/",
                "/admin/users",
                "/admin/users/show/1",
                "/admin/scores/edit/3",
                "/admin/leaderboards/create",
                "/admin/login")) {
            Response r = Api.anonymous().get(path);
            assertEquals(200, r.statusCode(), path);
            assertTrue(r.contentType().startsWith("text/html"), path);
            assertEquals("no-cache", r.header("Cache-Control"), path);
            assertTrue(r.asString().contains("<base href=\"/admin/\""), path);
        }
    }

    @Test
    void fingerprintedAssetsAreCachedForAYearAndMissingOnesAre404() {
        String html = Api.anonymous().get("/admin/").asString();
        Matcher m = Pattern.compile("\\./(assets/[^\"]+\\.js)").matcher(html);
        assertTrue(m.find(), html);
        Response asset = Api.anonymous().get("/admin/" + m.group(1));
        assertEquals(200, asset.statusCode());
        assertEquals("public, max-age=31536000, immutable", asset.header("Cache-Control"));
        Api.anonymous().get("/admin/assets/index-doesnotexist.js").then().statusCode(404);
    }

    @Test
    void roleUserGets403ForTheAppAndItsAssetsOperatorsAndAnonymousGetTheApp() throws Exception {
        String email = "ui-user-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(email, "Plain", PASSWORD);
        String user = Api.login(email, PASSWORD);
        Response page = Api.session(user).get("/admin/users");
        assertEquals(403, page.statusCode());
        assertTrue(page.asString().contains("No access"));
        Api.session(user).get("/admin/assets/x.js").then().statusCode(403);
        Api.session(Api.signedIn("admin", null).cookie()).get("/admin/").then().statusCode(200);
        Api.session(Api.signedIn("mod", "configs").cookie())
                .get("/admin/")
                .then()
                .statusCode(200);
        Api.session("not-a-session").get("/admin/").then().statusCode(200); // an ended session is anonymous
        Api.anonymous().post("/admin/").then().statusCode(405);
    }

    @Test
    @BrowserScript("liberty")
    void everyPageInHeadlessChromium() throws Exception {
        String u = TestDb.unique();
        String prefix = "uip" + u;
        List<Long> players = new ArrayList<>();
        for (int i = 1; i <= 25; i++) {
            players.add(TestDb.user(
                    prefix + "-" + String.format("%02d", i) + "@example.com",
                    prefix + "-" + String.format("%02d", i),
                    null));
        }
        String slot = "uislot-" + u;
        TestDb.insert(
                "INSERT INTO warden_cloud_saves (user_id, slot, data) VALUES (?, ?, '{\"level\": 3}'::jsonb)",
                players.get(0),
                slot);
        long scoreId = TestDb.insert(
                "INSERT INTO game_scores (user_id, season, score, note) VALUES (?, 's1', ?, 'ui') " + "RETURNING id",
                players.get(1),
                9_000_000_000L + (long) (Math.random() * 1_000_000));
        String plainEmail = "uiplain-" + u + "@example.com";
        TestDb.panelUser(plainEmail, "Plain " + u, PASSWORD);
        String modEmail = "uimod-" + u + "@example.com";
        TestDb.userWithRole(modEmail, PASSWORD, "mod", "configs");
        String banEmail = "uiban-" + u + "@example.com";
        long banTarget = TestDb.panelUser(banEmail, "uiban-" + u, PASSWORD);
        Api.login(banEmail, PASSWORD);
        Api.login(banEmail, PASSWORD);
        String bootstrapEmail = "uiboot-" + u + "@example.com";
        String board = "uiboard-" + u;
        String banReason = "cheating in the UI test " + u;

        String fixtures =
                """
                {"bootstrap": {"email": "%s", "password": "%s", "displayName": "UI Boot %s", "setupToken": "%s"},
                 "plainUser": {"email": "%s", "password": "%s"},
                 "mod": {"email": "%s", "password": "%s", "scope": "configs"},
                 "playerPrefix": "%s", "players": %s,
                 "cloudSave": {"slot": "%s", "userId": %d, "userLabel": "%s-01"},
                 "score": {"id": %d}, "board": "%s",
                 "banTarget": {"id": %d}, "banReason": "%s"}
                """
                        .formatted(
                                bootstrapEmail,
                                PASSWORD,
                                u,
                                Api.SETUP_TOKEN,
                                plainEmail,
                                PASSWORD,
                                modEmail,
                                PASSWORD,
                                prefix,
                                players,
                                slot,
                                players.get(0),
                                prefix,
                                scoreId,
                                board,
                                banTarget,
                                banReason);

        List<long[]> admins = takeAdminRolesAway();
        String output;
        int exit;
        try {
            assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_roles WHERE role = 'admin'"));
            BrowserTests.Result result = BrowserTests.run("tests/admin-ui.test.mjs", fixtures, 10);
            output = result.output();
            exit = result.exit();
        } finally {
            putAdminRolesBack(admins);
        }
        System.out.println("[PanelUiIT] browser tests:\n" + output);
        assertEquals(0, exit, "browser tests failed (screenshots in " + BrowserTests.screenshots() + "):\n" + output);

        // what the browser did, as the database saw it
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.bootstrap' "
                                + "AND payload->>'email' = ?",
                        bootstrapEmail));
        assertEquals(
                banReason,
                TestDb.column("SELECT ban->>'reason' FROM warden_users WHERE id = ?", banTarget)
                        .get(0));
        for (String action : List.of("user.ban", "user.revoke_sessions")) {
            assertEquals(
                    1,
                    TestDb.scalar(
                            "SELECT count(*) FROM warden_admin_audit WHERE action = ? AND target_id = ?",
                            action,
                            String.valueOf(banTarget)),
                    action);
        }
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'custom' "
                                + "AND resource = 'scores' AND target_id = ? AND payload->>'name' = 'resetScore'",
                        String.valueOf(scoreId)));
        assertTrue(
                TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE action = 'custom' AND resource = 'scores' "
                                + "AND payload->>'name' = 'recount'")
                        >= 1);
        List<String> boardActions = TestDb.column(
                "SELECT action FROM warden_admin_audit WHERE resource = 'leaderboards' "
                        + "AND action IN ('create', 'update', 'delete') AND (payload->'row'->>'name' = ? OR target_id IN (SELECT target_id FROM warden_admin_audit "
                        + "WHERE action = 'create' AND payload->'row'->>'name' = ?)) ORDER BY id",
                board,
                board);
        assertEquals(List.of("create", "update", "update", "delete"), boardActions);
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_leaderboards WHERE name = ?", board));
        assertFalse(
                new File(System.getProperty("warden.it.ui.screenshots", "target/ui-screenshots")).list().length < 20);
    }

    /**
     * The list page's daily work in the browser ({@code tests/list-work.test.mjs}), with its own admin and 30 leaderboards: list state in
     * the URL across reload, back and a shared link, CSV export equal to the API's list, a saved view, bulk delete of
     * three rows, and axe-core on the list, show, edit and dashboard pages. Each case reports on its own.
     */
    @Test
    @BrowserScript("wildfly")
    void listWorkInHeadlessChromium() throws Exception {
        String tag = "uiw" + TestDb.unique();
        String email = "uiwork-" + tag + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "admin", null);
        StringBuilder boards = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            String name = tag + "-" + String.format("%02d", i);
            long id = TestDb.insert("INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", name);
            boards.append(boards.isEmpty() ? "" : ",")
                    .append("{\"id\": ")
                    .append(id)
                    .append(", \"name\": \"")
                    .append(name)
                    .append("\"}");
        }
        // demo hosting data: one application in two locations, figures for the last hour and days, a deploy
        HostingFixture hosting = new HostingFixture();
        String slug = "uidash-" + hosting.tag;
        long app = hosting.app(slug, Instant.now().minus(10, ChronoUnit.DAYS));
        Instant now = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        for (String region : List.of("fra", "nyc")) {
            long instance = hosting.instance(HostingFixture.location(app, region), null);
            for (int m = 60; m >= 1; m--) {
                HostingFixture.sample(
                        instance, now.minus(m, ChronoUnit.MINUTES), 100 + m, 5 + m % 4, 20 + m % 30, 40 + m % 20);
            }
            for (int d = 1; d <= 7; d++) {
                HostingFixture.egress(
                        instance, LocalDate.now(ZoneOffset.UTC).minusDays(d), d * 3_000_000L, d * 500_000L, now);
            }
        }
        HostingFixture.deploy(
                app,
                "deployed",
                "0123456789ab",
                "first",
                null,
                now.minus(2, ChronoUnit.HOURS),
                now.minus(1, ChronoUnit.HOURS));
        HostingFixture.deploy(
                app,
                "failed",
                "ba9876543210",
                "second",
                null,
                now.minus(30, ChronoUnit.MINUTES),
                now.minus(20, ChronoUnit.MINUTES));
        WebhookReceiver receiver = new WebhookReceiver();
        String hookUrl = receiver.url("/ui-" + tag);
        String fixtures =
                """
                {"admin": {"email": "%s", "password": "%s"}, "tag": "%s", "boards": [%s],
                 "hosting": {"team": %d, "slug": "%s"}, "webhook": {"url": "%s"}}
                """
                        .formatted(email, PASSWORD, tag, boards, hosting.team, slug, hookUrl);
        BrowserTests.Result result;
        try {
            result = BrowserTests.run("tests/list-work.test.mjs", fixtures, 10);
        } finally {
            receiver.close();
            TestDb.update("DELETE FROM warden_webhooks WHERE url = ?", hookUrl);
        }
        String output = result.output();
        System.out.println("[PanelUiIT] list-work browser tests:\n" + output);
        assertEquals(
                0,
                result.exit(),
                "list-work browser tests failed (screenshots in " + BrowserTests.screenshots() + "):\n" + output);

        // the test event the page sent reached the receiver, signed with the secret the page showed once
        java.util.regex.Matcher shown =
                java.util.regex.Pattern.compile("WEBHOOK_SECRET=(whsec_\\S+)").matcher(output);
        assertTrue(shown.find(), "the page showed the secret");
        List<WebhookReceiver.Received> got = receiver.at("/ui-" + tag);
        assertTrue(got.stream().anyMatch(r -> r.body().contains("\"type\":\"webhook.test\"")), "test event received");
        for (WebhookReceiver.Received r : got) {
            WebhookReceiver.verify(r, shown.group(1));
        }

        long adminId = TestDb.scalar("SELECT id FROM warden_users WHERE email = ?", email);
        assertEquals(
                3,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE operator_id = ? AND action = 'delete' "
                                + "AND resource = 'leaderboards'",
                        adminId),
                "each bulk delete is audited");
        // 27 left after the bulk delete, plus the one the browser imported
        assertEquals(28, TestDb.scalar("SELECT count(*) FROM warden_leaderboards WHERE name LIKE ?", tag + "-%"));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_leaderboards WHERE name LIKE ? AND reset_period IN ('weekly', "
                                + "'daily')",
                        tag + "-%"),
                "the job over every matching row changed each of them, and its forced revert put every one back");
        assertEquals(
                54,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE operator_id = ? AND action = 'update' "
                                + "AND resource = 'leaderboards' AND payload->>'job_id' IS NOT NULL",
                        adminId),
                "one audit entry with the job id per changed row, and one per row its revert put back");
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE operator_id = ? AND action = 'create' "
                                + "AND resource = 'leaderboards' AND payload->>'job_id' IS NOT NULL",
                        adminId),
                "the imported row, audited with its job id");
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE operator_id = ? AND action = 'export' "
                                + "AND (payload->>'rows')::int = 30",
                        adminId));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_saved_views WHERE operator_id = ? AND name = 'Twenties'",
                        adminId));
    }

    /** Deletes the admin role rows and returns them as {user_id} (admins have no scope). */
    private static List<long[]> takeAdminRolesAway() throws SQLException {
        List<long[]> out = new ArrayList<>();
        try (Connection c = TestDb.connect();
                PreparedStatement ps =
                        c.prepareStatement("DELETE FROM warden_roles WHERE role = 'admin' RETURNING user_id");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new long[] {rs.getLong(1)});
            }
        }
        TestDb.reopenBootstrap(); // bootstrap stays closed once an admin has existed
        return out;
    }

    private static void putAdminRolesBack(List<long[]> admins) throws SQLException {
        for (long[] admin : admins) {
            TestDb.update(
                    "INSERT INTO warden_roles (user_id, role, resource) VALUES (?, 'admin', NULL) "
                            + "ON CONFLICT DO NOTHING",
                    admin[0]);
        }
    }
}
