package dev.warden.web.hosting;

import dev.warden.hosting.deploys.DeployService;
import dev.warden.hosting.limits.Endpoint;
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
 * {@code GET /api/v1/applications/{slug}/deploys} and {@code .../deploys/{id}} (docs/hosting-api.md, "Requirements: Deploy").
 * Logic in {@link DeployService}.
 */
@Path("applications/{slug}/deploys")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class DeploysResource {

    @EJB
    DeployService deploys;

    @Inject
    HostingRequest hosting;

    /** 200 {@code {application, data: [Deploy without output]}}, most recent first; 404; 422 for {@code limit}. */
    @GET
    @HostingEndpoint(Endpoint.DEPLOYS)
    public JsonObject list(@PathParam("slug") String slug, @Context UriInfo uri) {
        return deploys.list(hosting.access().teamId(), slug, uri.getQueryParameters());
    }

    /** 200 {@code {data: Deploy with output}}; 404 for no such deploy of the application. */
    @GET
    @Path("{id}")
    @HostingEndpoint(Endpoint.DEPLOY)
    public JsonObject get(@PathParam("slug") String slug, @PathParam("id") String id) {
        return deploys.get(hosting.access().teamId(), slug, id);
    }
}
