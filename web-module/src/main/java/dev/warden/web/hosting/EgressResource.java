package dev.warden.web.hosting;

import dev.warden.hosting.egress.EgressService;
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

/** {@code GET /api/v1/applications/{slug}/egress} (docs/hosting-api.md, "Requirements: Egress"). Logic in {@link EgressService}. */
@Path("applications/{slug}/egress")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class EgressResource {

    @EJB
    EgressService egress;

    @Inject
    HostingRequest hosting;

    /** 200 {@code {application, from, to, collected_at, locations}}; 404; 422. */
    @GET
    @HostingEndpoint(Endpoint.EGRESS)
    public JsonObject egress(@PathParam("slug") String slug, @Context UriInfo uri) {
        return egress.egress(hosting.access().teamId(), slug, uri.getQueryParameters());
    }
}
