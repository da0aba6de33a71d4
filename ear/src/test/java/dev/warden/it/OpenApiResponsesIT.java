package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.OpenApiContract;
import dev.warden.it.support.RawHttp;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * the OpenAPI documents say what the server does. Every operation of both APIs is called for its
 * main statuses (the 2xx and the documented errors a client meets: 400, 401, 404, 409, 412, 422) and each real
 * response is validated against the committed document ({@link OpenApiContract}: the status must be listed for the
 * operation, headers and body must match). A drift between server and document fails the build here. The 429s and
 * 503s are validated where they are produced ({@code HostingRateLimitIT}, {@code StartWithoutDatabaseIT} use the
 * same statuses the documents list). {@link #malformedInputsGetDocumentedAnswers} sends every operation the malformed
 * inputs a property-based tester sends (docs/decisions/every-answer-documented.md).
 */
@SharedDeployment
class OpenApiResponsesIT {

    private final List<String> problems = new ArrayList<>();

    @AfterEach
    void noDrift() {
        assertEquals(List.of(), problems, "responses that the OpenAPI documents do not describe");
    }

    /** Sends {@code method path} (query allowed in {@code path}), expects {@code status}, validates the answer. */
    private Response call(RequestSpecification spec, String method, String path, int status) {
        Response r = spec.request(method, path);
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        if (r.statusCode() != status) {
            problems.add(method + " " + path + ": expected " + status + ", got " + r.statusCode() + " " + r.asString());
        }
        for (String p : OpenApiContract.problems(method, bare, r)) {
            problems.add(method + " " + path + " -> " + r.statusCode() + ": " + p);
        }
        return r;
    }

    private static RequestSpecification json(RequestSpecification spec, String body) {
        return spec.contentType(ContentType.JSON).body(body);
    }

    @Test
    void authOperations() throws Exception {
        String email = "contract-" + TestDb.unique() + "@example.com";
        String password = "contract password " + TestDb.unique();
        TestDb.userWithRole(email, password, "admin", null);

        call(json(Api.anonymous(), "{\"email\":\"a@b.c\",\"password\":{}}"), "POST", "/admin-api/auth/login", 422);
        call(json(Api.anonymous(), "{\"email\":\"\",\"password\":\"x\"}"), "POST", "/admin-api/auth/login", 422);
        call(json(Api.anonymous(), "{\"email\":"), "POST", "/admin-api/auth/login", 400);
        call(
                json(Api.anonymous(), "{\"email\":\"" + email + "\",\"password\":\"wrong password\"}"),
                "POST",
                "/admin-api/auth/login",
                401);
        Response login = call(
                json(Api.anonymous(), "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}"),
                "POST",
                "/admin-api/auth/login",
                200);
        String cookie = login.cookie("warden_session");

        call(Api.session(cookie), "GET", "/admin-api/auth/me", 200);
        call(Api.anonymous(), "GET", "/admin-api/auth/me", 401);
        call(Api.anonymous(), "GET", "/admin-api/auth/bootstrap", 200);
        call(
                json(
                        Api.anonymous(),
                        "{\"email\":\"x-" + TestDb.unique() + "@example.com\",\"password\":\"long enough 1\","
                                + "\"display_name\":\"X\"}"),
                "POST",
                "/admin-api/auth/bootstrap",
                409);
        call(
                json(Api.anonymous(), "{\"email\":\"a@b.c\",\"password\":{},\"display_name\":\"X\"}"),
                "POST",
                "/admin-api/auth/bootstrap",
                422);
        call(
                json(Api.anonymous(), "{\"email\":\"nobody-" + TestDb.unique() + "@example.com\"}"),
                "POST",
                "/admin-api/auth/password-reset",
                202);
        call(json(Api.anonymous(), "{\"email\":{}}"), "POST", "/admin-api/auth/password-reset", 422);
        call(
                json(Api.anonymous(), "{\"token\":\"not-a-token\",\"password\":\"a new long password\"}"),
                "POST",
                "/admin-api/auth/password-reset/complete",
                422);
        call(Api.session(cookie), "POST", "/admin-api/auth/logout", 204);
        call(Api.session(cookie), "POST", "/admin-api/auth/logout", 401);
    }

    @Test
    void catalogRowsAndActions() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        call(Api.session(admin.cookie()), "GET", "/admin-api", 200);
        call(Api.anonymous(), "GET", "/admin-api", 401);
        call(Api.session(admin.cookie()), "GET", "/admin-api/users?_start=0&_end=5&_sort=id&_order=asc", 200);
        call(Api.session(admin.cookie()), "GET", "/admin-api/nothing-here", 404);
        call(Api.session(admin.cookie()), "GET", "/admin-api/users?_end=100000", 422);

        String key = "contract." + TestDb.unique();
        Response created = call(
                json(Api.session(admin.cookie()), "{\"key\":\"" + key + "\",\"value\":1}"),
                "POST",
                "/admin-api/configs",
                201);
        String id = created.jsonPath().getString("_id");
        call(
                json(Api.session(admin.cookie()), "{\"key\":\"" + key + "\",\"value\":1}"),
                "POST",
                "/admin-api/configs",
                409);
        call(json(Api.session(admin.cookie()), "{\"nope\":1}"), "POST", "/admin-api/configs", 422);
        Response read = call(Api.session(admin.cookie()), "GET", "/admin-api/configs/" + id, 200);
        call(Api.session(admin.cookie()), "GET", "/admin-api/configs/999999999", 404);
        call(
                json(Api.session(admin.cookie()).header("If-Match", "\"stale\""), "{\"value\":2}"),
                "PATCH",
                "/admin-api/configs/" + id,
                412);
        call(
                json(Api.session(admin.cookie()).header("If-Match", read.header("ETag")), "{\"value\":2}"),
                "PATCH",
                "/admin-api/configs/" + id,
                200);
        call(json(Api.session(admin.cookie()), "{\"value\":3}"), "PUT", "/admin-api/configs/" + id, 200);
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/configs/" + id, 200);

        long player = TestDb.user("contract-player-" + TestDb.unique() + "@example.com", "Player", "player password 1");
        call(Api.session(admin.cookie()), "GET", "/admin-api/users/" + player + "/_counts", 200);
        call(Api.session(admin.cookie()), "GET", "/admin-api/users/" + player + "/relations/cloudSaves", 200);
        call(Api.session(admin.cookie()), "GET", "/admin-api/users/" + player + "/relations/nothing", 404);
        call(Api.session(admin.cookie()), "GET", "/admin-api/users/" + player + "/sessions", 200);
        call(
                json(Api.session(admin.cookie()), "{\"reason\":\"contract\",\"until\":\"2099-01-01T00:00:00Z\"}"),
                "POST",
                "/admin-api/users/" + player + "/ban",
                200);
        call(Api.session(admin.cookie()), "POST", "/admin-api/users/" + player + "/unban", 200);
        call(Api.session(admin.cookie()), "POST", "/admin-api/users/" + player + "/revoke-sessions", 200);
        call(
                json(Api.session(admin.cookie()), "{\"reason\":\"contract\"}"),
                "POST",
                "/admin-api/users/999999999/ban",
                404);

        HostingFixture team = new HostingFixture();
        long membership = TestDb.scalar(
                "SELECT id FROM warden_team_members WHERE team_id = ? AND user_id = ?", team.team, team.owner);
        call(
                json(Api.session(admin.cookie()), "{\"id\":\"" + membership + "\",\"name\":\"contract\"}"),
                "POST",
                "/admin-api/teamMembers/_action/createToken",
                200);
        call(
                json(Api.session(admin.cookie()), "{\"id\":\"" + membership + "\"}"),
                "POST",
                "/admin-api/teamMembers/_action/nothing",
                404);
        Api.Identity user = Api.signedIn("mod", "cloudSaves");
        call(Api.session(user.cookie()), "GET", "/admin-api/configs", 403);
    }

    @Test
    void hostingAndAgentOperations() throws Exception {
        HostingFixture t = new HostingFixture();
        String slug = "contract-" + t.tag;
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long app = t.app(slug, now.minus(Duration.ofDays(3)));
        long location = HostingFixture.location(app, "fra");
        String secret = "agent-secret-" + t.tag;
        long instance = t.instance(location, secret);
        HostingFixture.sample(instance, now.minus(Duration.ofMinutes(1)), 5, 2, 10.5, 20.5);
        HostingFixture.egress(instance, LocalDate.now(ZoneOffset.UTC).minusDays(1), 1000, 500, now);
        long deploy = HostingFixture.deploy(
                app, "deploying", "abc1234", "contract", "npm ci\n", now.minus(Duration.ofMinutes(5)), null);
        String base = "/api/v1/applications/" + slug;

        call(Api.bearer(t.token), "GET", "/api/v1/applications", 200);
        call(Api.anonymous(), "GET", "/api/v1/applications", 401);
        call(Api.bearer(t.token), "GET", base + "/metrics/current", 200);
        call(Api.bearer(t.token), "GET", "/api/v1/applications/nothing-" + t.tag + "/metrics/current", 404);
        call(Api.bearer(t.token), "GET", base + "/metrics", 200);
        call(
                Api.bearer(t.token),
                "GET",
                base + "/metrics?resolution=minute&from=" + now.minus(Duration.ofDays(1)) + "&to=" + now
                        + "&location_id=" + location,
                200);
        call(Api.bearer(t.token), "GET", base + "/metrics?resolution=day", 200);
        call(Api.bearer(t.token), "GET", base + "/metrics?resolution=week", 422);
        call(Api.bearer(t.token), "GET", base + "/egress", 200);
        call(Api.bearer(t.token), "GET", base + "/egress?from=yesterday", 422);
        call(Api.bearer(t.token), "GET", base + "/deploys", 200);
        call(Api.bearer(t.token), "GET", base + "/deploys/" + deploy, 200);
        call(Api.bearer(t.token), "GET", base + "/deploys/999999999", 404);
        call(Api.bearer(t.token), "GET", base + "/instances/999999999/logs", 404);
        call(Api.bearer(t.token), "GET", "/api/v1/billing", 200);

        String report = "{\"sampled_at\":\"" + now + "\",\"ccu\":3,\"rooms\":1,\"cpu_percent\":12.5,"
                + "\"memory_percent\":40.0,\"processes\":[]}";
        String path = "/agent/v1/instances/" + instance + "/reports";
        call(json(Api.bearer(secret), report), "POST", path, 201);
        call(json(Api.bearer(secret), report), "POST", path, 200);
        call(json(Api.bearer(secret + "x"), report), "POST", path, 401);
        call(json(Api.bearer(secret), "{\"sampled_at\":\"yesterday\"}"), "POST", path, 422);
        call(
                json(Api.bearer(secret), "{\"status\":\"deploying\",\"output\":\"npm ci\\n\"}"),
                "POST",
                "/agent/v1/instances/" + instance + "/deploys/" + deploy,
                200);
        call(
                json(Api.bearer(secret), "{\"status\":\"deploying\"}"),
                "POST",
                "/agent/v1/instances/" + instance + "/deploys/999999999",
                404);
    }

    @Test
    void auditChainHistoryAndLiveOperations() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        Api.Identity mod = Api.signedIn("mod", "configs");
        call(Api.session(admin.cookie()), "GET", "/admin-api/adminAudit/_verify", 200);
        call(Api.session(mod.cookie()), "GET", "/admin-api/adminAudit/_verify", 403);
        call(Api.anonymous(), "GET", "/admin-api/adminAudit/_verify", 401);
        call(Api.session(admin.cookie()), "GET", "/admin-api/adminAudit/_head", 200);
        call(Api.session(mod.cookie()), "GET", "/admin-api/adminAudit/_head", 403);

        String key = "contract.history." + TestDb.unique();
        String id = call(
                        json(Api.session(admin.cookie()), "{\"key\":\"" + key + "\",\"value\":1}"),
                        "POST",
                        "/admin-api/configs",
                        201)
                .jsonPath()
                .getString("_id");
        call(json(Api.session(admin.cookie()), "{\"value\":2}"), "PATCH", "/admin-api/configs/" + id, 200);
        Response history = call(Api.session(admin.cookie()), "GET", "/admin-api/configs/" + id + "/_history", 200);
        long update = history.jsonPath().getLong("[0].id");
        long create = history.jsonPath().getLong("[1].id");
        call(Api.session(admin.cookie()), "GET", "/admin-api/configs/" + id + "/_history?_end=x", 422);
        call(Api.session(admin.cookie()), "GET", "/admin-api/nothing-here/1/_history", 404);
        call(
                json(Api.session(admin.cookie()), "{\"audit_id\":" + create + "}"),
                "POST",
                "/admin-api/configs/" + id + "/_revert",
                422);
        call(
                json(Api.session(admin.cookie()), "{\"audit_id\":999999999}"),
                "POST",
                "/admin-api/configs/" + id + "/_revert",
                404);
        call(json(Api.session(admin.cookie()), "{\"audit_id\":"), "POST", "/admin-api/configs/" + id + "/_revert", 400);
        call(
                json(Api.session(admin.cookie()), "{\"audit_id\":" + update + "}"),
                "POST",
                "/admin-api/configs/" + id + "/_revert",
                200);
        call(
                json(Api.session(admin.cookie()), "{\"audit_id\":" + update + "}"),
                "POST",
                "/admin-api/configs/" + id + "/_revert",
                409);
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/configs/" + id, 200);
        long deleted = call(Api.session(admin.cookie()), "GET", "/admin-api/configs/" + id + "/_history", 200)
                .jsonPath()
                .getLong("[0].id");
        call(
                json(Api.session(admin.cookie()), "{\"audit_id\":" + deleted + "}"),
                "POST",
                "/admin-api/configs/_restore",
                201);
        call(
                json(Api.session(admin.cookie()), "{\"audit_id\":" + deleted + "}"),
                "POST",
                "/admin-api/configs/_restore",
                409);
        call(
                json(Api.session(mod.cookie()), "{\"audit_id\":" + deleted + "}"),
                "POST",
                "/admin-api/configs/_restore",
                403);

        call(Api.session(mod.cookie()).accept("text/event-stream"), "GET", "/admin-api/adminAudit/_events", 403);
        call(Api.session(admin.cookie()).accept("text/event-stream"), "GET", "/admin-api/nothing-here/_events", 404);
    }

    /**
     * Every operation of both documents, sent what a property-based tester sends: a control character in each path
     * parameter, a JSON body that is not an object, a blank time where a time is taken (body member or query
     * parameter). One request per operation and kind; each answer must be one the document lists, with its body.
     * The one exception is Open Liberty's own refusal of a control character in the path, before any application
     * code (400 with the container's body, documented in the 400 responses).
     */
    @Test
    void malformedInputsGetDocumentedAnswers() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        HostingFixture t = new HostingFixture();
        String slug = "malformed-" + t.tag;
        long app = t.app(slug, Instant.now().minus(Duration.ofDays(1)));
        String secret = "agent-secret-" + t.tag;
        long instance = t.instance(HostingFixture.location(app, "fra"), secret);
        Map<String, String> values = Map.of(
                "resource", "configs",
                "team", String.valueOf(t.team),
                "slug", slug,
                "name", "nothing",
                "deployId", "999999999");
        int sent = 0;
        for (OpenApiContract.Operation op : OpenApiContract.operations()) {
            String credential = op.path().startsWith("/agent/")
                    ? "Authorization: Bearer " + secret
                    : op.path().startsWith("/api/")
                            ? "Authorization: Bearer " + t.token
                            : "Cookie: warden_session=" + admin.cookie();
            String id = op.path().startsWith("/agent/") ? String.valueOf(instance) : "999999999";
            for (String broken : op.pathParams()) {
                String path = op.path();
                for (String p : op.pathParams()) {
                    path = path.replace("{" + p + "}", p.equals(broken) ? "a%7Fb" : values.getOrDefault(p, id));
                }
                sent++;
                RawHttp.Answer answer = RawHttp.send(op.method(), path, new String[] {credential}, null);
                expectDocumented(op.method(), path, "a control character in {" + broken + "}", answer);
            }
            String path = op.path();
            for (String p : op.pathParams()) {
                path = path.replace("{" + p + "}", values.getOrDefault(p, id));
            }
            String[] json = {credential, "Content-Type: application/json"};
            if (op.jsonBody()) {
                sent++;
                expectDocumented(
                        op.method(),
                        path,
                        "a body that is not an object",
                        RawHttp.send(op.method(), path, json, "[]".getBytes(StandardCharsets.UTF_8)));
            }
            List<String> blanks = new ArrayList<>(op.queryTimes());
            blanks.addAll(op.bodyTimes());
            for (String field : blanks) {
                sent++;
                RawHttp.Answer answer = op.queryTimes().contains(field)
                        ? RawHttp.send(op.method(), path + "?" + field + "=", new String[] {credential}, null)
                        : RawHttp.send(
                                op.method(), path, json, ("{\"" + field + "\":\"\"}").getBytes(StandardCharsets.UTF_8));
                if (answer.status() < 400) {
                    problems.add(op.method() + " " + path + " with a blank " + field + " -> " + answer.status()
                            + ": a blank time must be refused");
                }
                expectDocumented(op.method(), path, "a blank " + field, answer);
            }
        }
        assertEquals(true, sent > 60, "requests sent: " + sent);
    }

    private void expectDocumented(String method, String path, String what, RawHttp.Answer answer) {
        if (answer.status() >= 500) {
            problems.add(method + " " + path + " with " + what + " -> " + answer.status() + " " + answer.text());
        }
        for (String p : OpenApiContract.problems(method, path, answer)) {
            problems.add(
                    method + " " + path + " with " + what + " -> " + answer.status() + ": " + p + " " + answer.text());
        }
    }
}
