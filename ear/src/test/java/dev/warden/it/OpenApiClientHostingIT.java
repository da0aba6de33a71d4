package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.client.HostingErrors;
import dev.warden.client.PollingRule;
import dev.warden.client.generated.ApiClient;
import dev.warden.client.generated.ApiException;
import dev.warden.client.generated.api.DeploysApi;
import dev.warden.client.generated.api.MetricsApi;
import dev.warden.client.generated.model.CurrentLocationMetrics;
import dev.warden.client.generated.model.CurrentMetrics;
import dev.warden.client.generated.model.Deploy;
import dev.warden.client.generated.model.DeployDetail;
import dev.warden.client.generated.model.DeployList;
import dev.warden.client.generated.model.DeployStatus;
import dev.warden.client.generated.model.Error;
import dev.warden.client.generated.model.InstanceSample;
import dev.warden.client.generated.model.MetricsHistory;
import dev.warden.client.generated.model.MetricsPoint;
import dev.warden.client.generated.model.ProcessStatus;
import dev.warden.client.generated.model.Resolution;
import dev.warden.it.support.ClientTeam;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generated Java client (clients module, from {@code openapi/warden-hosting.yaml}) on the endpoints the
 * hosting endpoints: current metrics, metrics history with parameters, deploys, a 422 and a 429, errors read back
 * as the generated {@link Error} model. Data goes straight into the cross-team contract tables
 * ({@code warden_metric_samples}, {@code warden_deploys}).
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class OpenApiClientHostingIT {

    private ClientTeam team;
    private ApiClient client;
    private OffsetDateTime minute;

    @BeforeEach
    void team() throws Exception {
        team = ClientTeam.create();
        client = OpenApiClientIT.client(team.token());
        minute = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
    }

    private void sample(OffsetDateTime at, int ccu, double cpu) throws Exception {
        TestDb.update(
                "INSERT INTO warden_metric_samples (instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent, processes) "
                        + "VALUES (?, ?::timestamptz, ?, 3, ?, 63.2, ?::jsonb)",
                team.instanceId(),
                at.toString(),
                ccu,
                cpu,
                "[{\"id\":1,\"status\":\"online\",\"started_at\":\"2026-11-20T16:02:30Z\",\"restarts\":0,\"cpu_percent\":20.1,"
                        + "\"memory_mb\":312.5,\"ccu\":" + ccu + ",\"rooms\":3,\"node_version\":\"20.11.1\"}]");
    }

    private long deploy(String status, String commit, OffsetDateTime started, String output) throws Exception {
        return TestDb.insert(
                "INSERT INTO warden_deploys (application_id, status, branch, commit, message, output, started_at, finished_at) "
                        + "VALUES (?, ?, 'main', ?, 'msg', ?, ?::timestamptz, ?::timestamptz) RETURNING id",
                team.appId(),
                status,
                commit,
                output,
                started.toString(),
                "deployed".equals(status) ? started.plusMinutes(1).toString() : null);
    }

    @Test
    void currentMetricsAreTyped() throws Exception {
        sample(minute.minusMinutes(1), 12, 41.5);
        CurrentMetrics current = new MetricsApi(client).getCurrentMetrics(team.slug(), null);
        assertEquals(team.slug(), current.getApplication());
        assertEquals(5, current.getWindowMinutes());
        CurrentLocationMetrics location = current.getLocations().get(0);
        assertEquals("fra", location.getRegion());
        assertEquals(12, location.getTotals().getCcu());
        InstanceSample instance = location.getInstances().get(0);
        assertEquals(team.instanceId(), instance.getId());
        assertEquals(41.5, instance.getCpuPercent());
        assertEquals(ProcessStatus.ONLINE, instance.getProcesses().get(0).getStatus());
    }

    @Test
    void metricsHistoryWithResolutionWindowAndLocation() throws Exception {
        sample(minute.minusMinutes(3), 10, 30.0);
        sample(minute.minusMinutes(2), 14, 35.0);
        MetricsHistory history = new MetricsApi(client)
                .getMetricsHistory(
                        team.slug(), Resolution.MINUTE, minute.minusMinutes(10), minute, team.locationId(), null);
        assertEquals(Resolution.MINUTE, history.getResolution());
        assertEquals(minute.minusMinutes(10).toInstant(), history.getFrom().toInstant());
        assertEquals(1, history.getLocations().size());
        assertEquals(team.locationId(), history.getLocations().get(0).getId());
        List<MetricsPoint> points = history.getLocations().get(0).getPoints();
        MetricsPoint at3 = points.stream()
                .filter(p ->
                        p.getTime().toInstant().equals(minute.minusMinutes(3).toInstant()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no point at " + minute.minusMinutes(3) + ": " + points));
        assertEquals(10, at3.getCcu());

        MetricsHistory days =
                new MetricsApi(client).getMetricsHistory(team.slug(), Resolution.DAY, null, null, null, null);
        assertEquals(Resolution.DAY, days.getResolution());
        for (MetricsPoint p : days.getLocations().get(0).getPoints()) {
            assertEquals(
                    p.getTime().toInstant().truncatedTo(ChronoUnit.DAYS),
                    p.getTime().toInstant(),
                    "day points are midnight UTC");
        }
    }

    @Test
    void deploysListAndOneDeployWithOutput() throws Exception {
        long older = deploy("deployed", "41d07e1", minute.minusHours(2), "old output\n");
        long newer = deploy("deploying", "9f3c2ab", minute.minusMinutes(5), "npm ci\n");
        DeployList list = new DeploysApi(client).listDeploys(team.slug(), 1, null);
        assertEquals(team.slug(), list.getApplication());
        assertEquals(List.of(newer), list.getData().stream().map(Deploy::getId).toList());
        assertEquals(DeployStatus.DEPLOYING, list.getData().get(0).getStatus());
        assertNull(list.getData().get(0).getFinishedAt());
        assertEquals(
                2,
                new DeploysApi(client)
                        .listDeploys(team.slug(), null, null)
                        .getData()
                        .size());

        DeployDetail detail =
                new DeploysApi(client).getDeploy(team.slug(), older, null).getData();
        assertEquals("41d07e1", detail.getCommit());
        assertEquals("old output\n", detail.getOutput());
        assertNotNull(detail.getFinishedAt());

        ApiException missing = assertThrows(
                ApiException.class, () -> new DeploysApi(client).getDeploy(team.slug(), older + 100000, null));
        assertEquals(404, missing.getCode());
        assertEquals(
                "not_found", HostingErrors.of(missing).orElseThrow().getError().getCode());
    }

    @Test
    void invalidParametersAreATyped422NamingTheParameter() {
        ApiException limit =
                assertThrows(ApiException.class, () -> new DeploysApi(client).listDeploys(team.slug(), 51, null));
        assertEquals(422, limit.getCode());
        Error error = HostingErrors.of(limit).orElseThrow(() -> new AssertionError(limit.getResponseBody()));
        assertEquals("invalid_request", error.getError().getCode());
        assertTrue(
                error.getError().getFields().containsKey("limit"),
                String.valueOf(error.getError().getFields()));

        ApiException tooOld = assertThrows(ApiException.class, () -> new MetricsApi(client)
                .getMetricsHistory(team.slug(), Resolution.DAY, minute.minusDays(40), null, null, null));
        assertEquals(422, tooOld.getCode());
        assertTrue(HostingErrors.of(tooOld).orElseThrow().getError().getFields().containsKey("from"));
    }

    @Test
    void pastTheMetricsLimitIsATyped429WithRetryAfter() throws Exception {
        MetricsApi metrics = new MetricsApi(client);
        HostingTeam.awaitWindowWithAtLeast(20); // all requests in one rate-limit minute
        ApiException limited = null;
        for (int i = 0;
                i < 12 && limited == null;
                i++) { // 10 a minute per team (docs/hosting-api.md, "Requirements: Limits")
            try {
                metrics.getMetricsHistory(team.slug(), null, null, null, null, null);
            } catch (ApiException e) {
                limited = e;
            }
        }
        assertNotNull(limited, "no 429 after 12 metrics requests in a minute");
        assertEquals(429, limited.getCode());
        Error error =
                HostingErrors.of(limited).orElseThrow(() -> new AssertionError("429 without the JSON error body"));
        assertEquals("rate_limited", error.getError().getCode());
        String retryAfter = HostingErrors.header(limited, "Retry-After");
        assertTrue(retryAfter != null && retryAfter.matches("\\d+"), "Retry-After: " + retryAfter);
        assertEquals("10", HostingErrors.header(limited, "X-RateLimit-Limit"));
        assertEquals("0", HostingErrors.header(limited, "X-RateLimit-Remaining"));
        PollingRule.Decision next = PollingRule.after(429, null, retryAfter);
        assertEquals(PollingRule.Kind.RETRY, next.kind());
        assertEquals(Math.max(5, Long.parseLong(retryAfter)), next.delay().toSeconds());
    }
}
