package dev.warden.it;

import static dev.warden.it.support.JobCalls.call;
import static dev.warden.it.support.JobCalls.ended;
import static dev.warden.it.support.JobCalls.file;
import static dev.warden.it.support.JobCalls.json;
import static dev.warden.it.support.JobCalls.leftRunning;
import static dev.warden.it.support.JobCalls.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Jobs over every row a filter matches (docs/admin-api.md, "Jobs"), on Jakarta Batch with the job repository in
 * PostgreSQL: a dry run that changes nothing, a run whose rows are changed and audited exactly as by hand (with the job
 * id), field permissions and mod scope per row, actions per row, refusals before any row.
 */
@SharedDeployment(SharedDeployment.Ear.WARDEN_WITH_TEST_EXTENSION)
class JobsIT {

    @Test
    void aDryRunPreviewsAndTheRunChangesAndAuditsEveryMatchingRow() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String tag = "jobs-" + TestDb.unique();
        for (int score = 1; score <= 3; score++) {
            TestDb.insert("INSERT INTO game_scores (score, note) VALUES (?, ?)", score, tag);
        }
        TestDb.insert("INSERT INTO game_scores (score, note) VALUES (99, ?)", tag + "-other");
        String update = "{\"kind\": \"update\", \"filter\": {\"note\": \"" + tag + "\", \"score_lte\": \"10\"},"
                + " \"set\": {\"season\": \"s-" + tag + "\"}";

