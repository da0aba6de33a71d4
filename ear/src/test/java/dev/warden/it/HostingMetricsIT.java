package dev.warden.it;

import static dev.warden.it.support.HostingFixture.sample;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/v1/applications/{slug}/metrics/current} and {@code .../metrics} (docs/hosting-api.md, "Requirements: Current metrics" and "Requirements: Metrics history" and "Requirements: Parameters")
 * with hand-computed expectations.
 */
@SharedDeployment
class HostingMetricsIT {

    private HostingFixture team;
    private String slug;
    private long fra;
    private long sgp;
    private long a;
    private long b;
    private long c;
    private long d;
    private final String secretA = "agent-secret-" + TestDb.unique();

    @BeforeEach
    void data() throws Exception {
        team = new HostingFixture();
        slug = "metrics-" + team.tag;
        long app = team.app(slug, Instant.now().minus(Duration.ofDays(3)));
        fra = HostingFixture.location(app, "fra");
        sgp = HostingFixture.location(app, "sgp");
        a = team.instance(fra, secretA);
        b = team.instance(fra, null);
        c = team.instance(fra, null);
        d = team.instance(sgp, null);
    }

    private JsonPath get(String path) {
        return Api.bearer(team.token)
                .get("/api/v1/applications/" + slug + path)
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .extract()
                .jsonPath();
    }

    @Test
    void currentTotalsSumCcuAndRoomsTakeTheBusiestCpuAndMemoryAndLeaveSilentInstancesOut() throws Exception {
        Instant now = Instant.now();
        sample(a, now.minus(Duration.ofMinutes(3)), 99, 9, 99, 99); // older than A's latest: not used
        String sampledAt =
                now.minus(Duration.ofMinutes(1)).truncatedTo(ChronoUnit.SECONDS).toString();
        Api.bearer(secretA)
                .contentType(ContentType.JSON)
                .body(
                        """
                {"sampled_at":"%s","ccu":10,"rooms":2,"cpu_percent":30.5,"memory_percent":40,
                 "processes":[{"id":1,"status":"online","started_at":"2026-01-01T00:00:00Z","restarts":2,
                 "cpu_percent":20.1,"memory_mb":312.5,"ccu":10,"rooms":2,"node_version":"20.11.1","extra":"dropped"}]}"""
                                .formatted(sampledAt))
                .post("/agent/v1/instances/" + a + "/reports")
                .then()
                .statusCode(201);
        sample(b, now.minus(Duration.ofMinutes(2)), 7, 1, 75.25, 20);
        sample(c, now.minus(Duration.ofMinutes(10)), 100, 50, 99.9, 99.9); // silent: 10 minutes
        sample(d, now.minus(Duration.ofMinutes(6)), 5, 5, 5, 5); // silent: 6 minutes

        JsonPath body = get("/metrics/current");
        assertEquals(slug, body.getString("application"));
        assertEquals(5, body.getInt("window_minutes"));
        assertEquals(List.of((int) fra, (int) sgp), body.getList("locations.id"));
        assertEquals("fra", body.getString("locations[0].region"));
        assertEquals(
                Map.of("ccu", 17, "rooms", 3, "cpu_percent", 75.25f, "memory_percent", 40.0f),
                body.getMap("locations[0].totals"));
        assertEquals(List.of((int) a, (int) b, (int) c), body.getList("locations[0].instances.id"));
        Map<String, Object> instA = body.getMap("locations[0].instances[0]");
        assertEquals(sampledAt, instA.get("sampled_at"));
        assertEquals(10, instA.get("ccu"));
        assertEquals(2, instA.get("rooms"));
        assertEquals(30.5f, instA.get("cpu_percent"));
        assertEquals(40.0f, instA.get("memory_percent"));
        assertEquals(
                Map.of(
                        "id",
                        1,
                        "status",
                        "online",
                        "started_at",
                        "2026-01-01T00:00:00Z",
                        "restarts",
                        2,
                        "cpu_percent",
                        20.1f,
                        "memory_mb",
                        312.5f,
                        "ccu",
                        10,
                        "rooms",
                        2,
                        "node_version",
                        "20.11.1"),
                body.getMap("locations[0].instances[0].processes[0]"));
        // C is silent: null values, empty processes
        Map<String, Object> instC = body.getMap("locations[0].instances[2]");
        for (String key : List.of("sampled_at", "ccu", "rooms", "cpu_percent", "memory_percent")) {
            assertTrue(instC.containsKey(key), key);
            assertNull(instC.get(key), key);
        }
        assertEquals(List.of(), body.getList("locations[0].instances[2].processes"));
        // sgp: its only instance is silent, so the totals are null
        assertEquals("sgp", body.getString("locations[1].region"));
        Map<String, Object> sgpTotals = body.getMap("locations[1].totals");
        assertEquals(4, sgpTotals.size());
        sgpTotals.values().forEach(v -> assertNull(v));
        assertNull(body.get("locations[1].instances[0].ccu"));
    }

