package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import dev.warden.common.TargetAddresses;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.RowChange;
import jakarta.json.JsonObject;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pure rules of webhooks (docs/webhooks.md): signatures, secrets, patterns, targets, the retry schedule. */
class WebhookRulesTest {

    @Test
    void signsAsTheStandardWebhooksSpecificationsExample() {
        // the example of the specification's reference libraries
        assertEquals(
                "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                Signatures.sign(
                        "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                        "msg_p5jXN8AQM9LWM0D4loKWxJek",
                        1614265330,
                        "{\"test\": 2432232314}"));
        String two = Signatures.header(
                List.of("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", WebhookSecrets.generate()), "msg_1", 1, "{}");
        assertEquals(2, two.split(" ").length);
        assertTrue(two.startsWith(Signatures.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_1", 1, "{}")));
    }

    @Test
    void secretsAreRandomSealedAndOpened() {
        String secret = WebhookSecrets.generate();
        assertTrue(secret.startsWith("whsec_"));
        assertEquals(32, WebhookSecrets.keyBytes(secret).length);
        assertNotEquals(secret, WebhookSecrets.generate());
        WebhookSecrets sealed = new WebhookSecrets(Optional.of(new SecretKeySpec(new byte[32], "AES")));
        String stored = sealed.seal(secret);
        assertTrue(stored.startsWith("aes:"));
        assertFalse(stored.contains(secret.substring(6)));
        assertEquals(secret, sealed.open(stored));
        assertNotEquals(stored, sealed.seal(secret), "a fresh IV each time");
        WebhookSecrets otherKey = new WebhookSecrets(Optional.of(new SecretKeySpec(
                new byte[] {
                    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
                    28, 29, 30, 31, 32
                },
                "AES")));
        assertThrows(IllegalStateException.class, () -> otherKey.open(stored));
        WebhookSecrets plain = new WebhookSecrets(Optional.empty());
        assertEquals(secret, plain.open(plain.seal(secret)));
        assertThrows(IllegalStateException.class, () -> plain.open(stored));
    }

    @ParameterizedTest
    @CsvSource({
        "users.created, users.created, true",
        "users.*, users.deleted, true",
        "*.deleted, scores.deleted, true",
        "*, auth.login_failed, true",
        "*, custom, true",
        "room.*, room.kick, true",
        "room.*, rooms.created, false",
        "users.*, users, false",
        "users.created, users.updated, false",
    })
    void patternsMatchSegmentBySegment(String pattern, String event, boolean matches) {
        assertEquals(matches, EventPatterns.matches(pattern, event));
    }

    @Test
    void patternsAreBounded() {
        assertEquals(
                List.of("a.b", "room.*"),
                EventPatterns.parse(JSON.createArrayBuilder()
                        .add("a.b")
                        .add("room.*")
                        .add("a.b")
                        .build()));
        for (String bad : List.of("", "a..b", "ro*m.kick", "a b", "x".repeat(101))) {
            assertThrows(
                    ApiException.class,
                    () -> EventPatterns.parse(JSON.createArrayBuilder().add(bad).build()),
                    bad);
        }
        assertThrows(
                ApiException.class,
                () -> EventPatterns.parse(JSON.createArrayBuilder().build()));
        var many = JSON.createArrayBuilder();
        for (int i = 0; i <= EventPatterns.MAX_PATTERNS; i++) {
            many.add("e" + i);
        }
        assertThrows(ApiException.class, () -> EventPatterns.parse(many.build()));
    }

    @ParameterizedTest
    @CsvSource({
        "127.0.0.1, LOOPBACK",
        "0.0.0.0, LOOPBACK",
        "::1, LOOPBACK",
        "10.1.2.3, PRIVATE",
        "172.16.0.1, PRIVATE",
        "192.168.1.1, PRIVATE",
        "100.64.0.1, PRIVATE",
        "fc00::1, PRIVATE",
        "::ffff:10.0.0.1, PRIVATE",
        "169.254.1.1, LINK_LOCAL",
        "fe80::1, LINK_LOCAL",
        "169.254.169.254, METADATA",
        "fd00:ec2::254, METADATA",
        "100.100.100.200, METADATA",
        "::ffff:169.254.169.254, METADATA",
        "93.184.216.34, PUBLIC",
        "2606:4700::1111, PUBLIC",
    })
    void addressesAreClassified(String address, TargetAddresses.Kind kind) throws Exception {
        assertEquals(kind, TargetAddresses.kind(InetAddress.getByName(address)));
    }

    @Test
    void targetsAreRefusedUnlessAllowedAndMetadataAlways() {
        TargetPolicy strict = new TargetPolicy(PrivateTargets.NONE);
        TargetPolicy lax = new TargetPolicy(PrivateTargets.parse(true, null));
        for (String url :
                List.of("http://127.0.0.1:8080/x", "http://10.0.0.5/", "http://[::1]/", "http://169.254.10.1/")) {
            assertTrue(strict.refusal(url).isPresent(), url);
            assertTrue(strict.refusal(url).get().contains("warden.webhooks.allowed-private-targets"), url);
            assertEquals(Optional.empty(), lax.refusal(url), url);
        }
        assertTrue(lax.refusal("http://169.254.169.254/latest").get().contains("metadata"));
        assertTrue(lax.refusal("ftp://127.0.0.1/").isPresent());
        assertTrue(lax.refusal("http://u:p@127.0.0.1/").isPresent());
        assertTrue(lax.refusal("http:///nohost").isPresent());
        assertEquals(Optional.empty(), strict.refusal("https://93.184.216.34/hook"));
    }

    @Test
    void onlyTheListedPrivateTargetsAreAllowedAndMetadataNever() {
        TargetPolicy listed = new TargetPolicy(
                PrivateTargets.parse(false, " 127.0.0.1, 10.20.0.0/16 ,[fd12::]/16, 169.254.0.0/16, Hooks.Internal"));
        for (String url : List.of(
                "http://127.0.0.1:8080/x",
                "http://10.20.255.1/",
                "http://[fd12:3::1]/",
                "http://169.254.10.1/",
                "https://93.184.216.34/hook")) {
            assertEquals(Optional.empty(), listed.refusal(url), url);
        }
        for (String url : List.of(
                "http://127.0.0.2/",
                "http://10.21.0.1/",
                "http://10.0.0.1/",
                "http://192.168.1.10/",
                "http://172.16.0.1/",
                "http://[::1]/",
                "http://[fd13::1]/",
                "http://[::ffff:10.0.0.1]/")) {
            assertTrue(listed.refusal(url).orElseThrow().contains("not allowed"), url);
        }
        // a listed range that holds a metadata address does not open it
        assertTrue(listed.refusal("http://169.254.169.254/latest").orElseThrow().contains("metadata"));
        PrivateTargets names = PrivateTargets.parse(false, "hooks.internal");
        assertTrue(names.allows("hooks.internal", InetAddress.getLoopbackAddress()));
        assertFalse(names.allows("other.internal", InetAddress.getLoopbackAddress()));
        assertEquals(PrivateTargets.NONE, PrivateTargets.parse(false, " , "));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "10.0.0.0/33",
                "10.0.0.0/x",
                "fd12::/129",
                "300.1.1.1",
                "10.0.0.1/8/8",
                "http://10.0.0.1",
                "under_score",
                "1.2.3"
            })
    void aMalformedAllowlistEntryIsRefused(String entry) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PrivateTargets.parse(false, entry));
        assertTrue(e.getMessage().contains(PrivateTargets.KEY), e.getMessage());
    }

    /** Settings with the default values but {@code waits}. */
    private static WebhookSettings settings(List<Duration> waits) {
        return new WebhookSettings(
                PrivateTargets.NONE,
                waits,
                0.2,
                Duration.ofSeconds(60),
                Duration.ofSeconds(5),
                Duration.ofSeconds(10),
                Duration.ofMillis(250),
                50,
                4,
                Duration.ofHours(120),
                Optional.empty(),
                true);
    }

    @Test
    void retriesFollowTheScheduleWithJitter() {
        WebhookSettings settings = settings(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5)));
        assertEquals(3, settings.maxAttempts());
        assertEquals(Duration.ofMillis(4000), settings.retryAfter(1, 0).orElseThrow());
        assertEquals(Duration.ofMillis(6000), settings.retryAfter(1, 1).orElseThrow());
        assertEquals(Duration.ofMinutes(5), settings.retryAfter(2, 0.5).orElseThrow());
        assertEquals(Optional.empty(), settings.retryAfter(3, 0.5));
    }

    @Test
    void theDefaultScheduleMakesAtLeastSixAttemptsOverADay() {
        List<Duration> waits = WebhookSettings.schedule(WebhookSettings.DEFAULT_SCHEDULE);
        assertEquals(List.of(Duration.ofSeconds(1), Duration.ofMillis(500)), WebhookSettings.schedule("1, 0.5,"));
        WebhookSettings defaults = settings(waits);
        assertTrue(defaults.maxAttempts() >= 6);
        Duration total = defaults.retrySchedule().stream().reduce(Duration.ZERO, Duration::plus);
        assertTrue(total.compareTo(Duration.ofHours(24)) >= 0, total.toString());
    }

    @Test
    void eventsCarryTheRowOrTheAuditEntryWithoutSecrets() {
        JsonObject created = WebhookEvents.data(
                new AuditRecord(
                        7L,
                        "create",
                        "users",
                        "42",
                        JSON.createObjectBuilder()
                                .add(
                                        "row",
                                        JSON.createObjectBuilder()
                                                .add("email", "a@b.c")
                                                .add("password_hash", "x"))
                                .build()),
                new RowChange("users", "created", "42"));
        assertEquals("a@b.c", created.getJsonObject("row").getString("email"));
        assertFalse(created.toString().contains("password_hash\":\"x"));
        assertEquals("users.created", WebhookEvents.type(null, new RowChange("users", "created", "42")));
        AuditRecord ban = new AuditRecord(
                7L,
                "user.ban",
                "users",
                "42",
                JSON.createObjectBuilder()
                        .add("reason", "spam")
                        .add("token", "secret-token")
                        .build());
        JsonObject data = WebhookEvents.data(ban, null);
        assertEquals("user.ban", WebhookEvents.type(ban, null));
        assertEquals("spam", data.getJsonObject("payload").getString("reason"));
        assertFalse(data.toString().contains("secret-token"));
        String body = WebhookEvents.body("user.ban", java.time.Instant.EPOCH, data);
        assertTrue(body.startsWith("{\"type\":\"user.ban\",\"timestamp\":\"1970-01-01T00:00:00Z\",\"data\":{"));
        assertTrue(WebhookEvents.newMessageId().matches("msg_[0-9a-f]{32}"));
        assertEquals(32, Base64.getDecoder().decode(WebhookSecrets.generate().substring(6)).length);
    }
}
