package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.OpenApiContract;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import dev.warden.it.support.WebhookReceiver;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Outbound webhooks (docs/webhooks.md) against a receiver in the test JVM that verifies every delivery with the
 * Standard Webhooks reference library: signed row and audit events, rotation, retries with backoff, 410 disabling,
 * refused targets (the test servers allow one private target, 127.0.0.1, where the receiver listens; other private
 * and metadata addresses are refused, also at delivery time), no event for a rolled-back write, the delivery log, retry and replay.
 * The servers retry after 0.5 s (jitter 0.2), three times.
 */
@SharedDeployment
class WebhooksIT {

    private static final Duration DEADLINE = Duration.ofSeconds(15);

    private static WebhookReceiver receiver;
    private static Api.Identity admin;

    @BeforeAll
    static void start() throws Exception {
        receiver = new WebhookReceiver();
        admin = Api.signedIn("admin", null);
    }

    @AfterAll
    static void stop() throws Exception {
        receiver.close();
        // the shared deployment's later classes must not feed these subscriptions
        TestDb.update("DELETE FROM warden_webhooks");
    }

    private static Response call(RequestSpecification spec, String method, String path, int status) {
        Response r = spec.request(method, path);
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.asString());
        assertEquals(List.of(), OpenApiContract.problems(method, path, r), "not what openapi/warden-admin.yaml says");
        return r;
    }

    private static RequestSpecification json(String body) {
        return Api.session(admin.cookie()).contentType(ContentType.JSON).body(body);
    }

    private static JsonPath subscribe(String path, String events) {
        return call(
                        json("{\"url\": \"" + receiver.url(path) + "\", \"events\": " + events
                                + ", \"description\": \"it " + path + "\"}"),
                        "POST",
                        "/admin-api/_webhooks",
                        201)
                .jsonPath();
    }

    private static WebhookReceiver.Received awaitOne(String path, String contains) {
        WebhookReceiver.Received[] found = new WebhookReceiver.Received[1];
        Wait.until(DEADLINE, "a delivery to " + path + " containing " + contains, () -> {
            for (WebhookReceiver.Received r : receiver.at(path)) {
                if (r.body().contains(contains)) {
                    found[0] = r;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    private static JsonPath delivery(String webhook, String status) {
        JsonPath[] found = new JsonPath[1];
        Wait.until(DEADLINE, "a " + status + " delivery of webhook " + webhook, () -> {
            JsonPath list = call(
                            Api.session(admin.cookie()), "GET", "/admin-api/_webhooks/" + webhook + "/deliveries", 200)
                    .jsonPath();
            if (list.getList("$").isEmpty() || !status.equals(list.getString("[0].status"))) {
                return false;
            }
            found[0] = call(
                            Api.session(admin.cookie()),
                            "GET",
                            "/admin-api/_webhooks/" + webhook + "/deliveries/" + list.getString("[0].id"),
                            200)
                    .jsonPath();
            return true;
        });
        return found[0];
    }

    @Test
    void rowAndAuditEventsArriveSignedAsTheSpecificationSays() throws Exception {
        JsonPath hook = subscribe("/rows", "[\"configs.*\", \"auth.login_failed\"]");
        String id = hook.getString("id");
        String secret = hook.getString("secret");
        assertTrue(secret.startsWith("whsec_"), secret);
        assertTrue(Base64.getDecoder().decode(secret.substring(6)).length >= 24);
        // shown once: never in a read, a list, the table or the audit log
        assertNull(call(Api.session(admin.cookie()), "GET", "/admin-api/_webhooks/" + id, 200)
                .jsonPath()
                .get("secret"));
        assertFalse(call(Api.session(admin.cookie()), "GET", "/admin-api/_webhooks", 200)
                .asString()
                .contains(secret));
        String stored = TestDb.column("SELECT secret FROM warden_webhooks WHERE id = ?", Long.parseLong(id))
                .get(0);
        assertTrue(stored.startsWith("aes:") && !stored.contains(secret.substring(6)), "sealed at rest");
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE payload::text LIKE ?",
                        "%" + secret.substring(6) + "%"));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'webhook.create' "
                                + "AND target_id = ?",
                        id));

        String key = "hook-" + TestDb.unique();
        String row = Api.post(admin.cookie(), "configs", "{\"key\": \"" + key + "\", \"value\": 1}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("_id");
        WebhookReceiver.Received created = awaitOne("/rows", key);
        WebhookReceiver.verify(created, secret);
        JsonPath body = JsonPath.from(created.body());
        assertEquals("configs.created", body.getString("type"));
        assertEquals(row, body.getString("data.id"));
        assertEquals(key, body.getString("data.row.key"));
        assertEquals(String.valueOf(admin.id()), body.getString("data.operator_id"));
        Instant at = Instant.parse(body.getString("timestamp"));
        long stamp =
                Long.parseLong(created.headers().firstValue("webhook-timestamp").orElseThrow());
        assertTrue(Math.abs(stamp - Instant.now().getEpochSecond()) < 60, "Unix seconds");
        assertTrue(Math.abs(at.getEpochSecond() - stamp) < 60);
        assertTrue(created.headers().firstValue("webhook-id").orElseThrow().startsWith("msg_"));
        // the signature is the specification's HMAC, whichever secret: another secret fails the library's check
        assertThrows(
                Exception.class,
                () -> WebhookReceiver.verify(
                        created, "whsec_" + Base64.getEncoder().encodeToString(new byte[32])));

        Api.patch(admin.cookie(), "configs/" + row, "{\"value\": 2}").then().statusCode(200);
        WebhookReceiver.Received updated = awaitOne("/rows", "configs.updated");
        JsonPath changes = JsonPath.from(updated.body());
        assertEquals(1, changes.getInt("data.changes.value.before"));
        assertEquals(2, changes.getInt("data.changes.value.after"));

        // an audit action, recorded although its transaction rolls back: a failed sign-in, without the password
        String email = "hook-" + TestDb.unique() + "@example.com";
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{\"email\": \"" + email + "\", \"password\": \"not the password 1\"}")
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401);
        WebhookReceiver.Received failed = awaitOne("/rows", email);
        WebhookReceiver.verify(failed, secret);
        assertEquals("auth.login_failed", JsonPath.from(failed.body()).getString("type"));
        assertFalse(failed.body().contains("not the password 1"));

        // rotation: both secrets sign during the overlap
        String next = call(json("{\"overlap_hours\": 1}"), "POST", "/admin-api/_webhooks/" + id + "/rotate", 200)
                .jsonPath()
                .getString("secret");
        assertNotEquals(secret, next);
        Api.post(admin.cookie(), "configs", "{\"key\": \"" + key + "-2\", \"value\": 3}")
                .then()
                .statusCode(201);
        WebhookReceiver.Received rotated = awaitOne("/rows", key + "-2");
        assertEquals(
                2,
                rotated.headers().firstValue("webhook-signature").orElseThrow().split(" ").length);
        WebhookReceiver.verify(rotated, next);
        WebhookReceiver.verify(rotated, secret);

        // replay: every event of the range again, with its message id
        int before = receiver.at("/rows").size();
        JsonPath replay = call(
                        json("{\"from\": \"" + Instant.now().minusSeconds(600) + "\", \"to\": \""
                                + Instant.now().plusSeconds(5) + "\"}"),
                        "POST",
                        "/admin-api/_webhooks/" + id + "/replay",
                        202)
                .jsonPath();
        int queued = replay.getInt("queued");
        assertEquals(4, queued);
        Wait.until(
                DEADLINE, "the replayed deliveries", () -> receiver.at("/rows").size() >= before + queued);
        assertEquals(
                2,
                receiver.at("/rows").stream()
                        .filter(r -> r.headers()
                                .firstValue("webhook-id")
                                .equals(created.headers().firstValue("webhook-id")))
                        .count());
    }

    @Test
    void aFailingTargetIsRetriedWithBackoffUntilItAnswers2xx() throws Exception {
        receiver.script("/flaky", 500, 503, 200);
        JsonPath hook = subscribe("/flaky", "[\"nothing.matches\"]");
        String id = hook.getString("id");
        call(Api.session(admin.cookie()), "POST", "/admin-api/_webhooks/" + id + "/test", 202);
        JsonPath done = delivery(id, "delivered");
        assertEquals(3, done.getInt("attempts"));
        assertEquals(List.of(500, 503, 200), done.getList("attempt_log.status_code"));
        assertEquals(200, done.getInt("last_status_code"));
        assertEquals("webhook.test", done.getString("event"));
        List<WebhookReceiver.Received> tries = receiver.at("/flaky");
        assertEquals(3, tries.size());
        for (int i = 0; i < 3; i++) {
            WebhookReceiver.verify(tries.get(i), hook.getString("secret"));
            assertEquals(
                    tries.get(0).headers().firstValue("webhook-id"),
                    tries.get(i).headers().firstValue("webhook-id"));
        }
        // 0.5 s between attempts, jitter 0.2
        assertTrue(tries.get(1).atMillis() - tries.get(0).atMillis() >= 380, "waited before the second attempt");
        assertTrue(tries.get(2).atMillis() - tries.get(1).atMillis() >= 380, "waited before the third attempt");

        // retry one delivery: one more attempt
        String delivery = done.getString("id");
        call(
                Api.session(admin.cookie()),
                "POST",
                "/admin-api/_webhooks/" + id + "/deliveries/" + delivery + "/retry",
                202);
        Wait.until(DEADLINE, "the retried attempt", () -> receiver.at("/flaky").size() == 4);
    }

    @Test
    void aTargetAnswering410IsDisabledAndTheDisablingAudited() throws Exception {
        receiver.script("/gone", 410);
        String id = subscribe("/gone", "[\"nothing.matches\"]").getString("id");
        call(Api.session(admin.cookie()), "POST", "/admin-api/_webhooks/" + id + "/test", 202);
        JsonPath failed = delivery(id, "failed");
        assertEquals(1, failed.getInt("attempts"));
        assertEquals(410, failed.getInt("last_status_code"));
        JsonPath hook = call(Api.session(admin.cookie()), "GET", "/admin-api/_webhooks/" + id, 200)
                .jsonPath();
        assertFalse(hook.getBoolean("enabled"));
        assertTrue(hook.getString("disabled_reason").contains("410"));
        Wait.until(
                DEADLINE,
                "the webhook.disable audit row",
                () -> TestDb.scalar(
                                "SELECT count(*) FROM warden_admin_audit WHERE action = 'webhook.disable' AND target_id = ?",
                                id)
                        == 1);
        // enabling again clears the reason
        call(json("{\"enabled\": true}"), "PATCH", "/admin-api/_webhooks/" + id, 200);
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/_webhooks/" + id, 200);
        call(Api.session(admin.cookie()), "GET", "/admin-api/_webhooks/" + id, 404);
    }

    @Test
    void privateTargetsAreRefusedUnlessListedAndMetadataAlwaysAtCreationAndAtDelivery() throws Exception {
        // the test servers list 127.0.0.1 only in warden.webhooks.allowed-private-targets
        for (String[] refused : new String[][] {
            {"http://10.0.0.1/hook", "private address that is not allowed (warden.webhooks.allowed-private-targets)"},
            {"http://192.168.1.10/hook", "private address that is not allowed"},
            {"http://172.16.0.1/hook", "private address that is not allowed"},
            {"http://127.0.0.2/hook", "loopback address that is not allowed"},
            {"http://[::1]/hook", "loopback address that is not allowed"},
            {"http://169.254.10.1/hook", "link-local address that is not allowed"},
            {"http://169.254.169.254/latest/meta-data", "cloud metadata address"},
            {"http://[fd00:ec2::254]/", "cloud metadata address"},
            {"file:///etc/passwd", "the scheme must be http or https"},
            {"http://user:pw@127.0.0.1/", "credentials in the URL are not allowed"}
        }) {
            Response r = call(
                    json("{\"url\": \"" + refused[0] + "\", \"events\": [\"*\"]}"),
                    "POST",
                    "/admin-api/_webhooks",
                    422);
            JsonPath body = r.jsonPath();
            assertEquals("invalid_request", body.getString("error.code"), r.asString());
            List<String> why = body.getList("error.fields.url");
            assertEquals(1, why.size(), r.asString());
            assertTrue(why.get(0).contains(refused[1]), refused[0] + ": " + r.asString());
        }
        assertEquals(
                0, TestDb.scalar("SELECT count(*) FROM warden_webhooks WHERE url LIKE '%/hook' OR url LIKE '%meta%'"));
        // 127.0.0.1 is listed: accepted and delivered
        String id = subscribe("/rebound", "[\"nothing.matches\"]").getString("id");
        call(Api.session(admin.cookie()), "POST", "/admin-api/_webhooks/" + id + "/test", 202);
        awaitOne("/rebound", "webhook.test");
        // the host now resolves elsewhere (as after DNS rebinding): checked again before each attempt, nothing sent
        for (String elsewhere : List.of("http://10.0.0.1/hook", "http://169.254.169.254/hook")) {
            TestDb.update("UPDATE warden_webhooks SET url = ? WHERE id = ?", elsewhere, Long.parseLong(id));
            JsonPath test = call(Api.session(admin.cookie()), "POST", "/admin-api/_webhooks/" + id + "/test", 202)
                    .jsonPath();
            String delivery = test.getString("delivery_id");
            String reason = elsewhere.contains("169.254") ? "metadata" : "private address that is not allowed";
            Wait.until(
                    DEADLINE,
                    "the refused attempt to " + elsewhere,
                    () -> TestDb.scalar(
                                    "SELECT count(*) FROM warden_webhook_attempts WHERE delivery_id = ? "
                                            + "AND status_code IS NULL AND excerpt LIKE ?",
                                    Long.parseLong(delivery),
                                    "refused: %" + reason + "%")
                            >= 1);
            JsonPath log = call(
                            Api.session(admin.cookie()),
                            "GET",
                            "/admin-api/_webhooks/" + id + "/deliveries/" + delivery,
                            200)
                    .jsonPath();
            assertTrue(log.getString("attempt_log[0].excerpt").startsWith("refused: "), log.prettify());
        }
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/_webhooks/" + id, 200);
        // only the first test event arrived
        assertEquals(1, receiver.at("/rebound").size());
    }

    @Test
    void aRolledBackWriteIsNeverDelivered() throws Exception {
        String id = subscribe("/rollback", "[\"configs.created\"]").getString("id");
        String marker = "rollback" + TestDb.unique().replaceAll("[^a-z0-9]", "");
        // the insert succeeds, its commit fails (a deferred constraint trigger): the write rolls back after the
        // service recorded it
        TestDb.update("CREATE FUNCTION warden_it_" + marker + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.key = '" + marker + "' THEN RAISE EXCEPTION 'refused at commit for the test'; END IF; "
                + "RETURN NEW; END $$");
        TestDb.update("CREATE CONSTRAINT TRIGGER warden_it_" + marker + " AFTER INSERT ON warden_configs "
                + "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION warden_it_" + marker + "()");
        try {
            int status = Api.post(admin.cookie(), "configs", "{\"key\": \"" + marker + "\", \"value\": 1}")
                    .statusCode();
            assertTrue(status >= 400, "the write failed: " + status);
            assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_configs WHERE key = ?", marker));
        } finally {
            TestDb.update("DROP TRIGGER warden_it_" + marker + " ON warden_configs");
            TestDb.update("DROP FUNCTION warden_it_" + marker + "()");
        }
        String after = marker + "-after";
        Api.post(admin.cookie(), "configs", "{\"key\": \"" + after + "\", \"value\": 1}")
                .then()
                .statusCode(201);
        awaitOne("/rollback", after);
        assertEquals(1, receiver.at("/rollback").size(), "only the committed write was delivered");
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_webhook_events WHERE body LIKE ?", "%\"" + marker + "\"%"));
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/_webhooks/" + id, 200);
    }
}
