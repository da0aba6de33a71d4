package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.client.HostingErrors;
import dev.warden.client.generated.ApiClient;
import dev.warden.client.generated.ApiException;
import dev.warden.client.generated.ApiResponse;
import dev.warden.client.generated.api.ApplicationsApi;
import dev.warden.client.generated.model.Application;
import dev.warden.client.generated.model.ApplicationList;
import dev.warden.client.generated.model.DeployStatus;
import dev.warden.client.generated.model.Error;
import dev.warden.client.generated.model.HostStatus;
import dev.warden.client.generated.model.Instance;
import dev.warden.client.generated.model.Location;
import dev.warden.client.generated.model.ScaleStrategy;
import dev.warden.it.support.Api;
import dev.warden.it.support.ClientTeam;
import dev.warden.it.support.SharedDeployment;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Java client generated at build time from the committed {@code openapi/warden-hosting.yaml} (clients module)
 * against the running server: typed models and typed errors. Metrics, deploys, 422 and 429:
 * {@link OpenApiClientHostingIT}.
 */
@SharedDeployment
class OpenApiClientIT {

    private ClientTeam team;

    /** A generated-client {@link ApiClient} for the test server with {@code token} as bearer token. */
    static ApiClient client(String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(Api.baseUrl());
        if (token != null) {
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        }
        return client;
    }

    @BeforeEach
    void team() throws Exception {
        team = ClientTeam.create();
    }

    @Test
    void listApplicationsReadsTypedApplicationsLocationsAndInstances() throws Exception {
        ApiResponse<ApplicationList> response =
                new ApplicationsApi(client(team.token())).listApplicationsWithHttpInfo(null);
        assertEquals(200, response.getStatusCode());
        List<Application> apps = response.getData().getData();
        assertEquals(
                List.of(team.slug()), apps.stream().map(Application::getSlug).toList());
        Application app = apps.get(0);
        assertEquals(team.appId(), app.getId());
        assertEquals("Arena", app.getName());
        assertEquals(false, app.getMaintenanceMode());
        assertTrue(app.getCreatedAt().isBefore(OffsetDateTime.now().plusMinutes(1)));
        Location location = app.getLocations().get(0);
        assertEquals(team.locationId(), location.getId());
        assertEquals("fra", location.getRegion().getCode());
        assertEquals("Frankfurt", location.getRegion().getCity());
        assertEquals(HostStatus.READY, location.getStatus());
        assertEquals(ScaleStrategy.VERTICAL, location.getScaleStrategy());
        assertEquals(4096, location.getPlan().getRamMb());
        Instance instance = location.getInstances().get(0);
        assertEquals(team.instanceId(), instance.getId());
        assertEquals(DeployStatus.DEPLOYED, instance.getDeployStatus());
        assertEquals(
                OffsetDateTime.parse("2026-01-02T03:04:05Z").toInstant(),
                instance.getDeployedAt().toInstant());
    }

    @Test
    void aBadTokenIsATyped401() {
        ApiException e = assertThrows(
                ApiException.class, () -> new ApplicationsApi(client("wdn_not_a_token")).listApplications(null));
        assertEquals(401, e.getCode());
        Error error =
                HostingErrors.of(e).orElseThrow(() -> new AssertionError("no JSON error body: " + e.getResponseBody()));
        assertEquals("unauthenticated", error.getError().getCode());
        assertTrue(HostingErrors.header(e, "WWW-Authenticate").startsWith("Bearer"));
    }

    @Test
    void theGeneratedClientTargetsTheDocumentsServerUnlessTold() {
        assertEquals(URI.create("http://localhost:9080").toString(), new ApiClient().getBaseUri());
    }
}
