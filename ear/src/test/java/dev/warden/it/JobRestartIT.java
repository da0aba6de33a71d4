package dev.warden.it;

import static dev.warden.it.support.JobCalls.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.OwnServer;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A job survives the death of its server (docs/operations.md, "Jobs after a restart"; docs/admin-api.md, "Jobs" rule
 * 10): a real Warden server process of the test's own ({@link OwnServer}: the same installation, configuration and IT
 * database as the shared test server, its own port and a fixed {@code warden.node.name}) runs an action job over 250
 * rows, is killed with SIGKILL while the job is inside row 151 (the test extension's {@code holdTouch} holds that row,
 * uncommitted, on a server started with {@code testext.hold-row}), and is started again without the hold. The
 * restarted server's start-up recovery pass takes the job over by its node name (the shared server's stale-heartbeat
 * pass would wait {@code warden.jobs.stale-seconds}, which the test configuration sets far above this test's length)
 * and the job finishes: every row changed exactly once and audited once with the job id, {@code job.started},
 * {@code job.resumed}, {@code job.finished}, whatever the killed server left in the batch container's repository.
 */
@SharedDeployment(SharedDeployment.Ear.WARDEN_WITH_TEST_EXTENSION)
class JobRestartIT {

    private static final int ROWS = 250;
    /** The row (1-based, in key order) the first run holds: past the first chunk's checkpoint (100 rows). */
    private static final int HELD = 151;

