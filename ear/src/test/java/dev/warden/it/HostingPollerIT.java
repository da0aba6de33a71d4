package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.client.HostingApi;
import dev.warden.client.HostingErrors;
import dev.warden.client.HostingPoller;
import dev.warden.client.PollingRule;
import dev.warden.client.generated.api.ApplicationsApi;
import dev.warden.it.support.Api;
import dev.warden.it.support.ClientTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.io.File;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.rest.client.RestClientBuilder;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HostingPoller} over real HTTP: against the simulator playing the overloaded proxy in front of the
 * API (plain-text 429/502/504 with and without {@code Retry-After}; {@code ProxyFaultResource}), and against the real
 * {@code /api/v1/applications} through the hand-written {@link HostingApi} MicroProfile REST client and the generated
 * client. Waiting is recorded on a fake clock, not slept: the polling rule's timing is HostingPollerTest's subject,
 * here the point is what the poller reads from real answers.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class HostingPollerIT {

    /** The simulator WAR under its own name (its context root), so it never clashes with another copy on the server. */
    private static final String SIMULATOR = "proxy-faults";

    private FakeClock clock;
    private List<Duration> waits;

    /** Beside the shared EAR: its own name and context root, so it never clashes with it. */
    @Deployment(name = "simulator", testable = false)
    static WebArchive simulator() {
        File war = new File(System.getProperty("warden.it.simulator", "../simulator/target/warden-simulator.war"));
        if (!war.isFile()) {
            throw new IllegalStateException("Build the simulator first: " + war.getAbsolutePath() + " is missing");
        }
        return ShrinkWrap.create(WebArchive.class, SIMULATOR + ".war")
                .merge(ShrinkWrap.createFromZipFile(WebArchive.class, war));
    }

    /** The proxy-fault endpoints as a MicroProfile REST client (errors arrive as WebApplicationException). */
    @Path("/proxy-faults")
    public interface ProxyFaults {
        /** One answer with {@code status}. */
        @GET
        @Path("{status}")
        Response fault(@PathParam("status") int status, @QueryParam("retry_after") String retryAfter);
    }

    static final class FakeClock extends Clock {
        Instant now = Instant.parse("2026-11-21T12:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @BeforeEach
    void clock() {
        clock = new FakeClock();
        waits = new ArrayList<>();
    }

    private HostingPoller poller(HostingPoller.Request request) {
        return HostingPoller.of(request, clock, d -> {
            waits.add(d);
            clock.now = clock.now.plus(d);
        });
    }

    private static URI simulator(String pathAndQuery) {
        return URI.create(Api.baseUrl() + "/" + SIMULATOR + "/proxy-faults/" + pathAndQuery);
    }

    private static long seconds(Duration d) {
        return d.toSeconds();
    }

    @Test
    void theProxysPlainTextAnswersAreRetriedByTheRule() throws Exception {
        String steps = "429;retry=3,502,504;retry=40,503;retry=soon,429,200;max-age=30,401";
        URI uri = simulator(
                "script/poller-" + TestDb.unique() + "?steps=" + URLEncoder.encode(steps, StandardCharsets.UTF_8));
        List<HostingPoller.Poll> polls = new ArrayList<>();
        HostingPoller.Poll last = poller(HostingPoller.http(HttpClient.newHttpClient(), uri, "wdn_any"))
                .run(polls::add);

        assertEquals(
                List.of(429, 502, 504, 503, 429, 200, 401),
                polls.stream().map(p -> p.reply().status()).toList());
        assertEquals("Too Many Requests", polls.get(0).reply().body());
        assertEquals("Bad Gateway", polls.get(1).reply().body());
        assertEquals("Gateway Timeout", polls.get(2).reply().body());
        assertTrue(!polls.get(1).reply().json(), "the proxy answers plain text");
        // 3 -> floor 5; 502 without Retry-After -> 30; 40; "soon" is not seconds -> 30; 429 without -> 30; max-age 30
        assertEquals(
                List.of(5L, 30L, 40L, 30L, 30L, 30L),
                waits.stream().map(HostingPollerIT::seconds).toList());
        assertEquals(PollingRule.Kind.STOP, last.decision().kind());
        assertEquals(401, last.reply().status());
    }

    @Test
    void theMicroProfileRestClientPathReadsPlainTextErrorsFromItsExceptions() throws Exception {
        ProxyFaults faults = RestClientBuilder.newBuilder()
                .baseUri(URI.create(Api.baseUrl() + "/" + SIMULATOR))
                .build(ProxyFaults.class);
        record Case(int status, String retryAfter, long expectedWait) {}
        for (Case c : List.of(
                new Case(429, "12", 12),
                new Case(429, null, 30),
                new Case(502, "2", 5),
                new Case(502, null, 30),
                new Case(504, "60", 60),
                new Case(504, "Wed, 21 Oct 2026 07:28:00 GMT", 30))) {
            HostingPoller.Poll poll = poller(HostingPoller.restClient(() -> faults.fault(c.status(), c.retryAfter())))
                    .poll();
            assertEquals(c.status(), poll.reply().status(), c.toString());
            assertEquals(PollingRule.Kind.RETRY, poll.decision().kind(), c.toString());
            assertEquals(c.expectedWait(), poll.decision().delay().toSeconds(), c.toString());
            assertNull(poll.failure());
        }
        HostingPoller.Poll notFound =
                poller(HostingPoller.restClient(() -> faults.fault(404, "5"))).poll();
        assertEquals(PollingRule.Kind.STOP, notFound.decision().kind());
    }

    @Test
    void pollingTheRealApiThroughHostingApi() throws Exception {
        ClientTeam team = ClientTeam.create();
        HostingApi api = HostingApi.create(URI.create(Api.baseUrl()), team.token());
        HostingPoller.Poll ok =
                poller(HostingPoller.restClient(api::listApplications)).poll();
        assertEquals(200, ok.reply().status(), ok.reply().body());
        assertTrue(ok.reply().body().contains(team.slug()), ok.reply().body());
        assertEquals(PollingRule.Kind.SUCCESS, ok.decision().kind());
        long expected = Math.max(
                5,
                PollingRule.maxAge(ok.reply().header("Cache-Control"))
                        .orElseThrow(() -> new AssertionError("no max-age on a cached answer"))
                        .toSeconds());
        assertEquals(expected, ok.decision().delay().toSeconds(), "max-age (or the 60 s fallback), at least 5 s");

        HostingApi revoked = HostingApi.create(URI.create(Api.baseUrl()), "wdn_revoked_or_never_was");
        HostingPoller stopped = poller(HostingPoller.restClient(revoked::listApplications));
        List<HostingPoller.Poll> polls = new ArrayList<>();
        HostingPoller.Poll last = stopped.run(polls::add);
        assertEquals(1, polls.size(), "401 is not retried");
        assertEquals(401, last.reply().status());
        assertTrue(
                last.reply().json() && last.reply().body().contains("unauthenticated"),
                last.reply().body());
        assertEquals(List.of(), waits);
    }

    @Test
    void pollingTheRealApiThroughTheGeneratedClient() throws Exception {
        ClientTeam team = ClientTeam.create();
        ApplicationsApi apps = new ApplicationsApi(OpenApiClientIT.client(team.token()));
        HostingPoller poller = poller(HostingErrors.generated(() -> apps.listApplicationsWithHttpInfo(null)));
        HostingPoller.Poll first = poller.poll();
        HostingPoller.Poll second = poller.poll();
        assertEquals(200, first.reply().status());
        assertEquals(200, second.reply().status());
        assertEquals(List.of(first.decision().delay()), waits, "the second request waited the first answer's delay");
    }

    @Test
    void theOpenApiDocumentLeavesTheSimulatorOut() {
        io.restassured.response.Response doc =
                Api.anonymous().accept("application/json").get("/openapi");
        assertEquals(200, doc.statusCode());
        java.util.Map<String, Object> paths = doc.jsonPath().getMap("paths");
        assertTrue(paths.containsKey("/api/v1/applications"), paths.keySet().toString());
        assertTrue(
                paths.keySet().stream().noneMatch(p -> p.contains("proxy-faults") || p.contains("status")),
                "another application's routes in /openapi: " + paths.keySet());
    }

    @Test
    void aRefusedConnectionIsRetriedAfterThirtySeconds() throws Exception {
        HostingPoller.Poll poll = poller(
                        HostingPoller.http(HttpClient.newHttpClient(), URI.create("http://127.0.0.1:9/"), null))
                .poll();
        assertNull(poll.reply());
        assertTrue(poll.failure() instanceof java.io.IOException, String.valueOf(poll.failure()));
        assertEquals(PollingRule.Kind.RETRY, poll.decision().kind());
        assertEquals(30, poll.decision().delay().toSeconds());
    }
}
