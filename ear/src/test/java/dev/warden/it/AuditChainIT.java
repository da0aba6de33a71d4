package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tamper-evident audit log: the database chains every row (prev_hash, hash) in insert
 * order even with two writers at once, {@code GET /admin-api/adminAudit/_verify} names a row whose payload a
 * superuser edited and the row after a deleted one, and the chain still verifies after {@code audit.prune}
 * (its checkpoint). Tampering uses {@code session_replication_role = replica} (the superuser's way past the
 * append-only and delete-guard triggers) in its own session, and every test puts the chain back as it was, so
 * the shared database verifies again for the ITs that follow.
 */
@SharedDeployment
class AuditChainIT {

    private String admin;

    @BeforeEach
    void signIn() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
    }

    private JsonPath verify() {
        return Api.session(admin)
                .get("/admin-api/adminAudit/_verify")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Creates a config through the API (one audited write) and answers the id of its audit row. */
    private long auditedWrite() throws SQLException {
        String key = "chain." + TestDb.unique();
        String id = Api.post(admin, "configs", "{\"key\": \"" + key + "\", \"value\": 1}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("_id");
        return TestDb.scalar(
                "SELECT id FROM warden_admin_audit WHERE resource = 'configs' AND target_id = ? "
                        + "AND action = 'create'",
                id);
    }

    private static Connection superuserBypassingTriggers() throws SQLException {
        Connection c = TestDb.connect();
        try (Statement s = c.createStatement()) {
            s.execute("SET session_replication_role = replica");
        }
        return c;
    }

    @Test
    void theChainVerifiesAfterAThousandWritesFromTwoThreads() throws Exception {
        long before = TestDb.scalar("SELECT seq FROM warden_admin_audit_chain WHERE id = 1");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int thread = t;
                writers.add(pool.submit(() -> {
                    // Two connections inserting at once, like two nodes: one row per statement as AuditLog.record
                    // (thread 0), five rows per statement as a job's chunk in AuditLog.recordAll (thread 1)
                    int perStatement = thread == 0 ? 1 : 5;
                    try (Connection c = TestDb.connect();
                            PreparedStatement ps = c.prepareStatement(
                                    "INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) "
                                            + "SELECT NULL, 'chain.test', 'configs', ? || '-' || g, "
                                            + "CAST(? AS jsonb) || jsonb_build_object('row', g) "
                                            + "FROM generate_series(1, ?) g")) {
                        for (int i = 0; i < 500 / perStatement; i++) {
                            ps.setString(1, thread + "-" + i);
                            ps.setString(2, "{\"thread\": " + thread + ", \"i\": " + i + ", \"text\": \"é\"}");
                            ps.setInt(3, perStatement);
                            assertEquals(perStatement, ps.executeUpdate());
                        }
                    }
                    return null;
                }));
            }
            for (int i = 0; i < 20; i++) {
                auditedWrite(); // and the application writing meanwhile
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(
                TestDb.scalar("SELECT seq FROM warden_admin_audit_chain WHERE id = 1") >= before + 1020,
                "every row got its own place in one chain");
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_admin_audit a JOIN warden_admin_audit b "
                        + "ON b.chain_seq = a.chain_seq + 1 WHERE b.prev_hash <> a.hash"),
                "each row links to the one before");
        assertEquals(
                TestDb.scalar("SELECT max(chain_seq) FROM warden_admin_audit"),
                TestDb.scalar("SELECT seq FROM warden_admin_audit_chain WHERE id = 1"),
                "the head moved to the last row, also after a statement of several rows");
        JsonPath verdict = verify();
        assertTrue(verdict.getBoolean("ok"), verdict.prettify());
        assertTrue(verdict.getLong("rows_checked") >= 1020);
        assertNull(verdict.get("first_bad_id"));
    }

    @Test
    void aPayloadEditedBySuperuserSqlIsNamed() throws Exception {
        long tampered = auditedWrite();
        auditedWrite();
        assertTrue(verify().getBoolean("ok"));
        try (Connection c = superuserBypassingTriggers();
                Statement s = c.createStatement()) {
            String original = TestDb.column("SELECT payload::text FROM warden_admin_audit WHERE id = ?", tampered)
                    .get(0);
            s.executeUpdate(
                    "UPDATE warden_admin_audit SET payload = '{\"row\": {\"value\": 2}}' WHERE id = " + tampered);
            try {
                JsonPath verdict = verify();
                assertFalse(verdict.getBoolean("ok"));
                assertEquals(tampered, verdict.getLong("first_bad_id"));
                assertEquals("hash", verdict.getString("problem"));
            } finally {
                try (PreparedStatement ps =
                        c.prepareStatement("UPDATE warden_admin_audit SET payload = CAST(? AS jsonb) WHERE id = ?")) {
                    ps.setString(1, original);
                    ps.setLong(2, tampered);
                    ps.executeUpdate();
                }
            }
        }
        assertTrue(verify().getBoolean("ok"), "the original payload verifies again");
    }

    @Test
    void aDeletedRowIsNamedByTheRowAfterIt() throws Exception {
        long deleted = auditedWrite();
        long next = auditedWrite();
        long nextInChain = TestDb.scalar(
                "SELECT id FROM warden_admin_audit WHERE chain_seq = "
                        + "(SELECT chain_seq + 1 FROM warden_admin_audit WHERE id = ?)",
                deleted);
        assertEquals(next, nextInChain);
        try (Connection c = superuserBypassingTriggers();
                Statement s = c.createStatement()) {
            s.execute("CREATE TEMP TABLE saved AS SELECT * FROM warden_admin_audit WHERE id = " + deleted);
            s.executeUpdate("DELETE FROM warden_admin_audit WHERE id = " + deleted);
            try {
                JsonPath verdict = verify();
                assertFalse(verdict.getBoolean("ok"));
                assertEquals(next, verdict.getLong("first_bad_id"));
                assertEquals("link", verdict.getString("problem"));
            } finally {
                s.executeUpdate("INSERT INTO warden_admin_audit SELECT * FROM saved");
            }
        }
        assertTrue(verify().getBoolean("ok"), "the row put back verifies again");
    }

    @Test
    void theChainVerifiesAfterAPruneFromItsCheckpoint() throws Exception {
        auditedWrite();
        // Only the oldest rows go (the first transaction's), so the other ITs' entries stay.
        long pruned;
        try (Connection c = TestDb.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT warden_admin_audit_prune((SELECT min(created_at) "
                        + "+ interval '1 millisecond' FROM warden_admin_audit))")) {
            rs.next();
            pruned = rs.getLong(1);
        }
        assertTrue(pruned > 0, "the oldest rows were pruned");
        long checkpointSeq = TestDb.scalar("SELECT max(last_seq) FROM warden_admin_audit_checkpoints");
        assertEquals(
                checkpointSeq + 1,
                TestDb.scalar("SELECT min(chain_seq) FROM warden_admin_audit"),
                "the checkpoint holds the last pruned row, right before the first one kept");
        auditedWrite();
        JsonPath verdict = verify();
        assertTrue(verdict.getBoolean("ok"), verdict.prettify());
        assertEquals(checkpointSeq, verdict.getLong("checkpoint_seq"));
    }

    @Test
    void onlyAdminsVerifyOrExportAndTheHeadIsTheChainHead() throws Exception {
        String mod = Api.signedIn("mod", "configs").cookie();
        Api.session(mod).get("/admin-api/adminAudit/_verify").then().statusCode(403);
        Api.session(mod).get("/admin-api/adminAudit/_head").then().statusCode(403);
        Api.anonymous().get("/admin-api/adminAudit/_verify").then().statusCode(401);

        JsonPath head = Api.session(admin)
                .get("/admin-api/adminAudit/_head")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        String hash = head.getString("hash");
        assertNotNull(hash);
        assertEquals(
                hash,
                TestDb.column("SELECT hash FROM warden_admin_audit WHERE chain_seq = ?", head.getLong("seq"))
                        .get(0),
                "the exported hash is the row's at that place of the chain");
        assertNull(head.get("signature"), "no signing key in the IT server");
        assertTrue(head.getString("signed_text").contains(hash));
    }
}
