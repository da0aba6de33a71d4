package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.ServerLog;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The demo seeding end to end (README.md "Run"): the real EAR, started with
 * {@code warden.demo=true} on an empty database, seeds it and logs the banner once; everything the banner and the
 * README promise then holds: 300 players with notes, cloud saves, leaderboards and analytics events, a moderator
 * with its own password, a team with applications in two regions; the printed admin password signs in through the
 * printed {@code curl} line, the printed token lists the team's applications. A second start on the same database
 * seeds nothing and prints no banner.
 *
 * <p>The test server's database is shared with the other ITs and must never get demo data ({@code it.xml} pins
 * {@code warden.demo=false}). So for the length of this test only, the server's data source points at a database
 * of its own, {@code <warden.it.db.name>_demo}, created empty here: a {@code configDropins/overrides} file sets
 * {@code WARDEN_DB_URL} (Liberty applies it at run time), and the demo EAR is deployed by hand after that
 * (an unmanaged deployment). The {@code finally} blocks undeploy, remove the file, wait for the server to
 * switch back and drop the database.
 */
@ExtendWith(ArquillianExtension.class)
class DemoSeederIT {

    private static final String DEMO = "demo";
    private static final Duration CONFIG_UPDATE = Duration.ofSeconds(60);
    /** The server logs one of these after it has applied (or ignored) a configuration change. */
    private static final Pattern CONFIG_APPLIED = Pattern.compile("CWWKG001[78]I");

    private static final Pattern BANNER_START = Pattern.compile("Warden demo data is ready \\(warden\\.demo=true\\)");

    @ArquillianResource
    private Deployer deployer;

    /** The real EAR with demo seeding on, its curl lines pointing at the test server. */
    @Deployment(name = DEMO, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return Deployments.wardenWithConfig("it-demo-on.jar", "warden.demo=true", "warden.public-url=" + Api.baseUrl());
    }

    @Test
    void theDemoKeepsTheBannersPromisesOnAnEmptyDatabaseAndOnlyThere() throws Exception {
        String db = demoDatabaseName();
        recreate(db);
        Path override = ServerLog.serverDir().resolve("configDropins/overrides/zz-demo-seeder-it.xml");
        try {
            switchDatabase(override, databaseUrl(db));
            try {
                Banner banner = deployAndReadBanner();
                assertTheData(db);
                assertTheCurlLinesSignInWithThePrintedPassword(banner);
                assertTheModeratorHasItsOwnPassword(banner);
                assertTheTokenListsTheTeamsApplications(banner);
                assertASecondStartSeedsNothing(db, banner);
            } finally {
                undeployQuietly();
            }
        } finally {
            switchBack(override);
            drop(db);
        }
    }

    /** Undeploys without hiding the test's own failure (an undeploy after a failed deploy may throw too). */
    private void undeployQuietly() {
        try {
            deployer.undeploy(DEMO);
        } catch (RuntimeException e) {
            System.err.println("[DemoSeederIT] undeploy: " + e);
        }
    }

    // --- the steps --------------------------------------------------------------------------------------

    private Banner deployAndReadBanner() throws Exception {
        long mark = ServerLog.mark();
        deployer.deploy(DEMO);
        // logged after the seeding transaction committed, which happens during the deployment
        String log = ServerLog.await(
                mark,
                Pattern.compile(BANNER_START.pattern() + "[\\s\\S]*Read the hosting API"
                        + "[^\\n]*\\n[^\\n]*/api/v1/applications"),
                Duration.ofSeconds(30));
        assertEquals(1, count(BANNER_START, log), "one banner:\n" + log);
        assertTrue(log.contains("seeded 302 users (300 players, "), "the summary line:\n" + log);
        return Banner.parse(log);
    }

