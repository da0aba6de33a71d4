package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The hosting API response cache (docs/hosting-api.md, "Requirements: Limits" rules 3 and 6; the table's "Refreshes every"):
 * per team and request, the same body within the interval, {@code Cache-Control: private, max-age} decreasing,
 * {@code ETag} with {@code If-None-Match} giving 304, cached answers and 304s still counted, state in PostgreSQL.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class HostingCacheIT {

    private static final Pattern MAX_AGE = Pattern.compile("private, max-age=(\\d+)");

    private static long maxAge(Response response) {
        String header = response.header("Cache-Control");
        assertNotNull(header, "Cache-Control");
        Matcher m = MAX_AGE.matcher(header);
        assertTrue(m.matches(), header);
        return Long.parseLong(m.group(1));
    }

    @Test
    void pollingFasterReturnsTheSameBodyWithADecreasingMaxAge() throws Exception {
        HostingTeam t = HostingTeam.create();
        Response first = Api.bearer(t.token()).get("/api/v1/applications");
        first.then().statusCode(200);
        long age1 = maxAge(first);
        assertTrue(age1 >= 58 && age1 <= 60, "applications refresh every 60 s: " + age1);
        String etag = first.header("ETag");
        assertTrue(etag != null && etag.matches("\"[0-9a-f]{32}\""), etag);
        assertEquals("App", first.jsonPath().getString("data[0].name"));

        TestDb.update("UPDATE warden_applications SET name = 'Renamed' WHERE id = ?", t.app());
        Thread.sleep(2100); // not a poll: max-age must visibly count down while the cached body stays
        Response second = Api.bearer(t.token()).get("/api/v1/applications");
        second.then().statusCode(200);
        assertEquals(first.asString(), second.asString(), "the cached body until the refresh");
        assertEquals(etag, second.header("ETag"));
        assertTrue(second.contentType().startsWith("application/json"), second.contentType());
        long age2 = maxAge(second);
        assertTrue(age2 < age1 && age2 >= age1 - 4, "max-age decreases: " + age1 + " then " + age2);

        // the interval ends (expire the entry instead of waiting a minute): the next answer is fresh
        TestDb.update(
                "UPDATE warden_response_cache SET expires_at = now() - interval '1 second' WHERE team_id = ?",
                t.team());
        Response third = Api.bearer(t.token()).get("/api/v1/applications");
        assertEquals("Renamed", third.jsonPath().getString("data[0].name"));
        assertNotEquals(etag, third.header("ETag"));
        assertTrue(maxAge(third) >= 58);
    }

    @Test
    void ifNoneMatchGives304AndStillCounts() throws Exception {
        HostingTeam t = HostingTeam.create();
        HostingTeam.awaitWindowWithAtLeast(15);
        Response first = Api.bearer(t.token()).get("/api/v1/applications");
        String etag = first.header("ETag");
        assertEquals("59", first.header("X-RateLimit-Remaining"));

        Response notModified =
                Api.bearer(t.token()).header("If-None-Match", etag).get("/api/v1/applications");
        assertEquals(304, notModified.statusCode());
        assertEquals("", notModified.asString());
        assertEquals(etag, notModified.header("ETag"));
        assertTrue(maxAge(notModified) <= 60);
        assertEquals("58", notModified.header("X-RateLimit-Remaining"), "a 304 still counts");

        Api.bearer(t.token())
                .header("If-None-Match", "W/" + etag)
                .get("/api/v1/applications")
                .then()
                .statusCode(304);
        Response changed = Api.bearer(t.token())
                .header("If-None-Match", "\"something-else\"")
                .get("/api/v1/applications");
        changed.then().statusCode(200);
        assertEquals(first.asString(), changed.asString());
        assertEquals("56", changed.header("X-RateLimit-Remaining"), "a cached 200 still counts");

        // a miss answered with If-None-Match naming the new tag is 304 as well
        TestDb.update(
                "UPDATE warden_response_cache SET expires_at = now() - interval '1 second' WHERE team_id = ?",
                t.team());
        Api.bearer(t.token())
                .header("If-None-Match", etag)
                .get("/api/v1/applications")
                .then()
                .statusCode(304);
    }

    @Test
    void theCacheIsPerTeamAndSharedByTheTeamsTokens() throws Exception {
        HostingTeam a = HostingTeam.create();
        HostingTeam b = HostingTeam.create();
        String aBody = Api.bearer(a.token()).get("/api/v1/applications").asString();
        String bBody = Api.bearer(b.token()).get("/api/v1/applications").asString();
        assertTrue(aBody.contains(a.slug()) && !aBody.contains(b.slug()), aBody);
        assertTrue(bBody.contains(b.slug()) && !bBody.contains(a.slug()), bBody);
        TestDb.update("UPDATE warden_applications SET name = 'Changed' WHERE id = ?", a.app());
        assertEquals(
                aBody,
                Api.bearer(a.newToken(a.owner())).get("/api/v1/applications").asString(),
                "another token of the team gets the team's cached answer");
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_response_cache WHERE team_id = ?", a.team()));
    }

    @Test
    void errorsAreNeverCached() throws Exception {
        HostingTeam t = HostingTeam.create();
        Response unauthenticated = Api.bearer("wdn_nope").get("/api/v1/applications");
        unauthenticated.then().statusCode(401);
        assertEquals("no-store", unauthenticated.header("Cache-Control"));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_response_cache WHERE team_id = ?", t.team()));
    }
}
