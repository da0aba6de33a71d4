package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The command path between nodes (docs/game-api.md, "Requirements: Across nodes") against a fake second node
 * played by this test: a {@code warden_nodes} and a {@code warden_rooms} row name the node, and the test listens on
 * the channel {@code warden_rooms_bus} as that node would and answers. An operator's command for the fake node's room
 * reaches it as a NOTIFY and the node's answer (or error) becomes the HTTP answer; a value too large for a NOTIFY
 * travels through {@code warden_room_messages}; a node that does not answer makes the command 503 with
 * {@code Retry-After}; a ban asks every node to close the user's sockets and counts their answers in
 * {@code sessions_closed}. bench/rooms-two-nodes.sh runs the same with two real servers.
 */
@SharedDeployment(Ear.WARDEN)
class RoomsAcrossNodesIT {

    private String admin;
    private String node;
    private String room;
    private FakeNode fake;

    @BeforeEach
    void fakeNode() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
        node = "it-node-" + TestDb.unique();
        room = "itroom" + TestDb.unique();
        TestDb.update("INSERT INTO warden_nodes (node, rooms, clients) VALUES (?, 1, 2)", node);
        TestDb.update("INSERT INTO warden_rooms (id, type, node, clients) VALUES (?, 'lobby', ?, 2)", room, node);
    }

    @AfterEach
    void removeFakeNode() throws Exception {
        if (fake != null) {
            fake.close();
        }
        TestDb.update("DELETE FROM warden_rooms WHERE node = ?", node);
        TestDb.update("DELETE FROM warden_nodes WHERE node = ?", node);
    }

    @Test
    void aCommandForAnotherNodesRoomIsRunByThatNodeAndItsAnswerComesBack() throws Exception {
        fake = new FakeNode(node, command -> switch (command.getString("op")) {
            case "message" -> "{\"status\":200,\"body\":true}";
            case "state_edit" ->
                "{\"status\":200,\"body\":{\"before\":null,\"after\":" + command.getInt("args.value.size()")
                        + ",\"state\":{\"players\":{},\"round\":\"long\"}}}";
            case "read" ->
                "{\"status\":200,\"body\":{\"id\":\"" + room + "\",\"node\":\"" + node + "\",\"state\":{\"round\":1},"
                        + "\"clients\":[]}}";
            default ->
                "{\"status\":404,\"code\":\"NOT_FOUND\",\"message\":\"No client in room " + room + "\",\"fields\":{}}";
        });
        Api.session(admin).get("/admin-api/rooms?type=lobby").then().statusCode(200);
        // the first command after a deployment can meet cold code on a loaded machine and pass the bus's 2 s: 503 with
        // Retry-After (docs/admin-api.md, "Live rooms"), which a client retries
        Response read = Api.session(admin).get("/admin-api/rooms/" + room);
        for (int attempt = 1; read.statusCode() == 503 && attempt < 5; attempt++) {
            read = Api.session(admin).get("/admin-api/rooms/" + room);
        }
        read.then().statusCode(200).body("node", equalTo(node)).body("state.round", equalTo(1));
        assertEquals("read", fake.commands.poll(5, TimeUnit.SECONDS).getString("op"));
        while (fake.commands.peek() != null
                && "read".equals(fake.commands.peek().getString("op"))) {
            fake.commands.poll(); // the retried reads' commands
        }

        // a message to the room, then to one client of it: each goes to the room's node with its fields
        for (Map<String, String> body : List.of(
                Map.of("type", "notice", "data", "from the panel"),
                Map.of("type", "notice", "data", "just you", "client_id", "c-remote"))) {
            Api.session(admin)
                    .contentType("application/json")
                    .body(body)
                    .post("/admin-api/rooms/" + room + "/message")
                    .then()
                    .statusCode(200);
            JsonPath message = fake.commands.poll(5, TimeUnit.SECONDS);
            assertNotNull(message);
            assertEquals(
                    List.of("message", room, "notice", body.get("data"), body.getOrDefault("client_id", "null")),
                    List.of(
                            message.getString("op"),
                            message.getString("room"),
                            message.getString("args.type"),
                            message.getString("args.data"),
                            String.valueOf(message.getString("args.client_id"))));
        }
        assertEquals(
                2,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.message' AND target_id = ?",
                        room));

        // a value over the NOTIFY payload limit travels through warden_room_messages
        String big = "x".repeat(20_000);
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("path", "/round", "value", List.of(big, big)))
                .patch("/admin-api/rooms/" + room + "/state")
                .then()
                .statusCode(200)
                .body("round", equalTo("long"));
        JsonPath edit = fake.commands.poll(5, TimeUnit.SECONDS);
        assertEquals(
                List.of("state_edit", "/round", big.length()),
                List.of(
                        edit.getString("op"),
                        edit.getString("args.path"),
                        edit.getString("args.value[0]").length()));
        assertTrue(fake.viaTable > 0, "the large command came through warden_room_messages");
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_room_messages"), "the receiver deleted the row");
        assertEquals(
                List.of("null|2"),
                TestDb.column(
                        "SELECT (payload->'before')::text || '|' || (payload->'after')::text "
                                + "FROM warden_admin_audit WHERE action = 'room.state_edit' AND target_id = ?",
                        room));

        // the owner's error is the answer; nothing is audited
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("client_id", "nobody"))
                .post("/admin-api/rooms/" + room + "/kick")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.kick' AND target_id = ?", room));

        // a node that does not answer: 503 with Retry-After after the command timeout (2 s)
        fake.close();
        fake = null;
        long start = System.nanoTime();
        Response silent = Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/rooms/" + room + "/lock");
        long ms = (System.nanoTime() - start) / 1_000_000;
        silent.then().statusCode(503);
        assertNotNull(silent.header("Retry-After"));
        assertTrue(ms >= 1900, "waited for the node: " + ms + " ms");
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.lock' AND target_id = ?", room));
    }

    @Test
    void aBanClosesTheUsersSocketsOnEveryNodeAndCountsThem() throws Exception {
        long user = TestDb.user("across-" + TestDb.unique() + "@example.com", "Across", "player password");
        fake = new FakeNode(node, command -> switch (command.getString("op")) {
            case "close_user" ->
                command.getLong("args.user_id") == user && command.getInt("args.code") == 4003
                        ? "{\"status\":200,\"body\":{\"closed\":2}}"
                        : "{\"status\":400,\"code\":\"BAD_REQUEST\",\"message\":\"?\"}";
            case "user_sockets" ->
                "{\"status\":200,\"body\":[{\"id\":\"ws-1\",\"kind\":\"websocket\",\"room\":\"" + room
                        + "\",\"node\":\"" + node + "\",\"ip\":\"203.0.113.5\",\"user_agent\":null,\"created_at\":"
                        + "\"2026-01-01T00:00:00Z\",\"last_seen_at\":\"2026-01-01T00:00:00Z\",\"expires_at\":null}]}";
            default -> "{\"status\":400,\"code\":\"BAD_REQUEST\",\"message\":\"?\"}";
        });
        // the Active sessions tab lists the sockets the other node holds
        Api.session(admin)
                .get("/admin-api/users/" + user + "/sessions")
                .then()
                .statusCode(200)
                .body("findAll { it.kind == 'websocket' }.node", equalTo(List.of(node)))
                .body("find { it.kind == 'websocket' }.room", equalTo(room));
        assertEquals("user_sockets", fake.commands.poll(5, TimeUnit.SECONDS).getString("op"));
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("reason", "cheating"))
                .post("/admin-api/users/" + user + "/ban")
                .then()
                .statusCode(200)
                .body("sessions_closed", equalTo(2));
        JsonPath close = fake.commands.poll(5, TimeUnit.SECONDS);
        assertEquals("*", close.getString("to"), "broadcast to every node");
        assertEquals(
                List.of("2"),
                TestDb.column(
                        "SELECT payload->>'sessionsClosed' FROM warden_admin_audit "
                                + "WHERE action = 'user.ban' AND target_id = ?",
                        Long.toString(user)));
        Api.session(admin)
                .post("/admin-api/users/" + user + "/revoke-sessions")
                .then()
                .statusCode(200)
                .body("sessions_closed", equalTo(2));
    }

    @Test
    void anotherNodesRoomsShowTheirFiguresMetadataAndPlayersAndGetTypeMessages() throws Exception {
        String email = "seated-" + TestDb.unique() + "@example.com";
        long user = TestDb.user(email, "Seated", "player password");
        TestDb.update(
                "UPDATE warden_rooms SET metadata = '{\"map\":\"dust\",\"mode\":\"duel\"}', user_ids = ARRAY[?]::bigint[], "
                        + "figures = '{\"messages_in_per_s\":900,\"lag_ms\":40}' WHERE id = ?",
                user,
                room);
        TestDb.update(
                "UPDATE warden_nodes SET figures = '{\"messages_in_per_s\":900,\"lag_ms\":40}' WHERE node = ?", node);
        fake = new FakeNode(node, command -> switch (command.getString("op")) {
            case "type_message" -> "{\"status\":200,\"body\":{\"rooms\":3,\"clients\":7}}";
            case "read_log" ->
                "{\"status\":200,\"body\":[{\"at\":\"2026-01-01T00:00:00Z\",\"kind\":\"join\",\"client_id\":\"c1\"}]}";
            default -> "{\"status\":400,\"code\":\"BAD_REQUEST\",\"message\":\"?\"}";
        });
        // the list: metadata filter and figures sort over every node's rows
        Api.session(admin)
                .get("/admin-api/rooms?metadata.map=dust&metadata.mode=duel")
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(room)))
                .body("[0].figures.lag_ms", equalTo(40));
        Api.session(admin)
                .get("/admin-api/rooms?_sort=figures.messages_in_per_s&_order=desc&_end=1")
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(room)));
        Api.session(admin)
                .get("/admin-api/rooms/_nodes")
                .then()
                .statusCode(200)
                .body("find { it.node == '" + node + "' }.figures.messages_in_per_s", equalTo(900));
        // the player search finds the seat on the other node, by email and by id
        for (String who : List.of(email, Long.toString(user))) {
            Api.session(admin)
                    .get("/admin-api/rooms?player=" + who)
                    .then()
                    .statusCode(200)
                    .body("id", equalTo(List.of(room)))
                    .body("[0].node", equalTo(node));
        }
        // a message to every lobby room reaches the other node, which counts its rooms and clients
        Response sent = Api.session(admin)
                .contentType("application/json")
                .body(Map.of(
                        "type", "lobby", "message", Map.of("type", "notice", "data", Map.of("text", "maintenance"))))
                .post("/admin-api/rooms/_message");
        sent.then().statusCode(200).body("nodes_unanswered", equalTo(0));
        assertTrue(sent.jsonPath().getInt("rooms") >= 3 && sent.jsonPath().getInt("clients") >= 7, sent.asString());
        JsonPath command = fake.commands.poll(5, TimeUnit.SECONDS);
        assertEquals(
                List.of("type_message", "*", "lobby", "notice", "maintenance"),
                List.of(
                        command.getString("op"),
                        command.getString("to"),
                        command.getString("args.room_type"),
                        command.getString("args.type"),
                        command.getString("args.data.text")));
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("type", "nosuchtype", "message", Map.of("type", "notice")))
                .post("/admin-api/rooms/_message")
                .then()
                .statusCode(422);
        // the room log of the other node's room comes through the bus; reading it is audited
        Api.session(admin)
                .get("/admin-api/rooms/" + room + "/log")
                .then()
                .statusCode(200)
                .body("[0].kind", equalTo("join"));
        assertEquals("read_log", fake.commands.poll(5, TimeUnit.SECONDS).getString("op"));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'room.log_read' AND target_id = ?",
                        room));
    }

    /** A second node played by the test: LISTENs on the bus, records the commands addressed to it and answers them. */
    static final class FakeNode implements AutoCloseable {
        final BlockingQueue<JsonPath> commands = new LinkedBlockingQueue<>();
        volatile int viaTable;
        private final Connection connection;
        private final Thread thread;
        private volatile boolean running = true;

        FakeNode(String node, Function<JsonPath, String> answer) throws SQLException {
            connection = TestDb.connect();
            try (Statement s = connection.createStatement()) {
                s.execute("LISTEN warden_rooms_bus");
            }
            PGConnection pg = connection.unwrap(PGConnection.class);
            thread = new Thread(
                    () -> {
                        while (running) {
                            try {
                                PGNotification[] notes = pg.getNotifications(200);
                                for (PGNotification n : notes == null ? new PGNotification[0] : notes) {
                                    JsonPath m = JsonPath.from(n.getParameter());
                                    String to = m.getString("to");
                                    if (!node.equals(to) && !"*".equals(to)) {
                                        continue;
                                    }
                                    if (m.getString("ref") != null) {
                                        viaTable++;
                                        m = JsonPath.from(take(m.getString("ref")));
                                    }
                                    if (!"cmd".equals(m.getString("k"))) {
                                        continue;
                                    }
                                    commands.add(m);
                                    String reply = answer.apply(m);
                                    String envelope = "{\"k\":\"re\",\"id\":\"" + m.getString("id") + "\",\"from\":\""
                                            + node + "\",\"to\":\"" + m.getString("from") + "\"," + reply.substring(1);
                                    try (PreparedStatement ps =
                                            connection.prepareStatement("SELECT pg_notify('warden_rooms_bus', ?)")) {
                                        ps.setString(1, envelope);
                                        ps.execute();
                                    }
                                }
                            } catch (SQLException e) {
                                if (running) {
                                    throw new IllegalStateException(e);
                                }
                            }
                        }
                    },
                    "fake-node");
            thread.setDaemon(true);
            thread.start();
        }

        private String take(String ref) throws SQLException {
            try (PreparedStatement ps =
                    connection.prepareStatement("DELETE FROM warden_room_messages WHERE id = ? RETURNING body")) {
                ps.setString(1, ref);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getString(1);
                }
            }
        }

        @Override
        public void close() throws Exception {
            running = false;
            thread.join(2000);
            connection.close();
        }
    }
}
