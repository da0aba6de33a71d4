package dev.warden.web.hosting;

import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.metrics.MetricsService;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

/**
 * {@code GET /api/v1/applications/{slug}/metrics} and {@code .../metrics/current} (docs/hosting-api.md, "Requirements: Endpoints" and "Requirements: Parameters",
 * metrics). Logic in {@link MetricsService}.
 */
@Path("applications/{slug}/metrics")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class MetricsResource {

    @EJB
    MetricsService metrics;

    @Inject
    HostingRequest hosting;

    /** 200 {@code {application, window_minutes, locations: [{id, region, totals, instances}]}}; 404. */
    @GET
    @Path("current")
    @HostingEndpoint(Endpoint.METRICS_CURRENT)
    public JsonObject current(@PathParam("slug") String slug) {
        return metrics.current(hosting.access().teamId(), slug);
    }

    /** 200 {@code {application, resolution, from, to, locations: [{id, region, points}]}}; 404; 422. */
    @GET
    @HostingEndpoint(Endpoint.METRICS)
    public JsonObject history(@PathParam("slug") String slug, @Context UriInfo uri) {
        return metrics.history(hosting.access().teamId(), slug, uri.getQueryParameters());
    }
}
