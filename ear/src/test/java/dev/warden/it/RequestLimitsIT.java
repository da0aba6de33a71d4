package dev.warden.it;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.RawHttp;
import dev.warden.it.support.RawHttp.Answer;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Limits on every unauthenticated and agent path and the documented error shape for hostile input: body size (413), JSON depth (400), NUL and invalid UTF-8 (422 naming the field),
 * the container's refusals in the JSON error body, the admin host allow-list, the UI's security headers, atomic
 * sign-in throttling, password reset limits, agent limits and the instance endpoint policy. Regression tests for
 * the 500s these inputs used to cause.
 */
@SharedDeployment
class RequestLimitsIT {

    private static String admin;

    /** The server under test is WildFly (system property {@code warden.it.server}, set by its failsafe execution). */
    private static final boolean WILDFLY = "wildfly".equals(System.getProperty("warden.it.server"));

    @BeforeAll
    static void signIn() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
    }

    /** Asserts the documented error body and returns it. */
    static JsonPath errorBody(int status, String code, Answer answer) {
        assertEquals(status, answer.status(), answer.text());
        assertTrue(
                answer.headers().getOrDefault("content-type", "").startsWith("application/json"),
                answer.headers().toString());
        JsonPath json = JsonPath.from(answer.text());
        assertEquals(code, json.getString("error.code"), answer.text());
        assertNotNull(json.getString("error.message"), answer.text());
        return json;
    }

    private static String[] json(String... more) {
        List<String> headers = new ArrayList<>(List.of("Content-Type: application/json"));
        headers.addAll(List.of(more));
        return headers.toArray(String[]::new);
    }

    @Test
    void aTenMegabyteSignInBodyIs413Quickly() throws Exception {
        byte[] body = ("{\"email\":\"a@b.c\",\"password\":\"" + "x".repeat(10 * 1024 * 1024) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        long started = System.nanoTime();
        Answer answer = RawHttp.send("POST", "/admin-api/auth/login", json(), body);
        long ms = (System.nanoTime() - started) / 1_000_000;
        errorBody(413, "payload_too_large", answer);
        assertTrue(ms < 5000, "took " + ms + " ms");
        // the other routes of the three APIs have their own limits
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + "y".repeat(5000) + "\"}")
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(413)
                .body("error.code", equalTo("payload_too_large"));
        errorBody(
                413,
                "payload_too_large",
                RawHttp.send(
                        "POST",
                        "/agent/v1/instances/1/reports",
                        json("Authorization: Bearer x"),
                        new byte[300 * 1024]));
        errorBody(413, "payload_too_large", RawHttp.send("POST", "/api/v1/applications", json(), new byte[20 * 1024]));
        errorBody(
                413,
                "payload_too_large",
                RawHttp.send(
                        "POST", "/admin-api/configs", json("Cookie: warden_session=" + admin), new byte[1_100_000]));
    }

    @Test
    void jsonNestedTooDeepIs400NotA500() {
        String deep = "[".repeat(2000) + "]".repeat(2000);
        Api.session(admin)
                .contentType(ContentType.JSON)
                .body("{\"key\":" + deep + "}")
                .post("/admin-api/configs")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("bad_request"))
                .body("error.message", containsString("64"));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{\"a\":" + "{\"a\":".repeat(100) + "1" + "}".repeat(101))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("bad_request"));
    }

    @Test
    void aNulInAListFilterOfTheHostingResourcesIs422NotA500() {
        for (String path : List.of(
                "/admin-api/locations?name_like=%00",
                "/admin-api/applications?name=a%00b",
                "/admin-api/applications?_q=%00",
                "/admin-api/users?email_in=a,%00")) {
            Response r = Api.session(admin).urlEncodingEnabled(false).get(path);
            r.then().statusCode(422).body("error.code", equalTo("invalid_request"));
            assertTrue(r.jsonPath().getMap("error.fields").size() == 1, path + ": " + r.asString());
        }
        Api.session(admin)
                .urlEncodingEnabled(false)
                .get("/admin-api/locations?name_like=%00")
                .then()
                .body("error.fields", hasKey("name_like"));
    }

    @Test
    void aNulOrInvalidUtf8InAnyQueryParameterIs422NamingIt() throws Exception {
        errorBody(
                422,
                "invalid_request",
                RawHttp.send(
                        "GET",
                        "/api/v1/applications?x=%00",
                        new String[] {"Authorization: Bearer " + new HostingFixture().token},
                        null));
        JsonPath fields = errorBody(
                422,
                "invalid_request",
                RawHttp.send(
                        "GET", "/admin-api/users?name=%C3%28", new String[] {"Cookie: warden_session=" + admin}, null));
        assertEquals(List.of("is not valid UTF-8"), fields.getList("error.fields.name"));
        errorBody(
                422,
                "invalid_request",
                RawHttp.send(
                        "GET", "/admin-api/users?name=%zz", new String[] {"Cookie: warden_session=" + admin}, null));
    }

    @Test
    void aNulOrInvalidUtf8InABodyIs422NamingTheField() throws Exception {
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{\"email\":\"a\\u0000@b.c\",\"password\":\"x\"}")
                .post("/admin-api/auth/login")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("email"));
        Api.session(admin)
                .contentType(ContentType.JSON)
                .body("{\"key\":\"k\",\"value\":{\"deep\":[\"ok\",\"\\u0000\"]}}")
                .post("/admin-api/configs")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("value.deep[1]"));
        byte[] invalid = "{\"email\":\"\u00ff@b.c\",\"password\":\"x\"}".getBytes(StandardCharsets.ISO_8859_1);
        JsonPath body =
                errorBody(422, "invalid_request", RawHttp.send("POST", "/admin-api/auth/login", json(), invalid));
        assertEquals(List.of("is not valid UTF-8"), body.getList("error.fields.body"));
    }

    @Test
    void hostilePathsAnswerTheJsonErrorBodyAndLogNoStackTrace() throws Exception {
        long logBefore = logLength();
        String cookie = "Cookie: warden_session=" + admin;
        List<String> bad = new ArrayList<>();
        for (String api : List.of("/admin-api/users/", "/api/v1/applications/", "/agent/v1/instances/")) {
            for (String tail : List.of(
                    "a%2Fb",
                    "%2e%2e",
                    "%2E",
                    "a%5Cb",
                    "a%5cb",
                    "%ff",
                    "..%2F..%2Fetc",
                    "a%23b",
                    "a;b",
                    "%C0%AE",
                    "%E2%80%AE",
                    "x".repeat(3000))) {
                Answer answer = RawHttp.send("GET", api + tail, new String[] {cookie, "Authorization: Bearer x"}, null);
                String problem = answer.status() >= 400 && answer.status() < 500
                        ? HostileInputIT.shapeProblem(answer)
                        : "status " + answer.status();
                if (problem != null) {
                    bad.add(api + tail + " -> " + answer.status() + " " + problem + ": " + answer.text());
                }
            }
        }
        // the encoded-separator check also guards paths outside the APIs (no traversal to other servlets)
        for (String traversal : List.of(
                "/admin/..%2FWEB-INF%2Fweb.xml", "/admin/%2e%2e/WEB-INF/web.xml", "/admin/../WEB-INF/web.xml")) {
            Answer answer = RawHttp.send("GET", traversal, new String[] {}, null);
            // 400 from the guard, or 404 when the container resolved it to WEB-INF first; never the file
            assertTrue(answer.status() == 400 || answer.status() == 404, traversal + " -> " + answer.status());
            assertTrue(!answer.text().contains("web-app"), traversal + " served " + answer.text());
        }
        // what the container refuses before any application code (a path it cannot decode, or with a control
        // character): 400, and nothing in the log (docs/decisions/request-guard-filter.md)
        for (String tail : List.of("a%00b", "a%0Ab", "a%2", "%zz")) {
            Answer answer = RawHttp.send("GET", "/api/v1/applications/" + tail, new String[] {}, null);
            // WildFly's Undertow passes these paths on to the application (decode-url=false), whose guard answers 400
            // or 422 invalid_request with the error body (docs/wildfly.md)
            boolean guarded = WILDFLY
                    && (answer.status() == 422 || answer.status() == 400)
                    && HostileInputIT.shapeProblem(answer) == null;
            if (answer.status() != 400 && !guarded) {
                bad.add(tail + " -> " + answer.status());
            }
        }
        errorBody(405, "method_not_allowed", RawHttp.send("DELETE", "/admin-api/auth/login", new String[] {}, null));
        errorBody(404, "not_found", RawHttp.send("GET", "/api/v1/no-such-thing", new String[] {}, null));
        assertTrue(bad.isEmpty(), String.join("\n", bad));
        String log = newLog(logBefore);
        assertTrue(
                log.lines().noneMatch(l -> l.startsWith("\tat ") || l.contains(" E ")),
                "the log gained a stack trace or an error:\n" + log);
    }

    @Test
    void adminApiRequestsForAnotherHostAre403() throws Exception {
        String cookie = "Cookie: warden_session=" + admin;
        errorBody(
                403,
                "forbidden",
                RawHttp.send(
                        "GET", "/admin-api/auth/me", new String[] {cookie, "Host: rebound.attacker.example"}, null));
        errorBody(
                403,
                "forbidden",
                RawHttp.send(
                        "POST",
                        "/admin-api/auth/login",
                        json("Host: evil.example:10081"),
                        "{}".getBytes(StandardCharsets.UTF_8)));
        for (String host : List.of("localhost", "127.0.0.1:1", "[::1]:8080", "warden.localhost")) {
            assertEquals(
                    200,
                    RawHttp.send("GET", "/admin-api/auth/me", new String[] {cookie, "Host: " + host}, null)
                            .status(),
                    host);
        }
    }

    @Test
    void adminApiAnswersOverHttp2() throws Exception {
        // the JDK client upgrades to HTTP/2 (h2c) on its first request; later requests carry :authority, not Host
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                .version(java.net.http.HttpClient.Version.HTTP_2)
                .build();
        java.net.URI me = java.net.URI.create(Api.baseUrl() + "/admin-api/auth/me");
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            java.net.http.HttpResponse<String> answer = client.send(
                    java.net.http.HttpRequest.newBuilder(me)
                            .header("Cookie", "warden_session=" + admin)
                            .GET()
                            .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            answers.add(answer.version() + " " + answer.statusCode());
        }
        assertTrue(answers.stream().allMatch(a -> a.endsWith(" 200")), answers.toString());
        assertTrue(answers.get(2).startsWith("HTTP_2"), "the client did not switch to HTTP/2: " + answers);
    }

    @Test
    void adminPagesSendFramingReferrerAndContentSecurityHeaders() {
        for (String path : List.of("/admin/", "/admin/users")) {
            Api.anonymous()
                    .get(path)
                    .then()
                    .statusCode(200)
                    .header("X-Frame-Options", "DENY")
                    .header("Referrer-Policy", "same-origin")
                    .header("X-Content-Type-Options", "nosniff")
                    .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                    .header("Content-Security-Policy", containsString("script-src 'self'"));
        }
    }

    @Test
    void twoHundredParallelBadSignInsForOneEmailLetAtMostFiveThrough() throws Exception {
        String email = "parallel-" + TestDb.unique() + "@example.com";
        TestDb.user(email, "Parallel", "the right password");
        ExecutorService pool = Executors.newFixedThreadPool(40);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                int n = i;
                answers.add(pool.submit(() -> Api.anonymous()
                        .contentType(ContentType.JSON)
                        .body(Map.of("email", email, "password", "wrong " + n))
                        .post("/admin-api/auth/login")
                        .statusCode()));
            }
            int through = 0;
            int limited = 0;
            for (Future<Integer> answer : answers) {
                int status = answer.get();
                if (status == 401) {
                    through++;
                } else if (status == 429) {
                    limited++;
                }
            }
            assertEquals(200, through + limited, "only 401 and 429 answers");
            assertTrue(through <= 5, through + " bad sign-ins were checked");
        } finally {
            pool.shutdownNow();
        }
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "the right password"))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(429);
    }

    @Test
    void aNewResetTokenInvalidatesTheOlderOneAndResetsAreLimitedPerEmail() throws Exception {
        String email = "reset-limit-" + TestDb.unique() + "@example.com";
        long id = TestDb.panelUser(email, "Reset", "the old password"); // a panel account: players get no reset
        String older = "older-" + TestDb.unique();
        TestDb.update(
                "INSERT INTO warden_password_resets (id, user_id, expires_at) VALUES (?, ?, now() + interval '1 hour')",
                TestDb.sha256Hex(older),
                id);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        assertEquals(
                1,
                TestDb.scalar("SELECT count(*) FROM warden_password_resets WHERE user_id = ? AND used_at IS NULL", id));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", older, "password", "a brand new password"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("token"));
        Api.login(email, "the old password");

        for (int i = 0; i < 2; i++) {
            Api.anonymous()
                    .contentType(ContentType.JSON)
                    .body(Map.of("email", email.toUpperCase()))
                    .post("/admin-api/auth/password-reset")
                    .then()
                    .statusCode(202);
        }
        Response limited = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset");
        limited.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        assertTrue(Long.parseLong(limited.header("Retry-After")) > 0);
        // an unknown email is limited the same way: the answer reveals nothing
        String nobody = "nobody-" + TestDb.unique() + "@example.com";
        for (int i = 0; i < 3; i++) {
            Api.anonymous()
                    .contentType(ContentType.JSON)
                    .body(Map.of("email", nobody))
                    .post("/admin-api/auth/password-reset")
                    .then()
                    .statusCode(202);
        }
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", nobody))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(429);
    }

    @Test
    void agentReportsAreLimitedPerInstanceAndRangeChecked() throws Exception {
        HostingFixture team = new HostingFixture();
        long app = team.app("limits-" + team.tag, Instant.now());
        String secret = "agent-" + TestDb.unique();
        long instance = team.instance(HostingFixture.location(app, "fra"), secret);
        Instant start = Instant.now().minus(10, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        String bad = "{\"sampled_at\":\"%s\",\"ccu\":20000000,\"rooms\":1,\"cpu_percent\":1,\"memory_percent\":150}"
                .formatted(start);
        Api.bearer(secret)
                .contentType(ContentType.JSON)
                .body(bad)
                .post("/agent/v1/instances/" + instance + "/reports")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("ccu"))
                .body("error.fields", hasKey("memory_percent"));
        for (int i = 1; i < 20; i++) {
            String report = "{\"sampled_at\":\"%s\",\"ccu\":1,\"rooms\":1,\"cpu_percent\":1,\"memory_percent\":1}"
                    .formatted(start.plusSeconds(i));
            Api.bearer(secret)
                    .contentType(ContentType.JSON)
                    .body(report)
                    .post("/agent/v1/instances/" + instance + "/reports")
                    .then()
                    .statusCode(201);
        }
        Response limited = Api.bearer(secret)
                .contentType(ContentType.JSON)
                .body("{\"sampled_at\":\"%s\",\"ccu\":1,\"rooms\":1,\"cpu_percent\":1,\"memory_percent\":1}"
                        .formatted(start.plusSeconds(30)))
                .post("/agent/v1/instances/" + instance + "/reports");
        limited.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        assertTrue(Long.parseLong(limited.header("Retry-After")) > 0);
        assertEquals(19, TestDb.scalar("SELECT count(*) FROM warden_metric_samples WHERE instance_id = ?", instance));
    }

    @Test
    void deployOutputIsCappedAndRefusedOnceTheDeployFinished() throws Exception {
        HostingFixture team = new HostingFixture();
        long app = team.app("output-" + team.tag, Instant.now());
        String secret = "agent-" + TestDb.unique();
        long instance = team.instance(HostingFixture.location(app, "fra"), secret);
        long deploy = HostingFixture.deploy(app, "enqueued", null, null, "x".repeat(1_048_000), Instant.now(), null);
        String path = "/agent/v1/instances/" + instance + "/deploys/" + deploy;
        Api.bearer(secret)
                .contentType(ContentType.JSON)
                .body(Map.of("status", "deploying", "output", "y".repeat(500)))
                .post(path)
                .then()
                .statusCode(200);
        Api.bearer(secret)
                .contentType(ContentType.JSON)
                .body(Map.of("status", "deploying", "output", "z".repeat(100)))
                .post(path)
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("output"));
        Api.bearer(secret)
                .contentType(ContentType.JSON)
                .body(Map.of("status", "failed"))
                .post(path)
                .then()
                .statusCode(200);
        Api.bearer(secret)
                .contentType(ContentType.JSON)
                .body(Map.of("status", "failed", "output", "late"))
                .post(path)
                .then()
                .statusCode(409)
                .body("error.code", equalTo("conflict"));
        assertEquals(1_048_500, TestDb.scalar("SELECT length(output) FROM warden_deploys WHERE id = ?", deploy));
    }

    @Test
    void anInstanceEndpointOnALinkLocalAddressIsNeverCalled() throws Exception {
        HostingFixture team = new HostingFixture();
        long app = team.app("ssrf-" + team.tag, Instant.now());
        long location = HostingFixture.location(app, "fra");
        long instance = TestDb.insert(
                "INSERT INTO warden_instances (location_id, endpoint, status) VALUES (?, ?, 'ready') " + "RETURNING id",
                location,
                "http://169.254.169.254/latest/meta-data");
        long logBefore = logLength();
        Api.bearer(team.token)
                .get("/api/v1/applications/" + "ssrf-" + team.tag + "/instances/" + instance + "/logs")
                .then()
                .statusCode(502)
                .body("error.code", equalTo("instance_unreachable"));
        assertTrue(newLog(logBefore).contains("link-local"), "the refusal names the rule");
    }

    static long logLength() {
        java.io.File log = new java.io.File(System.getProperty("warden.it.server.log"));
        return log.length();
    }

    static String newLog(long from) throws Exception {
        try (java.io.RandomAccessFile file =
                new java.io.RandomAccessFile(System.getProperty("warden.it.server.log"), "r")) {
            if (file.length() <= from) {
                return "";
            }
            file.seek(from);
            byte[] bytes = new byte[(int) (file.length() - from)];
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
