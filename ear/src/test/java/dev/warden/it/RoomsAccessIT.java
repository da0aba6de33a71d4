package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who may see live rooms, and the limits that keep players from flooding them
 * (docs/security.md, the {@code /admin-api/rooms} rows and the room sockets' limits; docs/game-api.md, "Limits"),
 * against the shared EAR with the default limits: 10 sockets per user and 100 per
 * address on a node, 10 rooms created per user a minute, 20 messages a second per socket (an error frame, then
 * close 4029 past 50 refused in 10 s), and the {@code lobby}'s {@code chat.messages_per_minute} game config row.
 */
@SharedDeployment
class RoomsAccessIT {

    private final List<GameClient> open = new ArrayList<>();

    /** Every test starts without message templates, whatever a failed test of another class left. */
    @BeforeEach
    void noTemplates() throws Exception {
        TestDb.update("DELETE FROM warden_room_templates");
    }

    @AfterEach
    void closeSockets() throws Exception {
        for (GameClient c : open) {
            try {
                c.leave();
            } catch (RuntimeException e) {
                // closed already
            }
        }
        open.clear();
        TestDb.update("DELETE FROM warden_configs WHERE key = 'chat.messages_per_minute'");
        TestDb.update("DELETE FROM warden_room_templates");
    }

    /** A new player's token; the shared server counts every registration from loopback, so the count restarts. */
    private static String player(String name) throws Exception {
        TestDb.update("DELETE FROM warden_window_counters WHERE key LIKE 'player-auth-ip:%'");
        return GameClient.register(name);
    }

    private GameClient connect(String path, String token) {
        GameClient c = GameClient.connect(path, token);
        open.add(c);
        return c;
    }

    @Test
    void roleUserReadsNoRoomRouteWhileAdminsAndRoomsModsDo() throws Exception {
        GameClient a = connect("lobby?create=true", player("watched"));
        String room = a.next("state").getString("room_id");
        String user = Api.signedIn("user", null).cookie();
        for (String path : List.of(
                "/admin-api/rooms", "/admin-api/rooms/_nodes", "/admin-api/rooms/" + room, "/admin-api/_views/rooms")) {
            Api.session(user).get(path).then().statusCode(403).body("error.code", equalTo("forbidden"));
        }
        String outOfScope = Api.signedIn("mod", "users").cookie();
        Api.session(outOfScope).get("/admin-api/rooms/" + room).then().statusCode(403);
        Api.session(outOfScope).get("/admin-api/rooms").then().statusCode(403);
        String mod = Api.signedIn("mod", "rooms").cookie();
        Api.session(mod).get("/admin-api/rooms/" + room).then().statusCode(200).body("id", equalTo(room));
        Api.session(mod).get("/admin-api/rooms/_nodes").then().statusCode(200);
        String admin = Api.signedIn("admin", null).cookie();
        Api.session(admin)
                .get("/admin-api/rooms?id=" + room)
                .then()
                .statusCode(200)
                .body("size()", equalTo(1));
    }

    @Test
    void adminsKeepMessageTemplatesThatRoomsModsListButMayNotWrite() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String mod = Api.signedIn("mod", "rooms").cookie();
        String body = "{\"room_type\": \"lobby\", \"name\": \"restart\", \"type\": \"notice\", "
                + "\"data\": {\"text\": \"Restarting in 5 minutes\"}}";
        String id = Api.session(admin)
                .contentType("application/json")
                .body(body)
                .post("/admin-api/rooms/_templates")
                .then()
                .statusCode(201)
                .body("name", equalTo("restart"))
                .body("data.text", equalTo("Restarting in 5 minutes"))
                .extract()
                .path("id");
        Api.session(admin)
                .contentType("application/json")
                .body(body)
                .post("/admin-api/rooms/_templates")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("conflict"));
        Api.session(mod)
                .get("/admin-api/rooms/_templates?room_type=lobby")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].type", equalTo("notice"));
        Api.session(mod)
                .contentType("application/json")
                .body(body.replace("restart", "mine"))
                .post("/admin-api/rooms/_templates")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.session(mod)
                .contentType("application/json")
                .body("{\"name\": \"taken over\"}")
                .patch("/admin-api/rooms/_templates/" + id)
                .then()
                .statusCode(403);
        Api.session(mod).delete("/admin-api/rooms/_templates/" + id).then().statusCode(403);
        String user = Api.signedIn("user", null).cookie();
        Api.session(user).get("/admin-api/rooms/_templates").then().statusCode(403);

        Api.session(admin)
                .contentType("application/json")
                .body("{\"data\": \"Restarting now\"}")
                .patch("/admin-api/rooms/_templates/" + id)
                .then()
                .statusCode(200)
                .body("data", equalTo("Restarting now"))
                .body("name", equalTo("restart"));
        Api.session(admin).delete("/admin-api/rooms/_templates/" + id).then().statusCode(200);
        Api.session(admin).delete("/admin-api/rooms/_templates/" + id).then().statusCode(404);
        Api.session(mod)
                .get("/admin-api/rooms/_templates")
                .then()
                .statusCode(200)
                .body("size()", equalTo(0));
        assertEquals(
                3,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE target_id = ? AND action IN "
                                + "('room.template_create', 'room.template_update', 'room.template_delete') "
                                + "AND payload->>'ip' IS NOT NULL",
                        "template:" + id),
                "create, update and delete audited with the client address");
    }

    @Test
    void messageTemplatesAreBounded() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String longName = "n".repeat(65);
        String bigData = "\"" + "x".repeat(4100) + "\"";
        for (String[] bad : new String[][] {
            {"{\"room_type\": \"lobby\", \"name\": \"" + longName + "\", \"type\": \"notice\"}", "name"},
            {"{\"room_type\": \"lobby\", \"name\": \"big\", \"type\": \"notice\", \"data\": " + bigData + "}", "data"},
            {"{\"room_type\": \"nosuchtype\", \"name\": \"x\", \"type\": \"notice\"}", "room_type"},
            {"{\"room_type\": \"lobby\", \"name\": \"x\"}", "type"},
        }) {
            Api.session(admin)
                    .contentType("application/json")
                    .body(bad[0])
                    .post("/admin-api/rooms/_templates")
                    .then()
                    .statusCode(422)
                    .body("error.code", equalTo("invalid_request"))
                    .body("error.fields." + bad[1] + ".size()", equalTo(1));
        }
        for (int i = 0; i < 20; i++) {
            Api.session(admin)
                    .contentType("application/json")
                    .body("{\"room_type\": \"lobby\", \"name\": \"t" + i + "\", \"type\": \"notice\"}")
                    .post("/admin-api/rooms/_templates")
                    .then()
                    .statusCode(201);
        }
        Api.session(admin)
                .contentType("application/json")
                .body("{\"room_type\": \"lobby\", \"name\": \"t20\", \"type\": \"notice\"}")
                .post("/admin-api/rooms/_templates")
                .then()
                .statusCode(422)
                .body("error.fields.room_type.size()", equalTo(1));
    }

    @Test
    void aPlayerCreatesAtMostTenRoomsAMinute() throws Exception {
        String token = player("creator");
        for (int i = 0; i < 10; i++) {
            GameClient c = GameClient.connect("lobby?create=true", token);
            c.next("state");
            c.leave();
        }
        GameClient refused = GameClient.connect("lobby?create=true", token);
        assertEquals(4029, refused.closeCode(), "the eleventh room within the minute");
        // another player is not affected
        GameClient other = connect("lobby?create=true", player("other"));
        assertEquals("state", other.next().getString("t"));
    }

    @Test
    void socketsAreLimitedPerUserAndPerAddress() throws Exception {
        String token = player("many");
        GameClient first = connect("lobby?create=true", token);
        String room = first.next("state").getString("room_id");
        for (int i = 1; i < 10; i++) {
            connect("lobby/" + room, token).next("state");
        }
        assertEquals(4029, connect("lobby/" + room, token).closeCode(), "the eleventh socket of one user");
        first.leave();
        open.remove(first);
        Thread.sleep(300);
        assertEquals("state", connect("lobby/" + room, token).next().getString("t"), "a closed socket frees its place");

        // every test client comes from loopback: 100 sockets per address (this user's 10 and 9 more users' 90)
        for (int u = 0; u < 9; u++) {
            String other = player("crowd" + u);
            GameClient host = connect("lobby?create=true", other);
            String theirs = host.next("state").getString("room_id");
            for (int i = 1; i < 10; i++) {
                connect("lobby/" + theirs, other).next("state");
            }
        }
        GameClient beyond = connect("lobby?create=true", player("beyond"));
        assertEquals(4029, beyond.closeCode(), "the 101st socket from one address");
    }

    @Test
    void aBurstOfMessagesIsRefusedWithAnErrorFrameThenClosed() throws Exception {
        GameClient flooder = connect("lobby?create=true", player("flooder"));
        String room = flooder.next("state").getString("room_id");
        GameClient watcher = connect("lobby/" + room, player("watcher"));
        watcher.next("state");
        long started = System.nanoTime();
        boolean closedEarly = false;
        for (int i = 0; i < 200; i++) {
            try {
                flooder.send("chat", "{\"text\":\"spam " + i + "\"}");
            } catch (java.util.concurrent.CompletionException closed) {
                closedEarly = true; // the server closed the socket (4029) before the burst ended: checked below
                break;
            }
        }
        long sendingMs = (System.nanoTime() - started) / 1_000_000;
        if (!closedEarly) {
            JsonPath error;
            try {
                error = flooder.next("error");
            } catch (AssertionError noFrame) {
                // seen on WildFly: the socket closed (4029) before its error frames reached the client; the close is
                // asserted below
                error = null;
            }
            if (error != null) {
                assertEquals("rate_limited", error.getString("code"));
                assertTrue(
                        error.getInt("retry_after_ms") > 0 && error.getInt("retry_after_ms") <= 1000, error.prettify());
            }
        }
        assertEquals(4029, flooder.closeCode(), "sustained abuse closes the socket");
        String admin = Api.signedIn("admin", null).cookie();
        int lines = Api.session(admin)
                .get("/admin-api/rooms/" + room)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("state.chat")
                .size();
        // the bucket of 20, plus its refill (20 a second) while the client was sending and the server reading (a
        // second's slack); the room keeps the last 50 lines, so all 50 would mean the burst went through in full
        long allowed = 20 + 20 * (sendingMs + 1000) / 1000;
        assertTrue(
                lines <= allowed && lines < 50,
                lines + " lines of the burst reached the room; at most " + allowed + " for " + sendingMs
                        + " ms of sending");
    }

    @Test
    void theLobbyEnforcesTheGamesChatMessagesPerMinute() throws Exception {
        TestDb.update(
                "INSERT INTO warden_configs (key, value, description) VALUES ('chat.messages_per_minute', '3'::jsonb, "
                        + "'per-player chat limit') ON CONFLICT (key) DO UPDATE SET value = excluded.value");
        String token = player("talker");
        GameClient talker = connect("lobby?create=true", token);
        String room = talker.next("state").getString("room_id");
        for (int i = 0; i < 5; i++) {
            talker.send("chat", "{\"text\":\"line " + i + "\"}");
            Thread.sleep(150);
        }
        JsonPath refused = talker.next("msg");
        assertEquals("chat_rate_limited", refused.getString("type"));
        assertEquals(3, refused.getInt("data.limit"));
        String admin = Api.signedIn("admin", null).cookie();
        List<String> lines = Api.session(admin)
                .get("/admin-api/rooms/" + room)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("state.chat.text");
        assertEquals(List.of("line 0", "line 1", "line 2"), lines);
        assertNull(talker.closeCodeWithin(200), "a chat over the game's limit is dropped, the socket stays");
        // the limit is the player's, not the seat's: a second seat of the same player shares the minute
        GameClient again = connect("lobby/" + room, token);
        again.next("state");
        again.send("chat", "{\"text\":\"line 5\"}");
        assertEquals("chat_rate_limited", again.next("msg").getString("type"));
    }
}
