package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.ext.RoomsListPolicy;
import dev.warden.it.support.Api;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Live rooms over real WebSockets (docs/game-api.md): the {@code lobby} type with max 10
 * clients, a 1.5 s reconnection grace and a long empty-room grace; a policy on {@code rooms} for {@code list}
 * ({@link RoomsListPolicy}); the per-address limit on player sign-in and registration at 5 requests (the shared
 * {@code Ear.WARDEN_WITH_ROOMS_CONFIG}, {@code Deployments.wardenWithRoomsConfig}).
 */
@SharedDeployment(Ear.WARDEN_WITH_ROOMS_CONFIG)
class RoomsIT {

    private String admin;

    @BeforeEach
    void clean() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
        List<String> ids = Api.session(admin)
                .get("/admin-api/rooms?_end=1000")
                .then()
                .statusCode(200)
                .extract()
                .path("id");
        for (String id : ids) {
            Api.session(admin).contentType("application/json").body("{}").post("/admin-api/rooms/" + id + "/dispose");
        }
    }

    @Test
    void joinGetsTheStateAndAMessagePatchesEveryClientAlike() throws Exception {
        GameClient a = GameClient.connect("lobby", GameClient.register("alice"));
        JsonPath state = a.next("state");
        String room = state.getString("room_id");
        String aliceId = state.getString("client_id");
        assertEquals(false, state.getBoolean("state.players." + aliceId + ".ready"));
        GameClient b = GameClient.connect("lobby/" + room, GameClient.register("bob"));
        JsonPath bState = b.next("state");
        assertEquals(room, bState.getString("room_id"));
        assertEquals("alice", bState.getString("state.players." + aliceId + ".name"));
        a.next("patch"); // bob's arrival

        b.send("ready", "{\"ready\":true}");
        String patchA = a.next("patch").prettify();
        String patchB = b.next("patch").prettify();
        assertEquals(patchA, patchB, "every client gets the same patch");
        assertTrue(patchA.contains("ready"), patchA);

        Api.session(admin)
                .get("/admin-api/rooms?type=lobby")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].clients", equalTo(2))
                .body("[0].max_clients", equalTo(10));
        Api.session(admin)
                .get("/admin-api/rooms/" + room)
                .then()
                .statusCode(200)
                .body("clients.size()", equalTo(2))
                .body("state.players." + aliceId + ".name", equalTo("alice"));
    }

    /**
     * Operating a live game (docs/admin-api.md, "Live rooms"): a message to every room of a type, figures that move
     * and sort the list, metadata filters, the player search, the bounded and redacted room log, and the revert of a
     * state edit refused once the value changed.
     */
    @Test
    void anOperatorRunsALiveGameFromTheRoomsApi() throws Exception {
        String bName = "ops-b-" + TestDb.unique();
        GameClient a = GameClient.connect("lobby", GameClient.register("ops-a"));
        String roomA = a.next("state").getString("room_id");
        GameClient b = GameClient.connect("lobby?create=true", GameClient.register(bName));
        JsonPath bState = b.next("state");
        String roomB = bState.getString("room_id");
        assertNotEquals(roomA, roomB);

        // one message to every lobby room on every node
        String toAll = "to all " + TestDb.unique();
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("type", "lobby", "message", Map.of("type", "notice", "data", toAll)))
                .post("/admin-api/rooms/_message")
                .then()
                .statusCode(200)
                .body("rooms", equalTo(2))
                .body("clients", equalTo(2));
        assertEquals(toAll, a.next("msg").getString("data"));
        assertEquals(toAll, b.next("msg").getString("data"));
        assertEquals(
                List.of("lobby|2|2"),
                TestDb.column(
                        "SELECT (payload->>'room_type') || '|' || (payload->>'rooms') || '|' || (payload->>'clients') "
                                + "FROM warden_admin_audit WHERE action = 'room.message' AND target_id = 'type:lobby' "
                                + "AND payload->>'data' = ?",
                        toAll));

        // room a is busy: its figures move, and it sorts first by messages in
        // (15 messages: within the per-socket budget of 20 a second)
        for (int i = 0; i < 15; i++) {
            a.send(
                    i == 0 ? "whisper" : "ready",
                    i == 0 ? "{\"secret\":\"s3cret\"}" : "{\"ready\":" + (i % 2 == 0) + ",\"n\":" + i + "}");
        }
        Wait.until(Duration.ofSeconds(15), "room a's figures show its messages", () -> {
            JsonPath room = Api.session(admin)
                    .get("/admin-api/rooms/" + roomA)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            return room.getDouble("figures.messages_in_per_s") > 0
                    && room.getDouble("figures.patches_per_s") > 0
                    && room.getInt("figures.state_bytes") > 0
                    && room.getList("figures_history.messages_in_per_s").size() == 90;
        });
        Api.session(admin)
                .get("/admin-api/rooms?_sort=figures.messages_in_per_s&_order=desc")
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(roomA, roomB)));
        Api.session(admin).get("/admin-api/rooms?_sort=figures.nosuch").then().statusCode(422);

        // metadata set by the lobby: {mode, ready}
        Wait.until(Duration.ofSeconds(10), "room a's metadata counts its ready player", () -> Api.session(admin)
                .get("/admin-api/rooms?metadata.ready=0")
                .then()
                .statusCode(200)
                .extract()
                .<List<String>>path("id")
                .equals(List.of(roomB)));
        Api.session(admin)
                .get("/admin-api/rooms?metadata.mode=chat")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("[0].metadata.mode", equalTo("chat"));

        // find a player by email, by user id
        String bEmail = TestDb.column("SELECT email FROM warden_users WHERE display_name = ?", bName)
                .get(0);
        String bUser = TestDb.column("SELECT id::text FROM warden_users WHERE display_name = ?", bName)
                .get(0);
        Api.session(admin)
                .get("/admin-api/rooms?player=" + bEmail.toUpperCase(java.util.Locale.ROOT))
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(roomB)));
        Api.session(admin)
                .get("/admin-api/rooms?player=" + bUser)
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(roomB)));
        Api.session(admin)
                .get("/admin-api/rooms?player=nobody-" + TestDb.unique() + "@example.com")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");

        // the room log: bounded (log-size 10 here), the whisper's data redacted, reading it audited
        Wait.until(
                Duration.ofSeconds(10),
                "the log holds a's last message",
                () -> Api.session(admin)
                                .get("/admin-api/rooms/" + roomA + "/log")
                                .then()
                                .statusCode(200)
                                .extract()
                                .jsonPath()
                                .getList("findAll { it.type == 'ready' && it.data.n == 14 }")
                                .size()
                        == 1);
        JsonPath log = Api.session(admin)
                .get("/admin-api/rooms/" + roomA + "/log")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals(10, log.getList("$").size(), "bounded: " + log.prettify());
        assertTrue(!log.prettify().contains("s3cret"), log.prettify());
        JsonPath logB = Api.session(admin)
                .get("/admin-api/rooms/" + roomB + "/log")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals("join", logB.getString("[0].kind"));
        assertEquals("server_msg", logB.getString("find { it.kind == 'server_msg' }.kind"));
        a.send("whisper", "{\"secret\":\"s3cret\"}");
        Wait.until(Duration.ofSeconds(10), "the whisper is logged, redacted", () -> Api.session(admin)
                .get("/admin-api/rooms/" + roomA + "/log")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("findAll { it.type == 'whisper' }.data")
                .equals(List.of("[redacted]")));
        assertTrue(TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.log_read' AND target_id = ?",
                        roomA)
                >= 2);

        // state edits with undo: reverting an edit whose value changed since is refused
        for (int round : new int[] {3, 4}) {
            Api.session(admin)
                    .contentType("application/json")
                    .body(Map.of("path", "/round", "value", round))
                    .patch("/admin-api/rooms/" + roomB + "/state")
                    .then()
                    .statusCode(200);
        }
        JsonPath edits = Api.session(admin)
                .get("/admin-api/rooms/" + roomB + "/edits")
                .then()
                .statusCode(200)
                .body("path", equalTo(List.of("/round", "/round")))
                .body("after", equalTo(List.of(4, 3)))
                .extract()
                .jsonPath();
        long first = edits.getLong("[1].id");
        long second = edits.getLong("[0].id");
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + roomB + "/edits/" + first + "/revert")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("conflict"));
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + roomB + "/edits/" + second + "/revert")
                .then()
                .statusCode(200)
                .body("round", equalTo(3));
        assertEquals(
                List.of("4|3|" + second),
                TestDb.column(
                        "SELECT (payload->>'before') || '|' || (payload->>'after') || '|' || (payload->>'revert_of') "
                                + "FROM warden_admin_audit WHERE action = 'room.state_edit' AND target_id = ? "
                                + "AND payload->>'revert_of' IS NOT NULL",
                        roomB));
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + roomA + "/edits/" + second + "/revert")
                .then()
                .statusCode(404);
        a.leave();
        b.leave();
    }

    @Test
    void fiftyConcurrentJoinsOnARoomOfTenAdmitExactlyTen() throws Exception {
        String token = GameClient.register("crowd");
        GameClient first = GameClient.connect("lobby", token);
        String room = first.next("state").getString("room_id");
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<CompletableFuture<GameClient>> joins = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            joins.add(CompletableFuture.supplyAsync(() -> GameClient.connect("lobby/" + room, token), pool));
        }
        int admitted = 1;
        int refused = 0;
        for (CompletableFuture<GameClient> join : joins) {
            GameClient client = join.join();
            if (client.framedBeforeClose()) {
                assertEquals("state", client.next().getString("t"));
                admitted++;
            } else {
                assertEquals(4009, client.closeCode());
                refused++;
            }
        }
        pool.shutdown();
        assertEquals(10, admitted, "exactly max clients seated (the first joiner and 9 of the 50)");
        assertEquals(41, refused);
        Api.session(admin)
                .get("/admin-api/rooms/" + room)
                .then()
                .statusCode(200)
                .body("clients.size()", equalTo(10));
    }

    @Test
    void aDroppedClientKeepsItsSeatWithinTheGraceAndLosesItAfter() throws Exception {
        String token = GameClient.register("flaky");
        GameClient host = GameClient.connect("lobby", GameClient.register("host"));
        String room = host.next("state").getString("room_id");
        GameClient a = GameClient.connect("lobby/" + room, token);
        String clientId = a.next("state").getString("client_id");
        a.drop();
        Thread.sleep(300);
        GameClient again = GameClient.connect("lobby/" + room + "?client_id=" + clientId, token);
        JsonPath resumed = again.next("state");
        assertEquals(clientId, resumed.getString("client_id"), "same seat within the grace");
        assertTrue(resumed.getMap("state.players").containsKey(clientId));

        again.drop();
        Thread.sleep(3000);
        GameClient late = GameClient.connect("lobby/" + room + "?client_id=" + clientId, token);
        JsonPath fresh = late.next("state");
        assertNotEquals(clientId, fresh.getString("client_id"), "a new seat past the grace");
        assertTrue(!fresh.getMap("state.players").containsKey(clientId));
    }

    @Test
    void kickEditDeleteMessageLockAndDisposeAreAudited() throws Exception {
        GameClient a = GameClient.connect("lobby", GameClient.register("a"));
        JsonPath state = a.next("state");
        String room = state.getString("room_id");
        GameClient b = GameClient.connect("lobby/" + room, GameClient.register("b"));
        String bId = b.next("state").getString("client_id");
        a.next("patch");

        Api.session(admin)
                .contentType("application/json")
                .header("User-Agent", "rooms-it")
                .body(Map.of("path", "/round", "value", 3))
                .patch("/admin-api/rooms/" + room + "/state")
                .then()
                .statusCode(200)
                .body("round", equalTo(3));
        assertEquals(a.next("patch").prettify(), b.next("patch").prettify());
        Api.session(admin)
                .delete("/admin-api/rooms/" + room + "/state?path=/round")
                .then()
                .statusCode(200);
        assertTrue(a.next("patch").prettify().contains("remove"));
        b.next("patch");

        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("type", "notice", "data", "just b", "client_id", bId))
                .post("/admin-api/rooms/" + room + "/message")
                .then()
                .statusCode(200);
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("type", "notice", "data", "hello"))
                .post("/admin-api/rooms/" + room + "/message")
                .then()
                .statusCode(200);
        assertEquals("hello", a.next("msg").getString("data"), "the message to b alone did not reach a");
        assertEquals("just b", b.next("msg").getString("data"));
        assertEquals("hello", b.next("msg").getString("data"));
        assertEquals(
                2,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.message' AND target_id = ?",
                        room));

        Api.session(admin)
                .contentType("application/json")
                .header("User-Agent", "rooms-it")
                .body(Map.of("client_id", bId, "reason", "spam"))
                .post("/admin-api/rooms/" + room + "/kick")
                .then()
                .statusCode(200);
        assertEquals(4001, b.closeCode());
        assertEquals(
                List.of(bId + "|spam|rooms-it"),
                TestDb.column(
                        "SELECT (payload->>'client_id') || '|' || "
                                + "(payload->>'reason') || '|' || (payload->>'userAgent') FROM warden_admin_audit WHERE action = 'room.kick' "
                                + "AND resource = 'rooms' AND target_id = ? AND payload->>'ip' IS NOT NULL",
                        room));
        assertEquals(
                List.of("/round|null|3"),
                TestDb.column(
                        "SELECT (payload->>'path') || '|' || (payload->'before')::text "
                                + "|| '|' || (payload->'after')::text FROM warden_admin_audit WHERE action = 'room.state_edit' AND target_id = ?",
                        room));
        assertEquals(
                List.of("/round|3"),
                TestDb.column(
                        "SELECT (payload->>'path') || '|' || (payload->'before')::text "
                                + "FROM warden_admin_audit WHERE action = 'room.state_delete' AND target_id = ?",
                        room));

        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + room + "/lock")
                .then()
                .statusCode(200)
                .body("locked", equalTo(true));
        assertEquals(
                4009,
                GameClient.connect("lobby/" + room, GameClient.register("c")).closeCode());
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + room + "/unlock")
                .then()
                .statusCode(200)
                .body("locked", equalTo(false));
        GameClient d = GameClient.connect("lobby/" + room, GameClient.register("d"));
        assertEquals(room, d.next("state").getString("room_id"), "joins are open again after unlock");
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("reason", "maintenance"))
                .post("/admin-api/rooms/" + room + "/dispose")
                .then()
                .statusCode(200);
        assertEquals(4004, a.closeCode());
        assertEquals(4004, d.closeCode());
        Api.session(admin).get("/admin-api/rooms/" + room).then().statusCode(404);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.lock' AND target_id = ?", room));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.unlock' AND target_id = ?",
                        room));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.dispose' AND target_id = ? "
                                + "AND payload->>'reason' = 'maintenance'",
                        room));
        // docs/admin-api.md, "Events": every room.* row holds the action's fields plus ip and userAgent
        assertEquals(
                List.of(
                        "room.dispose",
                        "room.kick",
                        "room.lock",
                        "room.message",
                        "room.state_delete",
                        "room.state_edit",
                        "room.unlock"),
                TestDb.column(
                        "SELECT DISTINCT action FROM warden_admin_audit WHERE target_id = ? AND resource = 'rooms' "
                                + "ORDER BY action",
                        room));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE target_id = ? AND action LIKE 'room.%' "
                                + "AND (payload->'userAgent' IS NULL OR payload->>'ip' IS NULL)",
                        room));
    }

    @Test
    void aModNeedsTheRoomsScopeAndAPolicyOnRoomsReplacesTheRule() throws Exception {
        GameClient a = GameClient.connect("lobby", GameClient.register("scoped"));
        String room = a.next("state").getString("room_id");
        String other = Api.signedIn("mod", "users").cookie();
        // list: the policy ['admin', 'mod'] replaces the rule, so a mod scoped elsewhere may list
        Api.session(other).get("/admin-api/rooms").then().statusCode(200);
        Api.session(other).get("/admin-api/rooms/_nodes").then().statusCode(200);
        // read and the commands: no policy, so the rule: a mod needs the rooms scope
        Api.session(other).get("/admin-api/rooms/" + room).then().statusCode(403);
        Api.session(other)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + room + "/lock")
                .then()
                .statusCode(403);
        Api.session(other)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + room + "/dispose")
                .then()
                .statusCode(403);
        // a plain user is outside the policy's roles
        Api.session(Api.signedIn("user", null).cookie())
                .get("/admin-api/rooms")
                .then()
                .statusCode(403);
        String mod = Api.signedIn("mod", "rooms").cookie();
        Api.session(mod).get("/admin-api/rooms").then().statusCode(200);
        String node = Api.session(mod)
                .get("/admin-api/rooms/" + room)
                .then()
                .statusCode(200)
                .body("id", equalTo(room))
                .extract()
                .path("node");
        // the room's node among the nodes (another class's own server may still be listed until its heartbeat ages)
        Api.session(mod).get("/admin-api/rooms/_nodes").then().statusCode(200).body("node", hasItem(node));
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE target_id = ?", room),
                "refused commands leave no audit row");
    }

    @Test
    void playerSignInAndRegistrationAreLimitedPerAddress() throws Exception {
        String address = "198.51.100." + (1 + Math.floorMod(TestDb.unique().hashCode(), 250));
        String elsewhere = address.replace("198.51.100.", "203.0.113.");
        TestDb.scalar(
                "WITH d AS (DELETE FROM warden_window_counters WHERE key IN (?, ?) RETURNING 1) SELECT count(*) FROM d",
                "player-auth-ip:" + address,
                "player-auth-ip:" + elsewhere);
        String email = "limited-" + TestDb.unique() + "@example.com";
        Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/register")
                .then()
                .statusCode(201);
        for (int i = 0; i < 3; i++) {
            Api.anonymous()
                    .header("X-Forwarded-For", address)
                    .contentType("application/json")
                    .body(Map.of("email", email, "password", "player password"))
                    .post("/game-api/v1/auth/login")
                    .then()
                    .statusCode(200);
        }
        Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "wrong password"))
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(401);
        // the sixth request from the address in the window: refused whatever it carries
        io.restassured.response.Response refused = Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/login");
        refused.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        long retry = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retry >= 1 && retry <= 600, "Retry-After " + retry);
        Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", "other-" + email, "password", "player password"))
                .post("/game-api/v1/auth/register")
                .then()
                .statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.notNullValue());
        // another address is not affected
        Api.anonymous()
                .header("X-Forwarded-For", elsewhere)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(200);
    }

    @Test
    void banClosesThePlayersSocketsAndRevokeKillsOldTokens() throws Exception {
        String email = "banned-" + TestDb.unique() + "@example.com";
        String address = "10.250." + Math.floorMod(TestDb.unique().hashCode(), 250) + ".9";
        String token = Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/register")
                .then()
                .statusCode(201)
                .extract()
                .path("token");
        long userId = TestDb.scalar("SELECT id FROM warden_users WHERE email = ?", email);
        GameClient a = GameClient.connect("lobby", token);
        String roomA = a.next("state").getString("room_id");
        GameClient b = GameClient.connect("lobby", token);
        b.next("state");
        // the Active sessions tab: the token's row (kind player) and the two open sockets with their room and node
        Api.session(admin)
                .get("/admin-api/users/" + userId + "/sessions")
                .then()
                .statusCode(200)
                .body("findAll { it.kind == 'player' }.size()", equalTo(1))
                .body("findAll { it.kind == 'websocket' }.size()", equalTo(2))
                .body(
                        "findAll { it.kind == 'websocket' && it.room == '" + roomA + "' && it.node != null }.size()",
                        org.hamcrest.Matchers.greaterThanOrEqualTo(1));
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("reason", "cheating"))
                .post("/admin-api/users/" + userId + "/ban")
                .then()
                .statusCode(200)
                .body("sessions_closed", equalTo(3)); // the token's session row and two sockets
        assertEquals(4003, a.closeCode());
        assertEquals(4003, b.closeCode());
        assertEquals(4003, GameClient.connect("lobby", token).closeCode());
        Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(403);

        Api.session(admin).post("/admin-api/users/" + userId + "/unban").then().statusCode(200);
        String fresh = Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(200)
                .extract()
                .path("token");
        GameClient c = GameClient.connect("lobby", fresh);
        c.next("state");
        Api.session(admin)
                .post("/admin-api/users/" + userId + "/revoke-sessions")
                .then()
                .statusCode(200)
                .body("sessions_closed", equalTo(2)); // the new token's session row and its socket
        assertEquals(4003, c.closeCode(), "revoke-sessions closes the open socket");
        assertEquals(4003, GameClient.connect("lobby", fresh).closeCode(), "the token from before the revoke is dead");
        assertEquals(4003, GameClient.connect("lobby", token).closeCode());
        assertEquals(
                List.of("3"),
                TestDb.column(
                        "SELECT payload->>'sessionsClosed' FROM warden_admin_audit "
                                + "WHERE action = 'user.ban' AND target_id = ?",
                        Long.toString(userId)));
        String after = Api.anonymous()
                .header("X-Forwarded-For", address)
                .contentType("application/json")
                .body(Map.of("email", email, "password", "player password"))
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(200)
                .extract()
                .path("token");
        GameClient d = GameClient.connect("lobby", after);
        d.next("state"); // a token issued after the revoke works
        d.leave();
    }
}