    @Test
    void minutePointsTakeEachInstancesPeakPerMinuteThenSumAndMaxAcrossInstances() throws Exception {
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(2));
        Instant t1 = t0.plus(Duration.ofMinutes(1));
        sample(a, t0.plusSeconds(10), 5, 1, 10, 50);
        sample(a, t0.plusSeconds(40), 8, 1, 20, 30); // A's peak in t0: ccu 8, rooms 1, cpu 20, memory 50
        sample(b, t0.plusSeconds(20), 4, 2, 60, 10);
        sample(b, t1.plusSeconds(5), 3, 0, 15, 12);
        sample(d, t0.plusSeconds(30), 1000, 1000, 1, 1); // another location
        sample(a, t1.plus(Duration.ofMinutes(1)), 1, 1, 1, 1); // after `to`

        JsonPath body = get("/metrics?from=" + t0 + "&to=" + t1 + "&location_id=" + fra);
        assertEquals("minute", body.getString("resolution"));
        assertEquals(t0.toString(), body.getString("from"));
        assertEquals(t1.toString(), body.getString("to"));
        assertEquals(List.of((int) fra), body.getList("locations.id"));
        assertEquals("fra", body.getString("locations[0].region"));
        assertEquals(
                List.of(
                        Map.of(
                                "time",
                                t0.toString(),
                                "ccu",
                                12,
                                "rooms",
                                3,
                                "cpu_percent",
                                60.0f,
                                "memory_percent",
                                50.0f),
                        Map.of(
                                "time",
                                t1.toString(),
                                "ccu",
                                3,
                                "rooms",
                                0,
                                "cpu_percent",
                                15.0f,
                                "memory_percent",
                                12.0f)),
                body.getList("locations[0].points"));

