package dev.warden.hosting.provider;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.io.InputStream;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * An instance agent's log API (docs/architecture.md, "Requirements: Hosting side", {@code InstanceAgentClient}). The base URL is the
 * instance's {@code endpoint} column, so {@link ProviderClients#agent} builds a client per call with
 * {@code RestClientBuilder}; only the timeouts come from MicroProfile Config
 * ({@code warden.agent/mp-rest/connectTimeout}, {@code warden.agent/mp-rest/readTimeout}).
 */
@RegisterRestClient(configKey = InstanceAgentClient.CONFIG_KEY)
public interface InstanceAgentClient extends AutoCloseable {

    /** The config key of the timeouts: {@code warden.agent/mp-rest/readTimeout} etc. */
    String CONFIG_KEY = "warden.agent";

    /**
     * {@code GET /logs?lines=100|500&stream=all|out|err} → {@code text/plain}: the newest {@code lines} lines
     * of the process output (stdout, stderr or both interleaved), oldest first, possibly with ANSI colour
     * codes. The stream is read by the caller and closed.
     */
    @GET
    @Path("/logs")
    InputStream logs(@QueryParam("lines") int lines, @QueryParam("stream") String stream);
}