    @Test
    void aJobWhoseServerIsKilledMidWayIsResumedByTheRestartedServerAndChangesEveryRowOnce() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String tag = "restart-" + TestDb.unique();
        TestDb.update("INSERT INTO game_staff_notes (body) SELECT ? FROM generate_series(1, ?)", tag, ROWS);
        List<String> rows = TestDb.column("SELECT id FROM game_staff_notes WHERE body = ? ORDER BY id", tag);
        String held = rows.get(HELD - 1);
        String node = "restart-" + TestDb.unique();
        Long job = null;
        long began = System.nanoTime();
        try (OwnServer server = OwnServer.create(node, Deployments.wardenWithTestExtension())) {
            Duration firstStart = server.start(Map.of("testext.hold-row", held));
            Response queued = call(
                    on(server, admin.cookie())
                            .contentType(ContentType.JSON)
                            .body("{\"kind\": \"action\", \"action\": \"holdTouch\", \"filter\": {\"body\": \"" + tag
                                    + "\"}}"),
                    "POST",
                    "/admin-api/staffNotes/_jobs",
                    202);
            job = Long.parseLong(queued.jsonPath().getString("id"));
            awaitLog(server.log(), Pattern.compile("testext: holding row " + held + "\\b"));
            long killedAt = System.nanoTime();
            server.kill();

            // what the dead server left: the job running on its node, the rows before the held one done (committed
            // with their item, audited), the held row and the rest pending
            long processed = TestDb.scalar("SELECT processed FROM warden_jobs WHERE id = ?", job);
            assertTrue(processed > 0 && processed < HELD, "killed with " + processed + " rows done");
            assertEquals(
                    List.of("running " + node),
                    TestDb.column("SELECT status || ' ' || node FROM warden_jobs WHERE id = ?", job));
            assertEquals(
                    ROWS - processed,
                    TestDb.scalar("SELECT count(*) FROM warden_job_items WHERE job_id = ? AND state = 'pending'", job));
            assertEquals(processed, TestDb.scalar("SELECT count(*) FROM game_staff_notes WHERE body = ?", tag + "+"));
            assertEquals(processed, customEntries(job));
            long killedExecution = TestDb.scalar("SELECT execution_id FROM warden_jobs WHERE id = ?", job);
            Response left = call(Api.session(admin.cookie()), "GET", "/admin-api/_jobs/" + job, 200);
            assertEquals("running", left.jsonPath().getString("status"), left.asString());
            assertEquals(processed, left.jsonPath().getLong("processed"), left.asString());
            assertEquals(ROWS, left.jsonPath().getInt("total"), left.asString());

            Duration restart = server.start(Map.of());
            String id = String.valueOf(job);
            Wait.until(Duration.ofSeconds(90), "job " + id + " ended on the restarted server", () -> !List.of(
                            "queued", "running")
                    .contains(on(server, admin.cookie())
                            .get("/admin-api/_jobs/" + id)
                            .jsonPath()
                            .getString("status")));
            Duration killToEnd = Duration.ofNanos(System.nanoTime() - killedAt);
            Response done = call(on(server, admin.cookie()), "GET", "/admin-api/_jobs/" + id, 200);
            assertEquals("done", done.jsonPath().getString("status"), done.asString());
            assertEquals(ROWS, done.jsonPath().getInt("total"), done.asString());
            assertEquals(ROWS, done.jsonPath().getInt("processed"), done.asString());
            assertEquals(0, done.jsonPath().getInt("failed"), done.asString());
            assertEquals(List.of(), done.jsonPath().getList("errors"), done.asString());

            // the restarted server took it over at its start-up pass (by its node name), in a new batch execution
            // or by restarting the killed one from its checkpoint
            assertEquals(List.of(node), TestDb.column("SELECT node FROM warden_jobs WHERE id = ?", job));
            Matcher resumed = Pattern.compile(
                            "Jobs: job " + id + " (restarted from its last checkpoint|resumed in a " + "new execution)")
                    .matcher(Files.readString(server.log(), StandardCharsets.ISO_8859_1));
            assertTrue(resumed.find(), "the restarted server's log says it resumed job " + id + ": " + server.log());
            assertNotEquals(killedExecution, TestDb.scalar("SELECT execution_id FROM warden_jobs WHERE id = ?", job));

            // every row changed exactly once (never "++", none left out), one audit entry per row with the job id
            assertEquals(ROWS, TestDb.scalar("SELECT count(*) FROM game_staff_notes WHERE body = ?", tag + "+"));
            assertEquals(ROWS, customEntries(job));
            assertEquals(
                    ROWS,
                    TestDb.scalar(
                            "SELECT count(DISTINCT target_id) FROM warden_admin_audit WHERE action = 'custom' "
                                    + "AND payload->>'job_id' = ?",
                            id));
            assertEquals(
                    List.of("job.started", "job.resumed", "job.finished"),
                    TestDb.column(
                            "SELECT action FROM warden_admin_audit WHERE action LIKE 'job.%' AND target_id = ? "
                                    + "ORDER BY id",
                            id));
            assertEquals(
                    List.of(ROWS + " " + ROWS + " 0 done"),
                    TestDb.column(
                            "SELECT concat_ws(' ', payload->>'total', payload->>'processed', payload->>'failed', "
                                    + "payload->>'status') FROM warden_admin_audit WHERE action = 'job.finished' "
                                    + "AND target_id = ?",
                            id));
            System.out.printf(
                    "JobRestartIT: %s: server made and first start %d s (start %d s), killed with %d of %d rows done,"
                            + " restart %d s, kill to job end %d s (%s)%n",
                    node,
                    Duration.ofNanos(killedAt - began).toSeconds(),
                    firstStart.toSeconds(),
                    processed,
                    ROWS,
                    restart.toSeconds(),
                    killToEnd.toSeconds(),
                    resumed.group(1));
        } finally {
            System.out.printf(
                    "JobRestartIT: %s: %d s with the stop%n",
                    node, Duration.ofNanos(System.nanoTime() - began).toSeconds());
            if (job != null) {
                // a failed run leaves no job running on a dead node (it would hold staffNotes for other jobs)
                TestDb.update(
                        "UPDATE warden_jobs SET status = 'failed', finished_at = now() WHERE id = ? "
                                + "AND status IN ('queued', 'running')",
                        job);
            }
        }
    }

    /** A signed-in request to {@code server}. */
    private static RequestSpecification on(OwnServer server, String cookie) {
        return RestAssured.given()
                .baseUri(server.baseUrl())
                .redirects()
                .follow(false)
                .cookie("warden_session", cookie);
    }

    /** The job's per-row audit entries ({@code custom} with its {@code job_id}). */
    private static long customEntries(long job) throws Exception {
        return TestDb.scalar(
                "SELECT count(*) FROM warden_admin_audit WHERE action = 'custom' AND payload->>'job_id' = ?",
                String.valueOf(job));
    }

    /** Waits until {@code log} shows {@code pattern}. */
    private static void awaitLog(Path log, Pattern pattern) {
        Wait.until(
                Duration.ofSeconds(60),
                "the server's log shows /" + pattern + "/ (" + log + ")",
                () -> Files.exists(log)
                        && pattern.matcher(Files.readString(log, StandardCharsets.ISO_8859_1))
                                .find());
    }
}
