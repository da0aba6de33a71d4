package dev.warden.hosting.provider;

import jakarta.json.JsonArray;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The infrastructure provider's traffic API (docs/architecture.md, "Requirements: Hosting side", {@code InfrastructureProviderClient}).
 * Base URL: MicroProfile Config {@code warden.infrastructure/mp-rest/url} (env
 * {@code WARDEN_INFRASTRUCTURE_MP_REST_URL}); built per call by {@link ProviderClients}.
 */
@RegisterRestClient(configKey = InfrastructureProviderClient.CONFIG_KEY)
@Path("/servers")
public interface InfrastructureProviderClient extends AutoCloseable {

    /** The MicroProfile Rest Client config key: {@code warden.infrastructure/mp-rest/url} etc. */
    String CONFIG_KEY = "warden.infrastructure";

    /**
     * {@code GET /servers/{server_id}/traffic?from=YYYY-MM-DD&to=YYYY-MM-DD} (both inclusive, UTC days) →
     * {@code [{"date": "YYYY-MM-DD", "outgoing_bytes": n, "incoming_bytes": n}]}, one element per day the
     * provider has figures for (the current day still growing). Parsed by {@link ProviderPayloads#traffic}.
     */
    @GET
    @Path("/{server_id}/traffic")
    @Produces(MediaType.APPLICATION_JSON)
    JsonArray traffic(
            @PathParam("server_id") String serverId, @QueryParam("from") String from, @QueryParam("to") String to);
}
