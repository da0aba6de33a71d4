package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The append-only audit log (docs/admin-api.md, "Audit entry record" and "Audit recording from own code" and "Events" rules 1 and 2):
 * rows written for panel CRUD and auth events with their exact payloads, no secret in
 * any payload, UPDATE refused by the database, reads for admins only, and audit-write failures that never
 * block the mutation. {@code AuditLog.prune} has no endpoint; {@code AuditLogTest} covers it.
 */
@SharedDeployment
class AuditIT {

    private static final String PASSWORD = "a long enough password";

    private String admin;
    private long adminId;

    /** One row of {@code warden_admin_audit}. */
    private record AuditRow(
            long id, Long operatorId, String action, String resource, String targetId, String payloadText) {
        Map<String, Object> payload() {
            return JsonPath.from(payloadText).getMap("$");
        }
    }

    @BeforeEach
    void signIn() throws Exception {
        Api.Identity signedIn = Api.signedIn("admin", null);
        adminId = signedIn.id();
        admin = signedIn.cookie();
    }

    private static List<AuditRow> audit(String where, Object... params) throws SQLException {
        String sql = "SELECT id, operator_id, action, resource, target_id, payload::text FROM warden_admin_audit WHERE "
                + where + " ORDER BY id";
        try (Connection c = TestDb.connect();
                PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            List<AuditRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new AuditRow(
                            rs.getLong(1),
                            (Long) rs.getObject(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6)));
                }
            }
            return out;
        }
    }

    private static List<AuditRow> auditOf(String resource, String targetId) throws SQLException {
        return audit("resource = ? AND target_id = ?", resource, targetId);
    }

    private static List<String> actions(List<AuditRow> rows) {
        return rows.stream().map(AuditRow::action).toList();
    }

    /** The row of an API answer as the audit stores it: its columns, without {@code _id} and {@code _labels}. */
    private static Map<String, Object> columns(Response response) {
        Map<String, Object> row = new HashMap<>(response.jsonPath().getMap("$"));
        row.remove("_id");
        row.remove("_labels");
        return row;
    }

    private static Map<String, Object> change(Object before, Object after) {
        Map<String, Object> change = new HashMap<>();
        change.put("before", before);
        change.put("after", after);
        return change;
    }

    @Test
    void createUpdateAndDeleteAreRecordedWithRowAndChangedColumnsOnly() throws Exception {
        String key = "audit." + TestDb.unique();
        Response created = Api.post(
                admin,
                "configs",
                "{\"key\": \"" + key + "\", \"value\": {\"a\": [1, 2]}, \"description\": \"before\"}");
        created.then().statusCode(201);
        String id = created.jsonPath().getString("_id");

        List<AuditRow> rows = auditOf("configs", id);
        assertEquals(List.of("create"), actions(rows));
        assertEquals((Long) adminId, rows.get(0).operatorId());
        assertEquals(Map.of("row", columns(created)), rows.get(0).payload());

        Response patched = Api.patch(
                admin, "configs/" + id, "{\"key\": \"" + key + "\", \"value\": 2, \"description\": \"after\"}");
        patched.then().statusCode(200);
        rows = auditOf("configs", id);
        assertEquals(List.of("create", "update"), actions(rows));
        assertEquals((Long) adminId, rows.get(1).operatorId());
        assertEquals(
                Map.of(
                        "changes",
                        Map.of(
                                "value", change(Map.of("a", List.of(1, 2)), 2),
                                "description", change("before", "after"))),
                rows.get(1).payload(),
                "only the changed columns; key (unchanged) and updated_at are left out");

        Api.patch(admin, "configs/" + id, "{}").then().statusCode(200);
        assertEquals(2, auditOf("configs", id).size(), "an update that writes nothing is not a mutation");

        Response deleted = Api.session(admin).delete("/admin-api/configs/" + id);
        deleted.then().statusCode(200);
        rows = auditOf("configs", id);
        assertEquals(List.of("create", "update", "delete"), actions(rows));
        assertEquals(Map.of("row", columns(deleted)), rows.get(2).payload());
        assertEquals("after", ((Map<?, ?>) rows.get(2).payload().get("row")).get("description"));
    }

    @Test
    void aCompositeKeyRowIsTargetedByItsBase64urlId() throws Exception {
        String tag = TestDb.unique();
        long user = TestDb.user("audit-entry-" + tag + "@example.com", "Entrant " + tag, null);
        long board = TestDb.insert("INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", "audit-" + tag);
        String id = Api.compositeId(board, user);

        Response created = Api.post(
                admin,
                "leaderboardEntries",
                "{\"leaderboard_id\": " + board + ", \"user_id\": " + user + ", \"score\": 10}");
        created.then().statusCode(201).body("_id", equalTo(id));
        Api.patch(admin, "leaderboardEntries/" + id, "{\"score\": 99, \"metadata\": {\"run\": 2}}")
                .then()
                .statusCode(200);
        Response deleted = Api.session(admin).delete("/admin-api/leaderboardEntries/" + id);
        deleted.then().statusCode(200);

        List<AuditRow> rows = auditOf("leaderboardEntries", id);
        assertEquals(List.of("create", "update", "delete"), actions(rows));
        assertEquals(Map.of("row", columns(created)), rows.get(0).payload());
        Map<String, Object> metadata = new HashMap<>();
        metadata.put("before", null);
        metadata.put("after", Map.of("run", 2));
        assertEquals(
                Map.of("changes", Map.of("score", change(10, 99), "metadata", metadata)),
                rows.get(1).payload());
        assertEquals(Map.of("row", columns(deleted)), rows.get(2).payload());
    }

    @Test
    void passwordsAndHashesNeverReachAPayload() throws Exception {
        String tag = TestDb.unique();
        String first = "first secret pw " + tag;
        Response created = Api.post(
                admin,
                "users",
                "{\"email\": \"audit-pw-" + tag + "@example.com\", " + "\"display_name\": \"Pw " + tag
                        + "\", \"password\": \"" + first + "\"}");
        created.then().statusCode(201);
        String id = created.jsonPath().getString("_id");
        String second = "second secret pw " + tag;
        Api.patch(admin, "users/" + id, "{\"display_name\": \"Pw2 " + tag + "\", \"password\": \"" + second + "\"}")
                .then()
                .statusCode(200);
        Api.patch(admin, "users/" + id, "{\"password\": \"third secret pw " + tag + "\"}")
                .then()
                .statusCode(200);
        String hash = TestDb.column("SELECT password_hash FROM warden_users WHERE id = ?", Long.parseLong(id))
                .get(0);
        assertTrue(hash.startsWith("PBKDF2"), hash);

        List<AuditRow> rows = auditOf("users", id);
        assertEquals(List.of("create", "update", "update"), actions(rows));
        assertEquals(Map.of("row", columns(created)), rows.get(0).payload());
        // a password change is recorded as a change of that column with the values replaced,
        // and it ends the user's other sessions (token_version bumped)
        Map<String, Object> changed = change("(changed)", "(changed)");
        assertEquals(
                Map.of(
                        "changes",
                        Map.of(
                                "display_name",
                                change("Pw " + tag, "Pw2 " + tag),
                                "password",
                                changed,
                                "token_version",
                                change(0, 1))),
                rows.get(1).payload());
        assertEquals(
                Map.of("changes", Map.of("password", changed, "token_version", change(1, 2))),
                rows.get(2).payload(),
                "a password change is recorded, without the password or its hash");
        for (AuditRow row : rows) {
            String text = row.payloadText();
            assertFalse(text.contains("secret pw"), text);
            assertFalse(text.contains("PBKDF2"), text);
            assertFalse(text.contains(hash.substring(hash.lastIndexOf(':') + 1)), text);
        }
        assertEquals(
                List.of(),
                TestDb.column("SELECT payload::text FROM warden_admin_audit "
                        + "WHERE payload::text ~* '(pbkdf2|_hash|secret pw)'"),
                "no payload anywhere holds a secret");
    }

    @Test
    void authEventsRecordEmailIpAndUserAgent() throws Exception {
        String tag = TestDb.unique();
        String email = "audit-login-" + tag + "@example.com";
        long user = TestDb.panelUser(email, "Login " + tag, PASSWORD);
        String agent = "AuditIT/1.0 (" + tag + ")";

        Api.anonymous()
                .header("User-Agent", agent)
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "wrong password here"))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_credentials"));
        String unknown = "audit-nobody-" + tag + "@example.com";
        Api.anonymous()
                .header("User-Agent", agent)
                .contentType(ContentType.JSON)
                .body(Map.of("email", unknown, "password", PASSWORD))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_credentials"));
        Response login = Api.anonymous()
                .header("User-Agent", agent)
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/admin-api/auth/login");
        login.then().statusCode(200);
        Api.session(login.cookie("warden_session"))
                .header("User-Agent", agent)
                .post("/admin-api/auth/logout")
                .then()
                .statusCode(204);

        List<AuditRow> rows = audit("payload->>'userAgent' = ?", agent);
        assertEquals(List.of("auth.login_failed", "auth.login_failed", "auth.login", "auth.logout"), actions(rows));
        assertEquals((Long) user, rows.get(0).operatorId(), "a failed login against a known email names the user");
        assertNull(rows.get(1).operatorId(), "a failed login against an unknown email has no operator");
        assertEquals((Long) user, rows.get(2).operatorId());
        assertEquals((Long) user, rows.get(3).operatorId());
        List<String> emails = List.of(email, unknown, email, email);
        for (int i = 0; i < rows.size(); i++) {
            AuditRow row = rows.get(i);
            assertEquals("auth", row.resource());
            assertNull(row.targetId());
            Map<String, Object> payload = row.payload();
            assertEquals(emails.get(i), payload.get("email"), row.action());
            assertEquals(agent, payload.get("userAgent"));
            assertNotNull(payload.get("ip"), row.action());
            assertFalse(payload.get("ip").toString().isBlank());
            if (row.action().equals("auth.login")) {
                assertEquals("password", payload.get("method"), "auth.login says the method");
                assertEquals(4, payload.size(), "exactly email, ip, userAgent and method: " + payload);
            } else {
                assertEquals(3, payload.size(), "exactly email, ip and userAgent: " + payload);
            }
        }
    }

    @Test
    void bootstrapIsRecordedForTheNewAdmin() throws Exception {
        TestDb.reopenBootstrap();
        String tag = TestDb.unique();
        String email = "audit-first-" + tag + "@example.com";
        String agent = "AuditIT bootstrap " + tag;
        Response created = Api.anonymous()
                .header("User-Agent", agent)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "email",
                        email,
                        "password",
                        PASSWORD,
                        "display_name",
                        "First " + tag,
                        "setup_token",
                        Api.SETUP_TOKEN))
                .post("/admin-api/auth/bootstrap");
        created.then().statusCode(201);
        long id = created.jsonPath().getLong("user.id");

        List<AuditRow> rows = audit("payload->>'userAgent' = ?", agent);
        assertEquals(List.of("auth.bootstrap"), actions(rows));
        assertEquals((Long) id, rows.get(0).operatorId());
        assertEquals("auth", rows.get(0).resource());
        assertEquals(email, rows.get(0).payload().get("email"));
        assertNotNull(rows.get(0).payload().get("ip"));
    }

    @Test
    void theDatabaseRefusesToUpdateDeleteOrTruncateTheAuditLog() throws Exception {
        String key = "audit." + TestDb.unique();
        String id = Api.post(admin, "configs", "{\"key\": \"" + key + "\", \"value\": 1}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("_id");
        AuditRow row = auditOf("configs", id).get(0);

        SQLException refused = assertThrows(
                SQLException.class,
                () -> TestDb.update("UPDATE warden_admin_audit SET action = 'forged' WHERE id = ?", row.id()));
        assertEquals("42501", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains("append-only"), refused.getMessage());
        SQLException deleteRefused = assertThrows(
                SQLException.class, () -> TestDb.update("DELETE FROM warden_admin_audit WHERE id = ?", row.id()));
        assertEquals("42501", deleteRefused.getSQLState(), deleteRefused.getMessage());
        SQLException truncateRefused =
                assertThrows(SQLException.class, () -> TestDb.update("TRUNCATE warden_admin_audit"));
        assertEquals("42501", truncateRefused.getSQLState(), truncateRefused.getMessage());
        assertEquals(List.of("create"), actions(auditOf("configs", id)));
        // the one sanctioned path, AuditLog.prune's function, still runs: it removes the oldest part of the hash chain
        // and leaves a checkpoint (AuditChainIT prunes real rows; a raw DELETE here would break the chain for the
        // rest of the run)
        assertEquals(0, TestDb.scalar("SELECT warden_admin_audit_prune(now() - interval '200 years')"));

        // and the panel denies every write on it, admins included (docs/admin-api.md, "Events" rule 2)
        Api.post(admin, "adminAudit", "{\"action\": \"forged\", \"resource\": \"configs\"}")
                .then()
                .statusCode(403);
        Api.patch(admin, "adminAudit/" + row.id(), "{\"action\": \"forged\"}")
                .then()
                .statusCode(403);
        Api.session(admin).delete("/admin-api/adminAudit/" + row.id()).then().statusCode(403);
        assertEquals(List.of("create"), actions(auditOf("configs", id)));
    }

    @Test
    void theAuditListShowsNewRowsToAdminsOnly() throws Exception {
        String tag = TestDb.unique();
        String key = "audit." + tag;
        String id = Api.post(admin, "configs", "{\"key\": \"" + key + "\", \"value\": 1}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("_id");
        Api.patch(admin, "configs/" + id, "{\"value\": 2}").then().statusCode(200);

        Response list = Api.session(admin)
                .queryParam("resource", "configs")
                .queryParam("target_id", id)
                .queryParam("_sort", "id")
                .queryParam("_order", "asc")
                .get("/admin-api/adminAudit");
        list.then()
                .statusCode(200)
                .body("action", equalTo(List.of("create", "update")))
                .body("operator_id", equalTo(List.of((int) adminId, (int) adminId)))
                .body("target_id", equalTo(List.of(id, id)))
                .body("[0].payload.row.key", equalTo(key))
                .body("[1].payload.changes.value.before", equalTo(1))
                .body("[1].payload.changes.value.after", equalTo(2));
        assertEquals("2", list.header("X-Total-Count"));

        String modEmail = "audit-mod-" + tag + "@example.com";
        TestDb.userWithRole(modEmail, PASSWORD, "mod", "adminAudit");
        String mod = Api.login(modEmail, PASSWORD);
        Api.session(mod).get("/admin-api/adminAudit").then().statusCode(403).body("error.code", equalTo("forbidden"));
        Api.session(mod)
                .get("/admin-api/adminAudit/" + auditOf("configs", id).get(0).id())
                .then()
                .statusCode(403);
    }

    /**
     * Whether the server under test offers MicroProfile Metrics at {@code /metrics}: Liberty does, WildFly 39 has
     * no MicroProfile Metrics (system property {@code warden.it.server}, set by the WildFly failsafe execution;
     * docs/wildfly.md). Without it the counter is not observable over HTTP and only the log lines are checked.
     */
    private static final boolean MP_METRICS = !"wildfly".equals(System.getProperty("warden.it.server", "liberty"));

    /** {@code warden_audit_write_failures_total} from {@code /metrics?scope=application} (0 before the first). */
    private static double auditWriteFailures() {
        if (!MP_METRICS) {
            return 0;
        }
        String text = Api.anonymous()
                .get("/metrics?scope=application")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        return text.lines()
                .filter(l -> l.startsWith("warden_audit_write_failures_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElse(0);
    }

    @Test
    void aFailedAuditWriteNeverBlocksTheMutationOrTheLogin() throws Exception {
        String tag = TestDb.unique().replaceAll("[^a-z0-9]", "");
        String marker = "auditfail" + tag;
        TestDb.update("CREATE FUNCTION warden_it_" + marker + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.payload::text LIKE '%" + marker
                + "%' THEN RAISE EXCEPTION 'audit refused for the test'; END IF; "
                + "RETURN NEW; END $$");
        TestDb.update("CREATE TRIGGER warden_it_" + marker + " BEFORE INSERT ON warden_admin_audit "
                + "FOR EACH ROW EXECUTE FUNCTION warden_it_" + marker + "()");
        double failuresBefore = auditWriteFailures();
        try {
            Response created = Api.post(admin, "configs", "{\"key\": \"" + marker + "\", \"value\": 1}");
            created.then().statusCode(201).body("key", equalTo(marker));
            String id = created.jsonPath().getString("_id");
            assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_configs WHERE key = ?", marker));
            assertEquals(List.of(), auditOf("configs", id));

            String email = marker + "@example.com";
            long user = TestDb.panelUser(email, null, PASSWORD);
            Api.anonymous()
                    .contentType(ContentType.JSON)
                    .body(Map.of("email", email, "password", PASSWORD))
                    .post("/admin-api/auth/login")
                    .then()
                    .statusCode(200);
            assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_sessions WHERE user_id = ?", user));
            assertEquals(List.of(), audit("operator_id = ?", user));

            // logged and counted: the WARNING names the entry, the counter went up once per failed write
            if (MP_METRICS) {
                assertEquals(failuresBefore + 2, auditWriteFailures());
            }
            String log = Files.readString(Path.of(System.getProperty("warden.it.server.log")));
            assertTrue(log.contains("Audit entry create on configs " + id + " "), "the failure is in the server log");
            assertTrue(log.contains("Audit entry auth.login on auth null (operator " + user + ") not written"));
        } finally {
            TestDb.update("DROP TRIGGER warden_it_" + marker + " ON warden_admin_audit");
            TestDb.update("DROP FUNCTION warden_it_" + marker + "()");
        }
    }
}
