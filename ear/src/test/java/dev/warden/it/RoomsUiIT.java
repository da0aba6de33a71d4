package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.BrowserScript;
import dev.warden.it.support.BrowserTests;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The panel's Rooms pages in headless Chromium ("the browser test covers the Rooms
 * page: list, open a room, kick, edit state, dispose"; {@code web-module/src/main/ui/tests/rooms-ui.test.mjs}), the
 * operating steps (find a player's room by email, sort the list by load while one room's player keeps sending,
 * send a message from the room page, filled from a saved template, that the room's real WebSocket players receive;
 * the nodes card with its figures; the admins' templates page creating and deleting one, audited),
 * and a player's open socket on the user page's Active sessions tab (kind, room, node, ip, since).
 * The fixtures are two {@code lobby} rooms with real WebSocket players from this test ({@link GameClient}); after the
 * browser run, the players' sockets and the audit log show that the clicks acted on the live rooms: the kicked
 * player closed with 4001, the other got the state edit as a patch and closed with 4004 at the dispose, and
 * {@code room.kick}, {@code room.state_edit}, {@code room.state_delete}, {@code room.lock}, {@code room.unlock} and
 * {@code room.dispose} rows name the room. Screenshots go to {@code ear/target/ui-screenshots}. Loopback is a
 * trusted proxy in the shared EAR, so each player registers from an address of its own ({@link GameClient#register}).
 */
@SharedDeployment(Ear.WARDEN_WITH_ROOMS_CONFIG)
@BrowserScript("wildfly")
class RoomsUiIT {

    private static final String PASSWORD = "a long enough password";

    @Test
    void listOpenKickEditStateAndDisposeInHeadlessChromium() throws Exception {
        String u = TestDb.unique();
        GameClient alice = GameClient.connect("lobby?create=true", GameClient.register("uialice"));
        JsonPath aliceState = alice.next("state");
        String room = aliceState.getString("room_id");
        String aliceId = aliceState.getString("client_id");
        GameClient bob = GameClient.connect("lobby/" + room, GameClient.register("uibob"));
        String bobId = bob.next("state").getString("client_id");
        GameClient carol = GameClient.connect("lobby?create=true", GameClient.register("uicarol"));
        String other = carol.next("state").getString("room_id");
        assertTrue(!room.equals(other), "two rooms");
        String admin = Api.signedIn("admin", null).cookie();
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + other + "/lock")
                .then()
                .statusCode(200);
        String email = "uirooms-" + u + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "admin", null);
        long carolUser = Api.session(admin)
                .get("/admin-api/rooms/" + other)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("clients[0].user_id");
        String carolEmail = TestDb.column("SELECT email FROM warden_users WHERE id = ?", carolUser)
                .get(0);

        String template = "greeting " + u;
        String uiTemplate = "made in the browser " + u;
        Api.session(admin)
                .contentType("application/json")
                .body("{\"room_type\": \"lobby\", \"name\": \"" + template
                        + "\", \"type\": \"notice\", \"data\": \"hello from the panel\"}")
                .post("/admin-api/rooms/_templates")
                .then()
                .statusCode(201);

        try { // a template left behind would be another test's (RoomsAccessIT counts a room type's templates)
            String fixtures = String.format(
                    """
                {"admin": {"email": "%s", "password": "%s"},
                 "room": "%s", "lockedRoom": "%s", "alice": "%s", "bob": "%s", "carolEmail": "%s",
                 "template": "%s", "uiTemplate": "%s"}
                """,
                    email, PASSWORD, room, other, aliceId, bobId, carolEmail, template, uiTemplate);
            // alice's room is the busy one while the browser runs: a message the lobby ignores, 4 a second
            ScheduledExecutorService pinger = Executors.newSingleThreadScheduledExecutor();
            pinger.scheduleAtFixedRate(() -> alice.send("ping", "{}"), 0, 250, TimeUnit.MILLISECONDS);
            BrowserTests.Result result;
            try {
                result = BrowserTests.run("tests/rooms-ui.test.mjs", fixtures, 5);
            } finally {
                pinger.shutdownNow();
            }
            assertEquals(0, result.exit(), result.output());

            assertEquals("hello from the panel", alice.next("msg").getString("data"), "the room page's message");
            assertEquals("hello from the panel", bob.next("msg").getString("data"));
            assertEquals(
                    1,
                    TestDb.scalar(
                            "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.message' AND target_id = ?",
                            room));

            assertEquals(4001, bob.closeCode(), "kicked from the room page");
            boolean edited = false;
            while (!edited) { // the edit reached alice as a patch (next() fails after 30 s without a frame)
                String patch = alice.next("patch").prettify();
                edited = patch.contains("/players/" + aliceId + "/ready") && patch.contains("true");
            }
            assertEquals(4004, alice.closeCode(), "disposed from the room page");
            Api.session(admin).get("/admin-api/rooms/" + room).then().statusCode(404);
            List<String> actions = TestDb.column(
                    "SELECT action FROM warden_admin_audit WHERE resource = 'rooms' AND target_id = ? ORDER BY id",
                    room);
            for (String action : List.of(
                    "room.kick", "room.state_edit", "room.state_delete", "room.lock", "room.unlock", "room.dispose")) {
                assertTrue(actions.contains(action), action + " audited: " + actions);
            }
            assertEquals(
                    "ui test",
                    TestDb.column(
                                    "SELECT payload->>'reason' FROM warden_admin_audit WHERE action = 'room.kick'"
                                            + " AND target_id = ?",
                                    room)
                            .get(0));
            Api.session(admin)
                    .contentType("application/json")
                    .body("{}")
                    .post("/admin-api/rooms/" + other + "/dispose")
                    .then()
                    .statusCode(200);
            assertEquals(4004, carol.closeCode());
            assertEquals(
                    List.of("room.template_create", "room.template_delete"),
                    TestDb.column(
                            "SELECT action FROM warden_admin_audit WHERE action LIKE 'room.template_%' AND payload->>'name' = ?"
                                    + " ORDER BY id",
                            uiTemplate),
                    "the templates page's create and delete");
        } finally {
            TestDb.update("DELETE FROM warden_room_templates WHERE name IN (?, ?)", template, uiTemplate);
        }
    }
}