        Response dry =
                call(json(admin.cookie(), update + ", \"dry_run\": true}"), "POST", "/admin-api/scores/_jobs", 200);
        assertEquals(3, dry.jsonPath().getInt("matched"));
        assertEquals(3, dry.jsonPath().getList("preview").size());
        assertEquals("s1", dry.jsonPath().getString("preview[0].before.season"));
        assertEquals("s-" + tag, dry.jsonPath().getString("preview[0].after.season"));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM game_scores WHERE season = ?", "s-" + tag));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_jobs WHERE created_by = ?", admin.id()));

        Response job = run(admin.cookie(), "scores", update + "}");
        assertEquals("done", job.jsonPath().getString("status"));
        assertEquals("update", job.jsonPath().getString("kind"));
        assertEquals(3, job.jsonPath().getInt("total"));
        assertEquals(3, job.jsonPath().getInt("processed"));
        assertEquals(0, job.jsonPath().getInt("failed"));
        assertEquals(List.of(), job.jsonPath().getList("errors"));
        String id = job.jsonPath().getString("id");
        assertEquals(3, TestDb.scalar("SELECT count(*) FROM game_scores WHERE season = ?", "s-" + tag));
        assertEquals(
                1, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ? AND season = 's1'", tag + "-other"));

        // one update entry per row with the job id, and the job's own start and end
        assertEquals(
                List.of("s-" + tag, "s-" + tag, "s-" + tag),
                TestDb.column(
                        "SELECT payload->'changes'->'season'->>'after' FROM warden_admin_audit WHERE action = 'update' "
                                + "AND resource = 'scores' AND payload->>'job_id' = ? ORDER BY id",
                        id));
        assertEquals(
                List.of("job.started", "job.finished"),
                TestDb.column(
                        "SELECT action FROM warden_admin_audit WHERE action LIKE 'job.%' AND target_id = ? ORDER BY id",
                        id));
        assertEquals(
                List.of("3 3 0 done"),
                TestDb.column(
                        "SELECT concat_ws(' ', payload->>'total', payload->>'processed', payload->>'failed', "
                                + "payload->>'status') FROM warden_admin_audit WHERE action = 'job.finished' "
                                + "AND target_id = ?",
                        id));
        // the job's entries target the job's id, not a row: the row of the same id has none of them in its history
        assertEquals(
                List.of(),
                call(Api.session(admin.cookie()), "GET", "/admin-api/scores/" + id + "/_history", 200)
                        .jsonPath()
                        .getList("findAll { it.action.startsWith('job.') }"));
        // the batch container's repository in PostgreSQL knows the execution
        assertTrue(TestDb.scalar(
                        "SELECT count(*) FROM warden_jobs WHERE id = ? AND execution_id IS NOT NULL",
                        Long.parseLong(id))
                == 1);

        List<String> ids = call(Api.session(admin.cookie()), "GET", "/admin-api/_jobs", 200)
                .jsonPath()
                .getList("id");
        assertTrue(ids.contains(id), ids.toString());
        // finished: cancel is a conflict; another admin reads it, a mod does not see it
        call(Api.session(admin.cookie()), "POST", "/admin-api/_jobs/" + id + "/cancel", 409);
        call(Api.session(Api.signedIn("admin", null).cookie()), "GET", "/admin-api/_jobs/" + id, 200);
        Api.Identity mod = Api.signedIn("mod", "scores");
        call(Api.session(mod.cookie()), "GET", "/admin-api/_jobs/" + id, 404);
        assertTrue(!call(Api.session(mod.cookie()), "GET", "/admin-api/_jobs", 200)
                .jsonPath()
                .getList("id")
                .contains(id));

        // revert: a row changed by hand since the job is a conflict (409 naming it, nothing changed) until forced
        String changed = TestDb.column("SELECT id::text FROM game_scores WHERE note = ? ORDER BY id", tag)
                .get(1);
        Api.patch(admin.cookie(), "scores/" + changed, "{\"season\": \"by-hand\"}")
                .then()
                .statusCode(200);
        Response preview =
                call(Api.session(admin.cookie()), "POST", "/admin-api/_jobs/" + id + "/revert?dry_run=true", 200);
        assertEquals(3, preview.jsonPath().getInt("matched"));
        assertEquals(1, preview.jsonPath().getInt("conflicted"));
        assertEquals(changed, preview.jsonPath().getString("conflicts[0]._id"));
        Response conflict = call(Api.session(admin.cookie()), "POST", "/admin-api/_jobs/" + id + "/revert", 409);
        assertTrue(conflict.jsonPath().getMap("error.fields").containsKey(changed), conflict.asString());
        assertEquals(2, TestDb.scalar("SELECT count(*) FROM game_scores WHERE season = ?", "s-" + tag));
        Response forced =
                call(Api.session(admin.cookie()), "POST", "/admin-api/_jobs/" + id + "/revert?force=true", 202);
        Response reverted = ended(admin.cookie(), forced.jsonPath().getString("id"));
        assertEquals("revert", reverted.jsonPath().getString("kind"));
        assertEquals("done", reverted.jsonPath().getString("status"), reverted.asString());
        assertEquals(3, reverted.jsonPath().getInt("processed"));
        assertEquals(0, reverted.jsonPath().getInt("failed"), reverted.asString());
        assertEquals(3, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ? AND season = 's1'", tag));
        assertEquals(
                3,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'update' AND payload->>'job_id' = ? "
                                + "AND payload ?? 'reverted_from'",
                        reverted.jsonPath().getString("id")));
        // a mod does not see the admin's job
        call(Api.session(mod.cookie()), "POST", "/admin-api/_jobs/" + id + "/revert?dry_run=true", 404);

        // a delete job: every matching row goes, each audited with the job id; a row another table still refers to
        // is an error row (409, the chunk applied again row by row) and stays
        String ref = "jobs_it_ref_" + TestDb.unique();
        TestDb.update("CREATE TABLE " + ref + " (score_id bigint REFERENCES game_scores (id))");
        TestDb.update("INSERT INTO " + ref + " VALUES (?)", Long.parseLong(changed));
        Response deleted =
                run(admin.cookie(), "scores", "{\"kind\": \"delete\", \"filter\": {\"note\": \"" + tag + "\"}}");
        TestDb.update("DROP TABLE " + ref);
        assertEquals("done", deleted.jsonPath().getString("status"));
        assertEquals(1, deleted.jsonPath().getInt("failed"), deleted.asString());
        assertEquals(changed, deleted.jsonPath().getString("errors[0]._id"));
        assertEquals(List.of(changed), TestDb.column("SELECT id::text FROM game_scores WHERE note = ?", tag));
        assertEquals(2, audited("delete", deleted.jsonPath().getString("id")));
    }

    @Test
    void fieldPermissionsAndScopeApplyToEveryRow() throws Exception {
        Api.Identity mod = Api.signedIn("mod", "contacts");
        String tag = "jobs-" + TestDb.unique();
        long same = TestDb.insert(
                "INSERT INTO game_contacts (name, email, note) VALUES ('A', 'same@example.com', ?) RETURNING id", tag);
        long other = TestDb.insert(
                "INSERT INTO game_contacts (name, email, note) VALUES ('B', 'other@example.com', ?) RETURNING id", tag);
        // email is writable by admins only: the row that already holds the value passes unchanged, the other is an
        // error row with its _id, as PATCH would refuse it
        Response job = run(
                mod.cookie(),
                "contacts",
                "{\"kind\": \"update\", \"filter\": {\"note\": \"" + tag
                        + "\"}, \"set\": {\"email\": \"same@example.com\"}}");
        assertEquals("done", job.jsonPath().getString("status"));
        assertEquals(2, job.jsonPath().getInt("processed"));
        assertEquals(1, job.jsonPath().getInt("failed"));
        assertEquals(String.valueOf(other), job.jsonPath().getString("errors[0]._id"));
        assertEquals(2, job.jsonPath().getInt("errors[0].row"));
        assertTrue(job.jsonPath().getString("errors[0].message").contains("email"), job.asString());
        assertEquals(
                List.of("same@example.com", "other@example.com"),
                TestDb.column("SELECT email FROM game_contacts WHERE id IN (?, ?) ORDER BY id", same, other));
        // a column the mod may not read is no column of theirs; a resource outside their scope is refused
        call(
                json(
                        mod.cookie(),
                        "{\"kind\": \"update\", \"filter\": {}, \"set\": {\"salary\": 1}, \"dry_run\": true}"),
                "POST",
                "/admin-api/contacts/_jobs",
                422);
        call(
                json(mod.cookie(), "{\"kind\": \"update\", \"filter\": {}, \"set\": {\"note\": \"x\"}}"),
                "POST",
                "/admin-api/scores/_jobs",
                403);
        call(json(mod.cookie(), "{\"kind\": \"delete\", \"filter\": {}}"), "POST", "/admin-api/tournaments/_jobs", 403);
        // an action for admins only
        call(
                json(Api.signedIn("mod", "scores").cookie(), "{\"kind\": \"action\", \"action\": \"resetScore\"}"),
                "POST",
                "/admin-api/scores/_jobs",
                403);
    }

    @Test
    void anActionJobRunsTheActionOnEveryRowAndBadInputChangesNothing() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String tag = "jobs-" + TestDb.unique();
        TestDb.insert("INSERT INTO game_scores (score, note) VALUES (5, ?)", tag);
        TestDb.insert("INSERT INTO game_scores (score, note) VALUES (6, ?)", tag);
        Response job = run(
                admin.cookie(),
                "scores",
                "{\"kind\": \"action\", \"action\": \"resetScore\", \"filter\": {\"_q\": \"" + tag + "\"}}");
        assertEquals("done", job.jsonPath().getString("status"));
        assertEquals(2, job.jsonPath().getInt("processed"));
        assertEquals(
                2,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'custom' "
                                + "AND payload->>'name' = 'resetScore' AND payload->>'job_id' = ?",
                        job.jsonPath().getString("id")));

        call(
                Api.session(admin.cookie()),
                "POST",
                "/admin-api/_jobs/" + job.jsonPath().getString("id") + "/revert?dry_run=true",
                422);

        Map<String, Integer> bad = Map.of(
                "{\"kind\": \"rename\"}", 422,
                "{\"kind\": \"update\", \"set\": {\"nosuch\": 1}}", 422,
                "{\"kind\": \"update\", \"set\": {}}", 422,
                "{\"kind\": \"delete\", \"filter\": {\"nosuch\": \"1\"}}", 422,
                "{\"kind\": \"action\", \"action\": \"recount\"}", 422,
                "{\"kind\": \"action\", \"action\": \"nosuch\"}", 404,
                "[1]", 400);
        for (Map.Entry<String, Integer> entry : bad.entrySet()) {
            call(json(admin.cookie(), entry.getKey()), "POST", "/admin-api/scores/_jobs", entry.getValue());
        }
        call(json(admin.cookie(), "{\"kind\": \"delete\"}"), "POST", "/admin-api/nosuch/_jobs", 404);
        call(Api.session(admin.cookie()), "GET", "/admin-api/_jobs/nosuch", 404);
        call(Api.anonymous(), "GET", "/admin-api/_jobs", 401);
        assertEquals(2, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ?", tag));
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_jobs WHERE created_by = ?", admin.id()));
    }

    @Test
    void anImportOfAnExportChangesNothingAndBadRecordsAreErrorRows() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String tag = "jobs-" + TestDb.unique();
        long taken = TestDb.insert("INSERT INTO game_scores (score, note) VALUES (11, ?) RETURNING id", tag);
        TestDb.insert("INSERT INTO game_scores (score, note, season) VALUES (12, ?, '=1+2')", tag);
        for (String format : List.of("csv", "ndjson")) {
            String export = Api.session(admin.cookie())
                    .get("/admin-api/scores/_export?format=" + format + "&note=" + tag)
                    .asString();
            String type = format.equals("csv") ? "text/csv" : "application/x-ndjson";
            Response job = call(
                    file(admin.cookie(), type, export),
                    "POST",
                    "/admin-api/scores/_import?format=" + format + "&mode=upsert",
                    202);
            String id = job.jsonPath().getString("id");
            Response done = ended(admin.cookie(), id);
            assertEquals("done", done.jsonPath().getString("status"), done.asString());
            assertEquals(2, done.jsonPath().getInt("processed"), done.asString());
            assertEquals(0, done.jsonPath().getInt("failed"), done.asString());
            // the round trip changed nothing: no entry with the job's id, the same export
            assertEquals(
                    0,
                    TestDb.scalar(
                            "SELECT count(*) FROM warden_admin_audit WHERE payload->>'job_id' = ? AND action <> 'job.started' "
                                    + "AND action <> 'job.finished'",
                            id));
            assertEquals(
                    export,
                    Api.session(admin.cookie())
                            .get("/admin-api/scores/_export?format=" + format + "&note=" + tag)
                            .asString());
        }

        // rows 2 and 3 cannot be read; row 4 names a key that exists (409 when written: the chunk goes row by row)
        String inserts = "id,score,note\r\n,7," + tag + "-new\r\n,abc," + tag + "-new\r\n,8,\"x\",extra\r\n" + taken
                + ",9," + tag + "-new\r\n,10," + tag + "-new\r\n";
        Response dry = call(
                file(admin.cookie(), "text/csv", inserts),
                "POST",
                "/admin-api/scores/_import?format=csv&mode=insert&dry_run=true",
                200);
        assertEquals(5, dry.jsonPath().getInt("matched"));
        assertEquals(3, dry.jsonPath().getList("preview").size());
        assertEquals("score", dry.jsonPath().getString("errors[0].column"));
        assertEquals(2, dry.jsonPath().getInt("errors[0].row"));
        assertEquals(3, dry.jsonPath().getInt("errors[1].row"));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ?", tag + "-new"));

        Response queued =
                call(file(admin.cookie(), "text/csv", inserts), "POST", "/admin-api/scores/_import?format=csv", 202);
        String id = queued.jsonPath().getString("id");
        Response done = ended(admin.cookie(), id);
        assertEquals(5, done.jsonPath().getInt("processed"), done.asString());
        assertEquals(List.of(2, 3, 4), done.jsonPath().getList("errors.row"), done.asString());
        assertEquals("score", done.jsonPath().getString("errors[0].column"));
        assertEquals(2, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ?", tag + "-new"));
        assertEquals(2, audited("create", id));

        // reverting the import deletes the row it created, audited with the revert's job id
        Response undo = call(Api.session(admin.cookie()), "POST", "/admin-api/_jobs/" + id + "/revert", 202);
        Response undone = ended(admin.cookie(), undo.jsonPath().getString("id"));
        assertEquals("done", undone.jsonPath().getString("status"), undone.asString());
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ?", tag + "-new"));
        assertEquals(2, audited("delete", undo.jsonPath().getString("id")));

        // refused before anything is staged: an unknown column, a wrong content type
        long jobs = TestDb.scalar("SELECT count(*) FROM warden_jobs WHERE created_by = ?", admin.id());
        Response unknown = call(
                file(admin.cookie(), "text/csv", "score,nosuch\r\n1,2\r\n"),
                "POST",
                "/admin-api/scores/_import?format=csv",
                422);
        assertTrue(unknown.asString().contains("nosuch"), unknown.asString());
        call(file(admin.cookie(), "application/json", "{}"), "POST", "/admin-api/scores/_import?format=csv", 415);
        call(file(admin.cookie(), "text/csv", "score\r\n1\r\n"), "POST", "/admin-api/scores/_import?format=xml", 422);
        assertEquals(jobs, TestDb.scalar("SELECT count(*) FROM warden_jobs WHERE created_by = ?", admin.id()));
    }

    @Test
    void aRunningJobIsCancelledAfterItsChunkWithEveryDoneRowAudited() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String tag = "jobs-" + TestDb.unique();
        TestDb.update("INSERT INTO game_open_notes (body) SELECT ? FROM generate_series(1, 300)", tag);
        // slowTouch takes 20 ms a row: the job runs about 6 s, in chunks of 100 rows
        Response queued = call(
                json(
                        admin.cookie(),
                        "{\"kind\": \"action\", \"action\": \"slowTouch\", \"filter\": {\"body\": \"" + tag + "\"}}"),
                "POST",
                "/admin-api/openNotes/_jobs",
                202);
        String id = queued.jsonPath().getString("id");
        Wait.until(
                Duration.ofSeconds(30),
                "job " + id + " running",
                () -> Api.session(admin.cookie())
                                .get("/admin-api/_jobs/" + id)
                                .jsonPath()
                                .getInt("processed")
                        > 0);
        Response asked = call(Api.session(admin.cookie()), "POST", "/admin-api/_jobs/" + id + "/cancel", 202);
        assertTrue(asked.jsonPath().getBoolean("cancel_requested"), asked.asString());
        Response job = ended(admin.cookie(), id);
        assertEquals("cancelled", job.jsonPath().getString("status"), job.asString());
        int processed = job.jsonPath().getInt("processed");
        assertTrue(processed > 0 && processed < 300 && processed % 100 == 0, job.asString());
        assertEquals(0, job.jsonPath().getInt("failed"));
        // the rows done before the cancel are done and audited, the rest still pending
        assertEquals(processed, audited("custom", id));
        assertEquals(
                300 - processed,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_job_items WHERE job_id = ? AND state = 'pending'",
                        Long.parseLong(id)));
        assertEquals(
                List.of("cancelled"),
                TestDb.column(
                        "SELECT payload->>'status' FROM warden_admin_audit WHERE action = 'job.finished' "
                                + "AND target_id = ?",
                        id));
    }

    @Test
    void aJobItsNodeLeftRunningIsResumedWhereItStopped() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String tag = "jobs-" + TestDb.unique();
        List<Long> rows = List.of(
                TestDb.insert("INSERT INTO game_scores (score, note) VALUES (1, ?) RETURNING id", tag),
                TestDb.insert("INSERT INTO game_scores (score, note) VALUES (2, ?) RETURNING id", tag),
                TestDb.insert("INSERT INTO game_scores (score, note) VALUES (3, ?) RETURNING id", tag));
        // what a node that died half-way through an update job leaves: the job running on a node that no longer
        // beats, its first row done (changed and marked), the others pending
        long job = leftRunning(admin.id(), "{\"filter\": {}, \"set\": {\"season\": \"r-" + tag + "\"}}", rows);
        TestDb.update("UPDATE game_scores SET season = ? WHERE id = ?", "r-" + tag, rows.get(0));
        TestDb.update("UPDATE warden_jobs SET heartbeat_at = now() - interval '1 hour' WHERE id = ?", job);
        // another node's recovery pass (every warden.jobs.recovery-seconds) takes it over and goes on from there
        Response resumed = ended(admin.cookie(), String.valueOf(job));
        assertEquals("done", resumed.jsonPath().getString("status"), resumed.asString());
        assertEquals(3, resumed.jsonPath().getInt("processed"));
        assertEquals(
                3, TestDb.scalar("SELECT count(*) FROM game_scores WHERE note = ? AND season = ?", tag, "r-" + tag));
        // the pending rows were applied once each (the done one not again), and the job says it resumed
        assertEquals(2, audited("update", String.valueOf(job)));
        assertEquals(
                List.of("job.resumed", "job.finished"),
                TestDb.column(
                        "SELECT action FROM warden_admin_audit WHERE action LIKE 'job.%' AND target_id = ? ORDER BY id",
                        String.valueOf(job)));
    }

    /** The audit entries of {@code action} with job {@code jobId}'s id in their payload. */
    private static long audited(String action, String jobId) throws Exception {
        return TestDb.scalar(
                "SELECT count(*) FROM warden_admin_audit WHERE action = ? AND payload->>'job_id' = ?", action, jobId);
    }
}
