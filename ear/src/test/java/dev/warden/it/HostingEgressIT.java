package dev.warden.it;

import static dev.warden.it.support.HostingFixture.egress;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.SharedDeployment;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/applications/{slug}/egress} (docs/hosting-api.md, "Requirements: Egress" and "Requirements: Parameters", egress). */
@SharedDeployment
class HostingEgressIT {

    private HostingFixture team;
    private String slug;
    private long fra;
    private long sgp;
    private long a;
    private long b;
    private long d;
    private final LocalDate today = LocalDate.now(ZoneOffset.UTC);

    @BeforeEach
    void data() throws Exception {
        team = new HostingFixture();
        slug = "egress-" + team.tag;
        long app = team.app(slug, Instant.now());
        fra = HostingFixture.location(app, "fra");
        sgp = HostingFixture.location(app, "sgp");
        a = team.instance(fra, null);
        b = team.instance(fra, null);
        d = team.instance(sgp, null);
    }

    private JsonPath get(String query) {
        return Api.bearer(team.token)
                .get("/api/v1/applications/" + slug + "/egress" + query)
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .extract()
                .jsonPath();
    }

    @Test
    void bytesAreSummedAcrossInstancesPerDayAndOverTheWindow() throws Exception {
        Instant t1 = Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.SECONDS);
        Instant t2 = Instant.now().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        egress(a, today.minusDays(2), 100, 10, t1);
        egress(b, today.minusDays(2), 50, 5, t2);
        egress(a, today.minusDays(1), 7, 3, t1);
        egress(d, today.minusDays(1), 1000, 2000, t1);
        egress(a, today.minusDays(31), 999_999, 999_999, t1); // outside the default 30 days

        JsonPath body = get("");
        assertEquals(slug, body.getString("application"));
        assertEquals(today.minusDays(29).toString(), body.getString("from"));
        assertEquals(today.toString(), body.getString("to"));
        assertEquals(t2.toString(), body.getString("collected_at"));
        assertEquals(List.of((int) fra, (int) sgp), body.getList("locations.id"));
        assertEquals("fra", body.getString("locations[0].region"));
        assertEquals(157, body.getLong("locations[0].outgoing_bytes"));
        assertEquals(18, body.getLong("locations[0].incoming_bytes"));
        assertEquals(
                List.of(
                        Map.of("date", today.minusDays(2).toString(), "outgoing_bytes", 150, "incoming_bytes", 15),
                        Map.of("date", today.minusDays(1).toString(), "outgoing_bytes", 7, "incoming_bytes", 3)),
                body.getList("locations[0].days"));
        assertEquals("sgp", body.getString("locations[1].region"));
        assertEquals(1000, body.getLong("locations[1].outgoing_bytes"));
        assertEquals(2000, body.getLong("locations[1].incoming_bytes"));

        JsonPath oneDay = get("?from=" + today.minusDays(1) + "&to=" + today.minusDays(1));
        assertEquals(7, oneDay.getLong("locations[0].outgoing_bytes"));
        assertEquals(List.of(today.minusDays(1).toString()), oneDay.getList("locations[0].days.date"));

        JsonPath old = get("?from=" + today.minusDays(35) + "&to=" + today.minusDays(30));
        assertEquals(999_999, old.getLong("locations[0].outgoing_bytes"));
    }

    @Test
    void beforeTheFirstCopyCollectedAtIsNullAndLocationsAreEmpty() {
        JsonPath body = get("");
        assertTrue(body.getMap("").containsKey("collected_at"));
        assertNull(body.get("collected_at"));
        assertEquals(0, body.getLong("locations[0].outgoing_bytes"));
        assertEquals(0, body.getLong("locations[0].incoming_bytes"));
        assertEquals(List.of(), body.getList("locations[0].days"));
    }

    @Test
    void everyBadParameterIsNamedInOne422() {
        Api.bearer(team.token)
                .get("/api/v1/applications/" + slug + "/egress?from=2026/01/01&to=2026-11-21T00:00:00Z")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("from"))
                .body("error.fields", hasKey("to"));
        invalid("from=" + today.minusDays(36), "from");
        invalid("from=" + today.minusDays(1) + "&to=" + today.minusDays(2), "from");
        invalid("to=", "to");
    }

    private void invalid(String query, String field) {
        Api.bearer(team.token)
                .get("/api/v1/applications/" + slug + "/egress?" + query)
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
        Api.bearer(team.token)
                .get("/api/v1/applications/" + otherSlug + "/egress")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.bearer(team.token)
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/api/v1/applications/" + slug + "/egress")
                .then()
                .statusCode(405)
                .header("Allow", containsString("GET"))
                .body("error.code", equalTo("method_not_allowed"));
    }
}