        // `to` is inclusive; from/to without an offset are UTC; seconds are truncated to the minute
        String local =
                LocalDateTime.ofInstant(t0, ZoneOffset.UTC).plusSeconds(45).toString();
        JsonPath one = get("/metrics?from=" + local + "&to=" + local);
        assertEquals(t0.toString(), one.getString("from"));
        assertEquals(List.of(t0.toString()), one.getList("locations[0].points.time"));
        assertEquals(12, one.getInt("locations[0].points[0].ccu"));
        assertEquals(List.of(t0.toString()), one.getList("locations[1].points.time"));
        assertEquals(1000, one.getInt("locations[1].points[0].ccu"));
    }

    @Test
    void dayPointsAddUpEachInstancesOwnDailyPeakSoCcuCanExceedAnySingleMoment() throws Exception {
        Instant today = Instant.now().truncatedTo(ChronoUnit.DAYS);
        Instant d1 = today.minus(Duration.ofDays(3));
        Instant d2 = today.minus(Duration.ofDays(2));
        sample(a, d1.plus(Duration.ofHours(8)), 10, 1, 20, 30);
        sample(a, d1.plus(Duration.ofHours(20)), 2, 5, 70, 10);
        sample(b, d1.plus(Duration.ofHours(8)), 1, 0, 10, 90);
        sample(b, d1.plus(Duration.ofHours(20)), 9, 2, 5, 5); // at 08:00 and 20:00 the location had 11 CCU
        sample(c, d2.plus(Duration.ofHours(12)), 4, 1, 33, 44);

        JsonPath body = get("/metrics?resolution=day&from=" + d1.plus(Duration.ofHours(15)) + "&to="
                + d2.plus(Duration.ofHours(1)) + "&location_id=" + fra);
        assertEquals("day", body.getString("resolution"));
        assertEquals(d1.toString(), body.getString("from"));
        assertEquals(d2.toString(), body.getString("to"));
        assertEquals(
                List.of(
                        Map.of(
                                "time",
                                d1.toString(),
                                "ccu",
                                19,
                                "rooms",
                                7,
                                "cpu_percent",
                                70.0f,
                                "memory_percent",
                                90.0f),
                        Map.of(
                                "time",
                                d2.toString(),
                                "ccu",
                                4,
                                "rooms",
                                1,
                                "cpu_percent",
                                33.0f,
                                "memory_percent",
                                44.0f)),
                body.getList("locations[0].points"));

        // `to` inclusive at day resolution: to = d1 still has d1's point
        JsonPath oneDay = get("/metrics?resolution=day&from=" + d1.toString().substring(0, 10) + "&to="
                + d1.toString().substring(0, 10));
        assertEquals(List.of(d1.toString()), oneDay.getList("locations[0].points.time"));
        assertEquals(List.of(), oneDay.getList("locations[1].points"));
    }

    @Test
    void defaultWindowsAreTheLast24HoursAndTheLast30Days() {
        JsonPath minute = get("/metrics");
        Instant to = Instant.parse(minute.getString("to"));
        Instant from = Instant.parse(minute.getString("from"));
        assertEquals(Duration.ofHours(24), Duration.between(from, to));
        assertTrue(Duration.between(to, Instant.now()).abs().compareTo(Duration.ofMinutes(2)) < 0);
        assertEquals(2, minute.getList("locations").size());

        JsonPath day = get("/metrics?resolution=day");
        Instant today = Instant.now().truncatedTo(ChronoUnit.DAYS);
        assertEquals(today.toString(), day.getString("to"));
        assertEquals(today.minus(Duration.ofDays(29)).toString(), day.getString("from"));
    }

    @Test
    void everyBadParameterIsNamedInOne422() throws Exception {
        Api.bearer(team.token)
                .get("/api/v1/applications/" + slug
                        + "/metrics?resolution=hour&from=yesterday&to=2026-13-01T00:00:00Z&location_id=abc")
                .then()
                .statusCode(422)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("resolution"))
                .body("error.fields", hasKey("from"))
                .body("error.fields", hasKey("to"))
                .body("error.fields", hasKey("location_id"));

        Instant now = Instant.now();
        invalid("from=" + now.minus(Duration.ofDays(36)) + "&resolution=day", "from");
        invalid(
                "from=" + now.minus(Duration.ofDays(36)) + "&to="
                        + now.minus(Duration.ofDays(35).plusHours(12)),
                "from");
        invalid("from=" + now.minus(Duration.ofHours(25)), "from");
        invalid("from=" + now.minus(Duration.ofHours(26)) + "&to=" + now.minus(Duration.ofHours(1)), "from");
        invalid("from=" + now.minus(Duration.ofHours(1)) + "&to=" + now.minus(Duration.ofHours(2)), "from");
        invalid("resolution=day&from=2026-01-01T00:00:00Z&from=2026-01-02T00:00:00Z", "from");
        invalid("resolution=", "resolution");
        invalid("location_id=0", "location_id");

        // a location of another application (even of the same team) is not a location of this one
        long other = team.app("other-" + team.tag, Instant.now());
        long otherLocation = HostingFixture.location(other, "nyc");
        invalid("location_id=" + otherLocation, "location_id");

        // the day window may reach exactly 35 days back
        get("/metrics?resolution=day&from=" + now.minus(Duration.ofDays(35)));
        get("/metrics?from=" + now.minus(Duration.ofDays(34)) + "&to=" + now.minus(Duration.ofDays(33)));
    }

    private void invalid(String query, String field) {
        Api.bearer(team.token)
                .get("/api/v1/applications/" + slug + "/metrics?" + query.replace("+", "%2B"))
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey(field));
    }

    @Test
    void anotherTeamsApplicationIs404AndOnlyGetIsAnswered() throws Exception {
        HostingFixture other = new HostingFixture();
        String otherSlug = "theirs-" + other.tag;
        other.app(otherSlug, Instant.now());
        for (String path : List.of("/metrics", "/metrics/current")) {
            Api.bearer(team.token)
                    .get("/api/v1/applications/" + otherSlug + path)
                    .then()
                    .statusCode(404)
                    .body("error.code", equalTo("not_found"));
            Api.bearer(team.token)
                    .get("/api/v1/applications/no-such-" + team.tag + path)
                    .then()
                    .statusCode(404)
                    .body("error.code", equalTo("not_found"));
            Api.anonymous()
                    .get("/api/v1/applications/" + slug + path)
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("unauthenticated"));
            for (String method : List.of("POST", "PUT", "PATCH", "DELETE")) {
                Api.bearer(team.token)
                        .contentType(ContentType.JSON)
                        .body("{}")
                        .request(method, "/api/v1/applications/" + slug + path)
                        .then()
                        .statusCode(405)
                        .header("Allow", containsString("GET"))
                        .body("error.code", equalTo("method_not_allowed"));
            }
        }
    }
}
