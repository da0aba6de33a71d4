package dev.warden.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/** The calls JobsIT makes (docs/admin-api.md, "Jobs"): each checked against the OpenAPI document. */
public final class JobCalls {

    private JobCalls() {}

    /** {@code method path} with {@code spec}: asserts {@code status} and the answer's OpenAPI shape; answers it. */
    public static Response call(RequestSpecification spec, String method, String path, int status) {
        Response r = spec.request(method, path);
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.asString());
        assertEquals(
                List.of(),
                OpenApiContract.problems(method, path.replaceFirst("\\?.*", ""), r),
                "not what openapi/warden-admin.yaml says");
        return r;
    }

    /** A signed-in request with a JSON body. */
    public static RequestSpecification json(String cookie, String body) {
        return Api.session(cookie).contentType(ContentType.JSON).body(body);
    }

    /** Submits a job (not a dry run), checks 202 and Location, and waits until it ended; answers the job. */
    public static Response run(String cookie, String resource, String body) {
        Response queued = call(json(cookie, body), "POST", "/admin-api/" + resource + "/_jobs", 202);
        String id = queued.jsonPath().getString("id");
        assertEquals("queued", queued.jsonPath().getString("status"));
        assertTrue(queued.header("Location").endsWith("/admin-api/_jobs/" + id), queued.header("Location"));
        return ended(cookie, id);
    }

    /** Waits until job {@code id} ended; answers it. */
    public static Response ended(String cookie, String id) {
        Wait.until(Duration.ofSeconds(30), "job " + id + " ended", () -> !List.of("queued", "running")
                .contains(Api.session(cookie)
                        .get("/admin-api/_jobs/" + id)
                        .jsonPath()
                        .getString("status")));
        return call(Api.session(cookie), "GET", "/admin-api/_jobs/" + id, 200);
    }

    /** A signed-in request with {@code body} as bytes of {@code contentType}. */
    public static RequestSpecification file(String cookie, String contentType, String body) {
        // bytes: RestAssured encodes no string body for a content type it does not know (application/x-ndjson)
        return Api.session(cookie).contentType(contentType).body(body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Stages what a node that died half-way through an update job of {@code scores} leaves: the job {@code running} on a
     * node that no longer beats (its heartbeat set old by the caller once the rows are staged), the first of
     * {@code rows} done, the others pending.
     *
     * @return the job's id
     */
    public static long leftRunning(long adminId, String params, List<Long> rows) throws SQLException {
        long job = TestDb.insert(
                "INSERT INTO warden_jobs (resource, kind, status, params, total, processed, created_by, node, "
                        + "heartbeat_at) VALUES ('scores', 'update', 'running', CAST(? AS jsonb), ?, 1, ?, "
                        + "'a-node-that-died', now()) RETURNING id",
                params,
                rows.size(),
                adminId);
        for (int i = 0; i < rows.size(); i++) {
            TestDb.update(
                    "INSERT INTO warden_job_items (job_id, seq, row_id, state) VALUES (?, ?, ?, ?)",
                    job,
                    i + 1,
                    String.valueOf(rows.get(i)),
                    i == 0 ? "done" : "pending");
        }
        return job;
    }
}