    private static void assertTheData(String db) throws SQLException {
        if (TestDb.column("SELECT to_regclass('warden_users')::text").get(0) != null) { // else never migrated
            assertEquals(
                    0,
                    TestDb.scalar("SELECT count(*) FROM warden_users WHERE email = 'mod@warden.local'"),
                    "no demo data in the shared test database");
        }
        assertEquals(
                300,
                scalar(
                        db,
                        "SELECT count(*) FROM warden_users u WHERE NOT EXISTS "
                                + "(SELECT 1 FROM warden_roles r WHERE r.user_id = u.id)"),
                "300 players (users without a role)");
        assertEquals(
                List.of("admin@warden.local|admin|", "mod@warden.local|mod|userNotes", "mod@warden.local|mod|users"),
                column(
                        db,
                        "SELECT u.email || '|' || r.role || '|' || coalesce(r.resource, '') FROM warden_roles r "
                                + "JOIN warden_users u ON u.id = r.user_id ORDER BY 1"),
                "a demo admin and a moderator");
        for (String table : List.of(
                "warden_user_notes",
                "warden_cloud_saves",
                "warden_leaderboards",
                "warden_leaderboard_entries",
                "warden_analytics_events",
                "warden_configs")) {
            assertTrue(scalar(db, "SELECT count(*) FROM " + table) > 0, table + " is seeded");
        }
        assertTrue(
                scalar(db, "SELECT count(*) FROM warden_users WHERE ban IS NOT NULL") > 0, "some players are banned");
        assertEquals(
                3,
                scalar(
                        db,
                        "SELECT count(DISTINCT l.region_code) FROM warden_locations l "
                                + "JOIN warden_applications a ON a.id = l.application_id JOIN warden_teams t ON t.id = a.team_id "
                                + "WHERE t.name = 'Demo Studio'"),
                "Demo Studio's applications run in fra, sgp and nyc");
        assertEquals(1, scalar(db, "SELECT count(*) FROM warden_api_tokens"), "one API token");
    }

    private static void assertTheCurlLinesSignInWithThePrintedPassword(Banner banner) {
        assertEquals("admin@warden.local", banner.adminEmail());
        // the demo admin enrols a second factor at the first sign-in (warden.mfa.required-roles=admin), so the curl
        // lines sign in as the moderator, whose role needs none (docs/decisions/mfa-it-and-demo.md)
        assertEquals(
                "{\"email\":\"mod@warden.local\",\"password\":\"" + banner.modPassword() + "\"}",
                banner.loginBody(),
                "the curl line signs in with the moderator's printed password");
        Response login = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(banner.loginBody())
                .post(banner.loginUrl());
        assertEquals(200, login.statusCode(), login.asString());
        String cookie = login.cookie("warden_session");
        assertTrue(cookie != null && !cookie.isEmpty(), "a session cookie");
        Response users = Api.session(cookie).get(banner.usersUrl());
        assertEquals(200, users.statusCode(), users.asString());
        assertTrue(
                Long.parseLong(users.header("X-Total-Count")) >= 300,
                "the moderator (users in scope) counts the 300 players and more: " + users.header("X-Total-Count"));
        assertEquals(10, users.jsonPath().getList("$").size(), "the first page of ten");
    }

    private static void assertTheModeratorHasItsOwnPassword(Banner banner) {
        assertNotEquals(banner.adminPassword(), banner.modPassword());
        assertEquals(200, loginStatus("mod@warden.local", banner.modPassword()), "the moderator's printed password");
        assertEquals(401, loginStatus("mod@warden.local", banner.adminPassword()), "not the admin's");
    }

    private static void assertTheTokenListsTheTeamsApplications(Banner banner) {
        assertTrue(banner.token().startsWith("wdn_"), banner.token());
        assertEquals(banner.token(), banner.curlToken(), "the curl line carries the printed token");
        Response apps = Api.bearer(banner.token()).get(banner.applicationsUrl());
        assertEquals(200, apps.statusCode(), apps.asString());
        JsonPath json = apps.jsonPath();
        assertEquals(
                List.of("space-arena", "block-party"), json.getList("data.slug"), "Demo Studio's, not Other Studio's");
        List<String> regions = json.getList("data.locations.flatten().region.code");
        assertTrue(new HashSet<>(regions).size() >= 2, "applications in two regions: " + regions);
    }

    /** Redeploys on the now seeded database: nothing is written, no banner, the printed password still works. */
    private void assertASecondStartSeedsNothing(String db, Banner banner) throws Exception {
        long users = scalar(db, "SELECT count(*) FROM warden_users");
        long events = scalar(db, "SELECT count(*) FROM warden_analytics_events");
        deployer.undeploy(DEMO);
        long mark = ServerLog.mark();
        deployer.deploy(DEMO);
        String log = ServerLog.await(mark, Pattern.compile("demo data present, not seeding"), Duration.ofSeconds(30));
        assertEquals(0, count(BANNER_START, ServerLog.since(mark)), "no second banner:\n" + log);
        assertEquals(users, scalar(db, "SELECT count(*) FROM warden_users"));
        assertEquals(events, scalar(db, "SELECT count(*) FROM warden_analytics_events"));
        assertEquals(200, loginStatus(banner.adminEmail(), banner.adminPassword()));
    }

