package dev.warden.client;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.rest.client.RestClientBuilder;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The hosting API (docs/hosting-api.md, "Requirements: Endpoints") as a MicroProfile REST client. Methods answer the raw
 * {@link Response} so a caller (and {@link HostingPoller}) sees the status and the {@code Cache-Control},
 * {@code Retry-After}, {@code ETag} and {@code X-RateLimit-*} headers; read the JSON with
 * {@code response.readEntity(JsonObject.class)} or {@code String.class}. A null parameter is left out (the
 * server's default applies). Shapes and errors: {@code openapi/warden-hosting.yaml}.
 *
 * <p>With CDI: {@code @Inject @RestClient HostingApi api;} with {@code warden-hosting/mp-rest/url=https://...}
 * (the server's origin, without {@code /api/v1}) and {@code warden.hosting.token=wdn_...} in MicroProfile Config.
 * Without CDI: {@link #create(URI, String)}.
 */
@RegisterRestClient(configKey = "warden-hosting")
@RegisterProvider(ConfiguredBearerToken.class)
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface HostingApi {

    /** {@code GET /applications}: {@code {data: [Application]}}. */
    @GET
    @Path("applications")
    Response listApplications();

    /** {@code GET /applications/{slug}/metrics/current}. */
    @GET
    @Path("applications/{slug}/metrics/current")
    Response currentMetrics(@PathParam("slug") String slug);

    /**
     * {@code GET /applications/{slug}/metrics}.
     *
     * @param resolution {@code minute} (default) or {@code day}
     * @param from       ISO 8601 time, or null for the default window
     * @param to         ISO 8601 time (inclusive), or null for now
     * @param locationId a location of the application, or null for all
     */
    @GET
    @Path("applications/{slug}/metrics")
    Response metrics(
            @PathParam("slug") String slug,
            @QueryParam("resolution") String resolution,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("location_id") Long locationId);

    /** {@code GET /applications/{slug}/egress}; {@code from} and {@code to} are YYYY-MM-DD or null (last 30 days). */
    @GET
    @Path("applications/{slug}/egress")
    Response egress(@PathParam("slug") String slug, @QueryParam("from") String from, @QueryParam("to") String to);

    /** {@code GET /applications/{slug}/deploys}; {@code limit} 1 to 50, null for 20. */
    @GET
    @Path("applications/{slug}/deploys")
    Response deploys(@PathParam("slug") String slug, @QueryParam("limit") Integer limit);

    /** {@code GET /applications/{slug}/deploys/{id}}: {@code {data: Deploy with output}}. */
    @GET
    @Path("applications/{slug}/deploys/{id}")
    Response deploy(@PathParam("slug") String slug, @PathParam("id") long id);

    /** {@code GET /billing}. */
    @GET
    @Path("billing")
    Response billing();

    /**
     * {@code GET /applications/{slug}/instances/{id}/logs}: text/plain (errors are still JSON).
     *
     * @param lines  up to 500, rounded up to 100 or 500; null for 100
     * @param stream {@code all} (default), {@code out} or {@code err}
     */
    @GET
    @Path("applications/{slug}/instances/{id}/logs")
    @Produces({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    Response logs(
            @PathParam("slug") String slug,
            @PathParam("id") long id,
            @QueryParam("lines") Integer lines,
            @QueryParam("stream") String stream);

    /**
     * A client for the Warden server at {@code origin} (scheme, host and port, without {@code /api/v1}) that sends
     * {@code Authorization: Bearer <token>}. Needs a MicroProfile REST client implementation on the class path.
     */
    static HostingApi create(URI origin, String token) {
        return RestClientBuilder.newBuilder()
                .baseUri(origin)
                .register(new BearerToken(token))
                .build(HostingApi.class);
    }
}