    private static int loginStatus(String email, String password) {
        return Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}")
                .post("/admin-api/auth/login")
                .statusCode();
    }

    // --- the banner -------------------------------------------------------------------------------------

    /** What the banner printed, read with the exact line shapes README.md documents. */
    record Banner(
            String adminEmail,
            String adminPassword,
            String modPassword,
            String token,
            String loginBody,
            String loginUrl,
            String usersUrl,
            String curlToken,
            String applicationsUrl) {

        static Banner parse(String log) {
            String text = log.substring(BANNER_START
                    .matcher(log)
                    .results()
                    .findFirst()
                    .orElseThrow()
                    .start());
            Matcher login = line(
                    text,
                    "    curl -i -c /tmp/warden.cookies -H 'Content-Type: application/json' "
                            + "-d '(.*)' (http\\S+/admin-api/auth/login)");
            Matcher api = line(text, "    curl -i -H 'Authorization: Bearer (\\S+)' (http\\S+/api/v1/applications)");
            return new Banner(
                    line(text, "  Admin:        (\\S+)").group(1),
                    line(
                                    text,
                                    "  Password:     (\\S+)   \\(generated; set warden\\.demo\\.admin-password to "
                                            + "choose one\\)")
                            .group(1),
                    line(
                                    text,
                                    "  Mod password: (\\S+)   \\(generated; set warden\\.demo\\.mod-password to "
                                            + "choose one\\)")
                            .group(1),
                    line(text, "  API token:    (\\S+) \\(team Demo Studio; shown only here\\)")
                            .group(1),
                    login.group(1).replace("'\\''", "'"),
                    login.group(2),
                    line(text, "    curl -i -b /tmp/warden.cookies '(http\\S+/admin-api/users\\?\\S+)'")
                            .group(1),
                    api.group(1),
                    api.group(2));
        }

        private static Matcher line(String text, String regex) {
            Matcher m = Pattern.compile("(?m)^" + regex + "\\r?$").matcher(text);
            if (!m.find()) {
                throw new AssertionError("no banner line /" + regex + "/ in:\n" + text);
            }
            return m;
        }
    }

    private static long count(Pattern pattern, String text) {
        return pattern.matcher(text).results().count();
    }

    // --- the demo database and the server's switch to it -------------------------------------------------

    private static String itDatabaseUrl() {
        return System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it");
    }

    private static String demoDatabaseName() {
        String url = itDatabaseUrl();
        String name = url.substring(url.lastIndexOf('/') + 1).replaceAll("\\?.*", "") + "_demo";
        assertTrue(name.matches("[a-z0-9_]+"), name);
        return name;
    }

    private static String databaseUrl(String name) {
        String url = itDatabaseUrl();
        return url.substring(0, url.lastIndexOf('/') + 1) + name;
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(
                url,
                System.getProperty("warden.it.db.user", "postgres"),
                System.getProperty("warden.it.db.password", ""));
    }

    private static void recreate(String db) throws SQLException {
        drop(db);
        try (Connection c = connect(databaseUrl("postgres"));
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + db);
        }
    }

    private static void drop(String db) throws SQLException {
        try (Connection c = connect(databaseUrl("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
        }
    }

    private static long scalar(String db, String sql) throws SQLException {
        return Long.parseLong(column(db, sql).get(0));
    }

    private static List<String> column(String db, String sql) throws SQLException {
        try (Connection c = connect(databaseUrl(db));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            List<String> out = new java.util.ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        }
    }

    /** Points the server's {@code jdbc/warden} at {@code url} and waits until the server has applied it. */
    private static void switchDatabase(Path override, String url) throws Exception {
        long mark = ServerLog.mark();
        Files.writeString(
                override,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- DemoSeederIT only; removed "
                        + "when it ends -->\n<server>\n    <variable name=\"WARDEN_DB_URL\" value=\"" + url
                        + "\"/>\n</server>\n");
        ServerLog.await(mark, CONFIG_APPLIED, CONFIG_UPDATE);
    }

    /** Removes the override (if there) and waits until the server is back on the shared test database. */
    private static void switchBack(Path override) throws Exception {
        long mark = ServerLog.mark();
        if (Files.deleteIfExists(override)) {
            ServerLog.await(mark, CONFIG_APPLIED, CONFIG_UPDATE);
        }
        assertFalse(Files.exists(override));
    }
}
